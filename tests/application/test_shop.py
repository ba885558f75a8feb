"""The shop on in-memory ports and a recording gateway: bundles by currency, the time
bonus, orders and the gateway's reports (credits exactly once, taken back on a refund),
repeats and refunds. Discount codes: test_shop_discounts.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.ports.events import CreditsChanged, PaymentSettled
from application.ports.jobs import ReceiptNotice
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.orders import OrderStatus
from domain.pricing import DiscountKind
from tests.application.memory import MemoryJobs, MemoryUnitOfWork
from tests.application.people import NOW, add_member, balance
from tests.application.till import add_code, order_of, till
from tests.lookups import found


def test_members_see_their_currencys_bundles_and_visitors_their_countrys() -> None:
    t = till()
    offer = t.prices.bundles(t.ann)
    assert [(b.credits, b.price, b.discounted_price) for b in offer.bundles] == [
        (100, 1000, 1000), (300, 2400, 2400)]
    assert offer.bundles[1].saving_percentage == 20 and offer.discount is None
    assert [b.currency for b in t.prices.bundles(None, "amora.test", "US").bundles] == ["USD"]
    assert [b.currency for b in t.prices.bundles(None, "amora.test", "SE").bundles] == [
        "EUR", "EUR"]  # no SEK bundles: euros
    with pytest.raises(DomainError, match="bundle_not_found"):
        # the USD bundle is not on offer to Ann
        t.checkout.start(t.ann, 3, "ideal", delivery_consent=True)
    with pytest.raises(DomainError, match="invalid_payment_method"):
        t.checkout.start(t.ann, 1, "klarna", delivery_consent=True)
    assert [m.id for m in t.prices.methods(t.ann, 1).methods] == ["ideal", "creditcard"]


def test_a_new_member_pays_the_time_bonus_price() -> None:
    t = till(created_at=NOW - timedelta(hours=1))
    offer = t.prices.bundles(t.ann)
    assert offer.discount is not None and offer.discount.kind is DiscountKind.TIME_BONUS
    assert [b.discounted_price for b in offer.bundles] == [750, 1800]
    started = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
    assert t.store.orders[started.order].amount == 750 == t.gateway.requests[0].amount
    assert t.gateway.requests[0].webhook_url == "https://amora.test/api/payments/webhook/sandbox"


def test_a_paid_order_adds_its_credits_once_and_makes_the_member_premium() -> None:
    t = till()
    started = t.checkout.start(t.ann, 2, "ideal", delivery_consent=True)
    assert t.store.orders[started.order].status is OrderStatus.OPEN
    t.pay(started.payment_id, "pending")
    assert balance(t.store, t.ann) == 0
    t.pay(started.payment_id)
    t.pay(started.payment_id)  # the webhook again
    assert balance(t.store, t.ann) == 300
    assert t.store.members[t.ann.id].paid_user
    assert PaymentSettled(started.order, OrderStatus.PAID) in t.bus.to(t.ann)
    assert CreditsChanged(300) in t.bus.to(t.ann)
    assert ReceiptNotice(t.ann.id, started.order) in t.store.jobs
    t.settlement.webhook("sandbox", "tr_unknown")  # ignored
    t.settlement.webhook("mollie", started.payment_id)  # another provider's words: ignored
    assert len(t.store.ledger) == 1


REPORTS = ["open", "pending", "paid", "failed", "canceled", "expired", "refunded",
           "charged_back"]
REPORTS_AFTER = ["paid", "refunded", "charged_back"]


def test_a_refund_takes_back_what_is_left_and_flags_what_was_spent() -> None:
    t = till(refund_days=14)
    order = t.bought(2)
    with MemoryUnitOfWork(t.store) as uow:  # 250 of the 300 credits spent on messages
        uow.ledger.apply(t.ann.id, EntryKind.MESSAGE, -250, "spent", "messages", NOW)
        uow.commit()
    plan = t.refunds.refund_plan(order)
    assert (plan.amount, plan.credits_back, plan.taken, plan.missing, plan.full) == (
        2400, 300, 50, 250, True)
    assert not t.gateway.refunds and balance(t.store, t.ann) == 50  # a plan changes nothing
    done = t.refunds.refund(order, actor="ops", reason="double charge", confirmed=plan)
    assert done.order.status is OrderStatus.REFUNDED and done.order.refunded == 2400
    assert t.gateway.refunds == [("tr_1", 2400, "EUR")]
    assert (done.refund.credits, done.refund.missing, done.balance) == (50, 250, 0)
    assert balance(t.store, t.ann) == 0
    [flag] = t.store.flags
    assert flag[1].flag == "payment_reversed_credits_spent"
    assert flag[1].details == {"order": order, "missing": 250, "status": "refunded"}
    assert t.store.audit[-1]["action"] == "orders.refund"
    assert t.store.audit[-1]["details"] == {
        "member": t.ann.id, "amount": "24.00", "currency": "EUR", "refunded": "24.00",
        "paid": "24.00", "credits_taken": 50, "credits_spent": 250, "reason": "double charge"}
    assert PaymentSettled(order, OrderStatus.REFUNDED) in t.bus.to(t.ann)
    with pytest.raises(DomainError, match="order_not_refundable"):
        t.refunds.refund(order, actor="ops", reason="again")


def test_partial_refunds_add_up_to_what_was_paid_and_take_back_the_same_share() -> None:
    t = till(refund_days=14)
    order = t.bought(2)  # 300 credits for 24.00
    first = t.refunds.refund(order, actor="ops", reason="late delivery", amount="8")
    assert (first.order.status, first.order.refunded) == (OrderStatus.PAID, 800)
    assert (first.refund.amount, first.refund.credits, first.balance) == (800, 100, 200)
    with pytest.raises(DomainError, match="refund_too_much") as refused:
        t.refunds.refund(order, actor="ops", reason="more", amount="16.01")
    assert refused.value.params == {"order": order, "amount": "16.01", "left": "16.00",
                                    "currency": "EUR"}
    second = t.refunds.refund(order, actor="ops", reason="goodwill", amount="0.05")
    assert second.refund.credits == 0  # 0.05 of 24.00 is less than a credit: none yet
    last = t.refunds.refund(order, actor="ops", reason="all of it")  # what is left: 15.95
    assert last.refund.amount == 1595 and last.order.status is OrderStatus.REFUNDED
    assert 100 + 0 + found(last.refund.credits) == 300 and balance(t.store, t.ann) == 0
    assert t.gateway.refunds == [("tr_1", 800, "EUR"), ("tr_1", 5, "EUR"),
                                 ("tr_1", 1595, "EUR")]
    assert [r.amount for r in t.store.refunds] == [800, 5, 1595]
    with pytest.raises(DomainError, match="order_not_refundable"):
        t.refunds.refund_plan(order)
    t.pay("tr_1", "refunded")  # the gateway's webhook afterwards changes nothing
    t.pay("tr_1", "charged_back")
    assert len(t.store.refunds) == 3 and balance(t.store, t.ann) == 0


@pytest.mark.parametrize(("amount", "reason", "code"), [
    ("0", "x", "refund_amount_zero"), ("-1", "x", "money_negative"),
    ("1.001", "x", "money_decimals"), ("ten", "x", "invalid_money"),
    ("24.01", "x", "refund_too_much"), ("5", " ", "reason_required"),
])
def test_bad_refunds_change_nothing(amount: str, reason: str, code: str) -> None:
    t = till(refund_days=14)
    order = t.bought(2)
    before = (dict(t.store.orders), list(t.store.ledger), list(t.store.audit))
    with pytest.raises(DomainError, match=code):
        t.refunds.refund(order, actor="ops", reason=reason, amount=amount)
    assert (dict(t.store.orders), list(t.store.ledger), list(t.store.audit)) == before
    assert not t.gateway.refunds and not t.store.refunds


def test_a_refund_the_gateway_refuses_or_whose_plan_changed_changes_nothing() -> None:
    t = till(refund_days=14)
    order = t.bought(2)
    plan = t.refunds.refund_plan(order, "12")
    t.gateway.down = True
    with pytest.raises(DomainError, match="refund_failed"):
        t.refunds.refund(order, actor="ops", reason="x", amount="12", confirmed=plan)
    assert t.store.orders[order].refunded == 0 and balance(t.store, t.ann) == 300
    assert not t.store.audit and not t.store.refunds
    t.gateway.down = False
    with MemoryUnitOfWork(t.store) as uow:  # meanwhile she spends all but 100 credits
        uow.ledger.apply(t.ann.id, EntryKind.MESSAGE, -200, "spent", "messages", NOW)
        uow.commit()
    with pytest.raises(DomainError, match="refund_plan_changed"):
        t.refunds.refund(order, actor="ops", reason="x", amount="12", confirmed=plan)
    assert not t.gateway.refunds and t.store.orders[order].refunded == 0
    with MemoryUnitOfWork(t.store) as uow:  # a balance that moves but still covers it
        uow.ledger.apply(t.ann.id, EntryKind.GRANT, 60, "gift", "grant", NOW)
        uow.commit()
    plan = t.refunds.refund_plan(order, "12")
    with MemoryUnitOfWork(t.store) as uow:
        uow.ledger.apply(t.ann.id, EntryKind.MESSAGE, -5, "spent again", "messages", NOW)
        uow.commit()
    done = t.refunds.refund(order, actor="ops", reason="x", amount="12", confirmed=plan)
    assert (done.refund.credits, done.refund.missing, done.balance) == (150, 0, 5)


def test_refunds_end_with_the_sites_refund_period() -> None:
    t = till(refund_days=14)
    order = t.bought()
    t.clock.current += timedelta(days=14)
    with pytest.raises(DomainError, match="refund_period_over"):
        t.refunds.refund(order, actor="ops", reason="x")
    with pytest.raises(DomainError, match="order_not_found"):
        t.refunds.refund(999, actor="ops", reason="x")


def test_a_chargeback_after_a_partial_refund_takes_back_only_the_rest() -> None:
    t = till(refund_days=14)
    order = t.bought(2)  # 300 credits for 24.00
    t.refunds.refund(order, actor="ops", reason="part", amount="6")  # 75 credits back
    t.pay("tr_1", "charged_back")
    stored = t.store.orders[order]
    assert (stored.status, stored.refunded) == (OrderStatus.CHARGED_BACK, 2400)
    assert balance(t.store, t.ann) == 0
    assert [(r.kind, r.amount, r.credits, r.actor) for r in t.store.refunds] == [
        ("refunded", 600, 75, "ops"), ("charged_back", 1800, 225, "sandbox")]


@settings(max_examples=60, deadline=None)
@given(steps=st.lists(st.one_of(st.integers(1, 2400), st.sampled_from(REPORTS_AFTER)),
                      min_size=1, max_size=8),
       spent=st.integers(0, 300))
def test_refunds_never_give_back_more_than_was_paid_nor_take_back_more_credits(
        steps: list[int | str], spent: int) -> None:
    """However partial refunds and the gateway's reports come, the money given back never
    exceeds what was paid, and the credits taken back plus those found spent are exactly
    the order's share of what went back."""
    t = till(refund_days=14)
    order = t.bought(2)
    with MemoryUnitOfWork(t.store) as uow:
        if spent:
            uow.ledger.apply(t.ann.id, EntryKind.MESSAGE, -spent, "spent", "messages", NOW)
        uow.commit()
    for step in steps:
        if isinstance(step, str):
            t.pay("tr_1", step)
            continue
        try:
            t.refunds.refund(order, actor="ops", reason="x", amount=f"{step / 100:.2f}")
        except DomainError as refused:
            assert refused.code in {"refund_too_much", "order_not_refundable",
                                    "nothing_to_refund"}
    stored = t.store.orders[order]
    refunds = t.store.refunds
    assert stored.refunded == sum(r.amount for r in refunds) <= 2400
    assert sum(amount for _, amount, _ in t.gateway.refunds) == sum(
        r.amount for r in refunds if r.actor == "ops")
    owed = 300 if stored.refunded == 2400 else 300 * stored.refunded // 2400
    assert sum((r.credits or 0) + (r.missing or 0) for r in refunds) == owed
    assert balance(t.store, t.ann) == 300 - spent - sum(r.credits or 0 for r in refunds)
    assert balance(t.store, t.ann) >= 0


def test_repeat_buys_the_last_paid_bundle_by_the_same_method() -> None:
    t = till()
    with pytest.raises(DomainError, match="no_order_to_repeat"):
        t.checkout.repeat(t.ann, delivery_consent=True)
    t.bought(2)
    again = t.checkout.repeat(t.ann, delivery_consent=True)
    order = t.store.orders[again.order]
    assert (order.bundle_id, order.method) == (2, "ideal")
    assert t.gateway.requests[-1].redirect_url.endswith("&repeat=1")


def test_members_see_only_their_own_orders() -> None:
    t = till()
    order = t.bought()
    assert t.checkout.order(t.ann, order).order.status is OrderStatus.PAID
    with pytest.raises(DomainError, match="order_not_found"):
        t.checkout.order(add_member(t.store, "Eve"), order)




@settings(max_examples=80, deadline=None)
@given(reports=st.lists(st.sampled_from(REPORTS), min_size=1, max_size=8))
def test_any_run_of_gateway_reports_leaves_credits_matching_the_order(
        reports: list[str]) -> None:
    """However the gateway's reports come (repeated, out of order, after the end), the
    member holds the bundle's credits exactly while the order is paid."""
    t = till()
    started = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
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
    started = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)

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
    assert [b.currency for b in t.prices.bundles(t.ann, geoip_country="US").bundles] == ["USD"]
    assert [b.currency for b in t.prices.bundles(t.ann).bundles] == ["EUR", "EUR"]
    with pytest.raises(DomainError, match="bundle_not_found"):
        t.checkout.start(t.ann, 1, "creditcard", geoip_country="US", delivery_consent=True)
    order = order_of(t, t.checkout.start(t.ann, 3, "creditcard", geoip_country="US",
                                     delivery_consent=True).order)
    assert (order.currency, order.amount) == ("USD", 1200)
    assert (order.country, order.geoip_country, order.profile_country) == ("US", "US", "NL")
    sam = add_member(t.store, "Sam", country="US")  # typed the cheaper country, is in NL
    assert [b.currency for b in t.prices.bundles(sam, geoip_country="NL").bundles] == [
        "EUR", "EUR"]
    with pytest.raises(DomainError, match="bundle_not_found"):
        t.checkout.start(sam, 3, "creditcard", geoip_country="NL", delivery_consent=True)
    order = order_of(t, t.checkout.start(sam, 1, "creditcard", geoip_country="NL",
                                     delivery_consent=True).order)
    assert (order.country, order.geoip_country, order.profile_country) == ("NL", "NL", "US")
    # no GeoIP: the hint
    unknown = order_of(t, t.checkout.start(sam, 3, "creditcard", delivery_consent=True).order)
    assert (unknown.currency, unknown.country, unknown.geoip_country) == ("USD", "US", None)


def test_a_typed_code_for_a_country_follows_where_the_member_is() -> None:
    t = till()
    add_code(t.store, "HOLLAND", 10, country="NL")
    sam = add_member(t.store, "Sam", country="DE")
    assert t.prices.discount(sam, "holland", False, geoip_country="NL").code == "HOLLAND"
    with pytest.raises(DomainError, match="code_country"):
        t.prices.discount(t.ann, "holland", False, geoip_country="DE")
