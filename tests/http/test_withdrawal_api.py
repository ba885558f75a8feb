"""Withdrawal from a purchase through the API and the sandbox gateway (issue 34.2), on
SQLite and PostgreSQL: what it would do, doing it once, and the refusals."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from threading import Barrier

import pytest
from flask import Flask
from sqlalchemy import select, update

from adapters.container import Container
from adapters.http.session import COOKIE
from adapters.sql.tables import credit_ledger, order_refunds, orders, sandbox_payments
from domain.credits import EntryKind
from domain.pricing import Bundle
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up
from tests.http.test_shop_api import EUR, age_account, pay
from tests.mails import plain_text, read_mail


@pytest.fixture
def shopper(app: Flask) -> tuple[ApiClient, int]:
    """Ann, on a site selling 100 credits for EUR 14.99 (and 250 for 29.99)."""
    with app.extensions["amora"].unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="EUR") for c, p in EUR])
        work.commit()
    return signed_up(app, "Ann", "female", "male")


def bought(app: Flask, ann: ApiClient, ann_id: int, spent: int = 0) -> tuple[int, str]:
    """A paid order of 100 credits at the full EUR 14.99, and ``spent`` of its credits
    sent on (after the sign-up bonus, which is spent first)."""
    age_account(app, ann_id, hours=100)  # no time bonus: the full price
    bonus = ann.get("/api/user").json["user"]["credits"]
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    order, payment = pay(ann, bundle)
    ApiClient(ann.application).post("/api/payments/webhook/sandbox", data={"id": payment})
    if bonus + spent:
        with app.extensions["amora"].unit_of_work() as work:
            work.ledger.apply(ann_id, EntryKind.MESSAGE, -(bonus + spent), "test:spent",
                              "messages", datetime.now(UTC))
            work.commit()
    assert ann.get("/api/user").json["user"]["credits"] == 100 - spent
    return order, payment


def mails(container: Container) -> list[EmailMessage]:
    return [read_mail(path)
            for path in sorted(container.config().mail_dir.glob("*.eml"))]


def test_withdrawing_refunds_the_unused_credits_once(app: Flask, container: Container,
                                                     shopper: tuple[ApiClient, int]) -> None:
    ann, ann_id = shopper
    order, payment = bought(app, ann, ann_id, spent=40)
    seen = ann.get(f"/api/orders/{order}/withdrawal")
    assert seen.status_code == 200, seen.json
    preview = seen.json
    assert preview["withdrawable"] is True and preview["refused"] is None
    # 60 of 100 credits unused, at 14.99 / 100 a credit: 899.4 cents, rounded up.
    assert (preview["unused"], preview["used"], preview["refund"], preview["paid"]) == (
        60, 40, 900, 1499)
    assert preview["until"] and preview["withdrawal"] is None

    done = ann.post(f"/api/orders/{order}/withdrawal", json={"refund": 900})
    assert done.status_code == 201, done.json
    assert done.json["balance"] == 0 and done.json["order_status"] == "paid"
    assert done.json["withdrawal"]["refund_state"] == "refunded"
    assert (done.json["withdrawal"]["credits"], done.json["withdrawal"]["refund"]) == (60, 900)
    assert ann.get("/api/user").json["user"]["credits"] == 0

    again = ann.post(f"/api/orders/{order}/withdrawal")
    assert again.status_code == 409 and again.json["error"] == "already_withdrawn"
    after = ann.get(f"/api/orders/{order}/withdrawal").json
    assert after["withdrawable"] is False and after["refused"]["error"] == "already_withdrawn"
    assert after["withdrawal"]["refund"] == 900

    engine = app.extensions["amora"].engine()
    with engine.connect() as connection:
        assert connection.execute(select(sandbox_payments.c.refunded).where(
            sandbox_payments.c.id == payment)).scalar_one() == 900
        refund = connection.execute(select(order_refunds).where(
            order_refunds.c.order_id == order)).one()
        assert (refund.kind, refund.actor, refund.amount, refund.credits) == (
            "withdrawn", "member", 900, 60)
        assert connection.execute(select(orders.c.refunded).where(
            orders.c.id == order)).scalar_one() == 900

    container.withdrawals().acknowledge(order)  # the mail job
    [mail] = mails(container)  # in the member's language (Dutch here)
    assert str(mail["Subject"]) == f"Je herroeping van bestelling {order} bij Amora"
    assert mail["To"] == "ann@example.com"
    text = plain_text(mail)
    assert "Terugbetaling: EUR 9.00" in text
    assert "Teruggenomen ongebruikte credits: 60" in text and "betaald): 40" in text


def test_no_withdrawal_after_14_days_of_unpaid_or_anothers_orders(
        app: Flask, shopper: tuple[ApiClient, int]) -> None:
    ann, ann_id = shopper
    order, _ = bought(app, ann, ann_id)
    with app.extensions["amora"].engine().begin() as connection:
        connection.execute(update(orders).where(orders.c.id == order).values(
            paid_at=datetime.now(UTC) - timedelta(days=16)))
    late = ann.post(f"/api/orders/{order}/withdrawal")
    assert late.status_code == 409 and late.json["error"] == "withdrawal_period_over"
    seen = ann.get(f"/api/orders/{order}/withdrawal").json
    assert seen["withdrawable"] is False and seen["refused"]["error"] == "withdrawal_period_over"
    assert ann.get("/api/user").json["user"]["credits"] == 100  # nothing moved

    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    unpaid, _ = pay(ann, bundle, "pending")
    refused = ann.post(f"/api/orders/{unpaid}/withdrawal")
    assert refused.status_code == 409 and refused.json["error"] == "order_not_withdrawable"

    bob, _ = signed_up(app, "Bob", "male", "female")
    for answer in (bob.get(f"/api/orders/{order}/withdrawal"),
                   bob.post(f"/api/orders/{order}/withdrawal"),
                   ann.post("/api/orders/999999/withdrawal")):
        assert answer.status_code == 404 and answer.json["error"] == "order_not_found"
    assert ApiClient(app).post(f"/api/orders/{order}/withdrawal").status_code == 403


def test_a_changed_refund_or_a_bad_body_changes_nothing(app: Flask,
                                                        shopper: tuple[ApiClient, int]) -> None:
    ann, ann_id = shopper
    order, _ = bought(app, ann, ann_id, spent=10)
    changed = ann.post(f"/api/orders/{order}/withdrawal", json={"refund": 1499})
    assert changed.status_code == 409 and changed.json["error"] == "withdrawal_changed"
    assert changed.json["params"]["refund"] == 1350  # 90 credits: 1349.1 rounded up
    for body in ({"refund": -1}, {"refund": "all"}, {"refund": 1, "more": 2}, [1]):
        bad = ann.post(f"/api/orders/{order}/withdrawal", json=body)
        assert bad.status_code == 400, (body, bad.json)
    assert ann.get("/api/user").json["user"]["credits"] == 90
    assert ann.get(f"/api/orders/{order}/withdrawal").json["withdrawable"] is True
    # The path API.md agreed wants the confirmation in the body.
    unconfirmed = ann.post(f"/api/transactions/{order}/withdraw", json={"confirm": False})
    assert unconfirmed.status_code == 400
    assert unconfirmed.json["error"] == "withdrawal_not_confirmed"
    done = ann.post(f"/api/transactions/{order}/withdraw", json={"confirm": True,
                                                                 "refund": 1350})
    assert done.status_code == 201, done.json
    assert (done.json["refunded_amount"], done.json["credits_taken"]) == (1350, 90)


def test_two_withdrawals_at_once_refund_once(app: Flask, shopper: tuple[ApiClient, int]) -> None:
    """Two tabs (or a double click) send the withdrawal together: one is kept, the other
    is refused; the money and the credits move once."""
    ann, ann_id = shopper
    order, payment = bought(app, ann, ann_id, spent=30)
    cookie = ann.get_cookie(COOKIE)
    assert cookie is not None
    start = Barrier(4)

    def withdraw(_: int) -> tuple[int, str | None]:
        client = ApiClient(app)
        client.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
        start.wait()
        answer = client.post(f"/api/orders/{order}/withdrawal")
        return answer.status_code, (answer.json or {}).get("error")

    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = sorted(pool.map(withdraw, range(4)), key=lambda a: a[0])
    assert answers[0] == (201, None)
    assert answers[1:] == [(409, "already_withdrawn")] * 3
    engine = app.extensions["amora"].engine()
    with engine.connect() as connection:
        assert connection.execute(select(sandbox_payments.c.refunded).where(
            sandbox_payments.c.id == payment)).scalar_one() == 1050  # 70 credits
        assert len(connection.execute(select(order_refunds).where(
            order_refunds.c.order_id == order)).all()) == 1
        assert connection.execute(select(credit_ledger.c.amount).where(
            credit_ledger.c.member_id == ann_id,
            credit_ledger.c.kind == EntryKind.REVOKE.value)).scalars().all() == [-70]
    assert ann.get("/api/user").json["user"]["credits"] == 0
