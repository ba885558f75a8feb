"""The shop on in-memory ports and a recording gateway: bundles by currency, the time
bonus, orders and the gateway's reports (credits exactly once, taken back on a refund),
repeats and refunds. Discount codes: test_shop_discounts.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.ports.events import CreditsChanged, PaymentSettled
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.orders import OrderStatus
from domain.pricing import DiscountKind
from tests.application.memory import MemoryJobs, MemoryUnitOfWork
from tests.application.people import NOW, add_member, balance
from tests.application.till import add_code, order_of, till


def test_members_see_their_currencys_bundles_and_visitors_their_countrys() -> None:
    t = till()
    offer = t.shop.bundles(t.ann)
    assert [(b.credits, b.price, b.discounted_price) for b in offer.bundles] == [
        (100, 1000, 1000), (300, 2400, 2400)]
    assert offer.bundles[1].saving_percentage == 20 and offer.discount is None
    assert [b.currency for b in t.shop.bundles(None, "amora.test", "US").bundles] == ["USD"]
    assert [b.currency for b in t.shop.bundles(None, "amora.test", "SE").bundles] == [
        "EUR", "EUR"]  # no SEK bundles: euros
    with pytest.raises(DomainError, match="bundle_not_found"):
        t.shop.start(t.ann, 3, "ideal")  # the USD bundle is not on offer to Ann
    with pytest.raises(DomainError, match="invalid_payment_method"):
        t.shop.start(t.ann, 1, "klarna")
    assert [m.id for m in t.shop.methods(t.ann, 1).methods] == ["ideal", "creditcard"]


def test_a_new_member_pays_the_time_bonus_price() -> None:
    t = till(created_at=NOW - timedelta(hours=1))
    offer = t.shop.bundles(t.ann)
    assert offer.discount is not None and offer.discount.kind is DiscountKind.TIME_BONUS
    assert [b.discounted_price for b in offer.bundles] == [750, 1800]
    started = t.shop.start(t.ann, 1, "ideal")
    assert t.store.orders[started.order].amount == 750 == t.gateway.requests[0].amount
    assert t.gateway.requests[0].webhook_url == "https://amora.test/api/payments/webhook/sandbox"


def test_a_paid_order_adds_its_credits_once_and_makes_the_member_premium() -> None:
    t = till()
    started = t.shop.start(t.ann, 2, "ideal")
    assert t.store.orders[started.order].status is OrderStatus.OPEN
    t.pay(started.payment_id, "pending")
    assert balance(t.store, t.ann) == 0
    t.pay(started.payment_id)
    t.pay(started.payment_id)  # the webhook again
    assert balance(t.store, t.ann) == 300
    assert t.store.members[t.ann.id].paid_user
    assert PaymentSettled(started.order, OrderStatus.PAID) in t.bus.to(t.ann)
    assert CreditsChanged(300) in t.bus.to(t.ann)
    assert ("notify", ("payment_receipt", t.ann.id, {"order": started.order})) in t.store.jobs
    t.shop.webhook("sandbox", "tr_unknown")  # ignored
    t.shop.webhook("mollie", started.payment_id)  # another provider's words: ignored
    assert len(t.store.ledger) == 1


def test_a_refund_takes_back_what_is_left_and_flags_what_was_spent() -> None:
    t = till(refund_days=14)
    order = t.bought(2)
    with MemoryUnitOfWork(t.store) as uow:  # 250 of the 300 credits spent on messages
        uow.ledger.apply(t.ann.id, EntryKind.MESSAGE, -250, "spent", "messages", NOW)
        uow.commit()
    refunded = t.shop.refund(order, actor="ops")
    assert refunded.status is OrderStatus.REFUNDED and t.gateway.refunds == [("tr_1", 2400, "EUR")]
    assert balance(t.store, t.ann) == 0
    [flag] = t.store.flags
    assert flag[1].flag == "payment_reversed_credits_spent"
    assert flag[1].details == {"order": order, "missing": 250, "status": "refunded"}
    assert t.store.audit[-1]["action"] == "orders.refund"
    with pytest.raises(DomainError, match="order_not_refundable"):
        t.shop.refund(order, actor="ops")


def test_refunds_end_with_the_sites_refund_period() -> None:
    t = till(refund_days=14)
    order = t.bought()
    t.clock.current += timedelta(days=14)
    with pytest.raises(DomainError, match="refund_period_over"):
        t.shop.refund(order, actor="ops")
    with pytest.raises(DomainError, match="order_not_found"):
        t.shop.refund(999, actor="ops")


def test_repeat_buys_the_last_paid_bundle_by_the_same_method() -> None:
    t = till()
    with pytest.raises(DomainError, match="no_order_to_repeat"):
        t.shop.repeat(t.ann)
    t.bought(2)
    again = t.shop.repeat(t.ann)
    order = t.store.orders[again.order]
    assert (order.bundle_id, order.method) == (2, "ideal")
    assert t.gateway.requests[-1].redirect_url.endswith("&repeat=1")


def test_members_see_only_their_own_orders() -> None:
    t = till()
    order = t.bought()
    assert t.shop.order(t.ann, order).order.status is OrderStatus.PAID
    with pytest.raises(DomainError, match="order_not_found"):
        t.shop.order(add_member(t.store, "Eve"), order)


REPORTS = ["open", "pending", "paid", "failed", "canceled", "expired", "refunded",
           "charged_back"]


@settings(max_examples=80, deadline=None)
@given(reports=st.lists(st.sampled_from(REPORTS), min_size=1, max_size=8))
def test_any_run_of_gateway_reports_leaves_credits_matching_the_order(
        reports: list[str]) -> None:
    """However the gateway's reports come (repeated, out of order, after the end), the
    member holds the bundle's credits exactly while the order is paid."""
    t = till()
    started = t.shop.start(t.ann, 1, "ideal")
    for report in reports:
        t.pay(started.payment_id, report)
    status = t.store.orders[started.order].status
    assert balance(t.store, t.ann) == (100 if status is OrderStatus.PAID else 0)
    keys = [entry.key for entry in t.store.ledger]
    assert len(keys) == len(set(keys))


def test_a_payment_whose_settling_fails_is_settled_whole_by_the_next_webhook(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Credits move only in the unit of work that moves the order: a failure in between
    leaves the order unpaid and the balance untouched, and the gateway's retry pays once."""
    t = till()
    started = t.shop.start(t.ann, 1, "ideal")

    def outbox_down(self: MemoryJobs, name: str, *args: object) -> None:
        raise RuntimeError("outbox down")
    monkeypatch.setattr(MemoryJobs, "add", outbox_down)
    with pytest.raises(RuntimeError):
        t.pay(started.payment_id)
    assert t.store.orders[started.order].status is OrderStatus.OPEN
    assert balance(t.store, t.ann) == 0 and not t.store.members[t.ann.id].paid_user
    monkeypatch.undo()
    t.pay(started.payment_id)
    assert balance(t.store, t.ann) == 100 and t.store.members[t.ann.id].paid_user


def test_prices_follow_where_the_member_is_not_the_country_they_typed() -> None:
    """Issue 28.6: the GeoIP country decides the price list when the proxy knows it; the
    profile's country (one click to change) only when it does not. The order keeps both
    as the evidence of where the member was (VAT, issue 34)."""
    t = till()  # Ann's profile says NL
    assert [b.currency for b in t.shop.bundles(t.ann, geoip_country="US").bundles] == ["USD"]
    assert [b.currency for b in t.shop.bundles(t.ann).bundles] == ["EUR", "EUR"]
    with pytest.raises(DomainError, match="bundle_not_found"):
        t.shop.start(t.ann, 1, "creditcard", geoip_country="US")
    order = order_of(t, t.shop.start(t.ann, 3, "creditcard", geoip_country="US").order)
    assert (order.currency, order.amount) == ("USD", 1200)
    assert (order.country, order.geoip_country, order.profile_country) == ("US", "US", "NL")
    sam = add_member(t.store, "Sam", country="US")  # typed the cheaper country, is in NL
    assert [b.currency for b in t.shop.bundles(sam, geoip_country="NL").bundles] == [
        "EUR", "EUR"]
    with pytest.raises(DomainError, match="bundle_not_found"):
        t.shop.start(sam, 3, "creditcard", geoip_country="NL")
    order = order_of(t, t.shop.start(sam, 1, "creditcard", geoip_country="NL").order)
    assert (order.country, order.geoip_country, order.profile_country) == ("NL", "NL", "US")
    unknown = order_of(t, t.shop.start(sam, 3, "creditcard").order)  # no GeoIP: the hint
    assert (unknown.currency, unknown.country, unknown.geoip_country) == ("USD", "US", None)


def test_a_typed_code_for_a_country_follows_where_the_member_is() -> None:
    t = till()
    add_code(t.store, "HOLLAND", 10, country="NL")
    sam = add_member(t.store, "Sam", country="DE")
    assert t.shop.discount(sam, "holland", False, geoip_country="NL").code == "HOLLAND"
    with pytest.raises(DomainError, match="code_country"):
        t.shop.discount(t.ann, "holland", False, geoip_country="DE")
