"""Withdrawal from a purchase (issue 34.2) over in-memory ports, on a fixed clock: the
unused credits come back off the balance and their money goes back through the gateway,
once, within the period; the gateway being down loses nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs
import pytest

from application.ports.events import CreditsChanged, PaymentSettled
from application.ports.jobs import WithdrawalMail, WithdrawalRefund
from application.ports.withdrawals import RefundState
from application.withdrawals import Withdrawals
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.orders import OrderStatus
from tests.application.mailroom import Outbox, Texts
from tests.application.memory import MemoryUnitOfWork
from tests.application.people import NOW, add_member, balance, factory
from tests.application.till import Till, order_of, till

# Paid at NOW (21 November 2026, 13:00 in Amsterdam): the period ends when 5 December
# ends there, 6 December 00:00 CET = 5 December 23:00 UTC.
DEADLINE = datetime(2026, 12, 5, 23, 0, tzinfo=UTC)


@attrs.define
class Desk:
    till: Till
    withdrawals: Withdrawals
    mails: Outbox


def desk() -> Desk:
    t = till()
    mails = Outbox()
    return Desk(t, Withdrawals(factory(t.store), t.clock, t.gateway, t.bus, Texts(), mails,
                               base_url="https://{domain}"), mails)


def spend(t: Till, credits: int, key: str = "spent") -> None:
    with MemoryUnitOfWork(t.store) as uow:
        uow.ledger.apply(t.ann.id, EntryKind.MESSAGE, -credits, key, "messages", NOW)
        uow.commit()


def run_jobs(d: Desk) -> None:
    """What the outbox runner does with the jobs written so far."""
    jobs, d.till.store.jobs = d.till.store.jobs, []
    for job in jobs:
        if isinstance(job, WithdrawalRefund):
            d.withdrawals.pay_out(job.order_id)
        elif isinstance(job, WithdrawalMail):
            d.withdrawals.acknowledge(job.order_id)


def test_withdrawing_takes_back_the_unused_credits_and_refunds_their_price() -> None:
    d = desk()
    t = d.till
    order = t.bought(1)  # 100 credits for EUR 10.00
    spend(t, 30)
    t.clock.current = NOW + timedelta(days=3)
    seen = d.withdrawals.preview(t.ann, order)
    assert seen.withdrawable and seen.refused is None and seen.until == DEADLINE
    assert (seen.unused, seen.used, seen.refund, seen.balance) == (70, 30, 700, 70)
    assert not t.gateway.refunds and balance(t.store, t.ann) == 70  # a look changes nothing

    done = d.withdrawals.withdraw(t.ann, order, expected_refund=700)
    assert (done.balance, done.order_status) == (0, OrderStatus.PAID)  # 3.00 stays paid
    assert (done.withdrawal.credits, done.withdrawal.used, done.withdrawal.refund) == (
        70, 30, 700)
    assert done.withdrawal.refund_state is RefundState.REFUNDED
    assert t.gateway.refunds == [("tr_1", 700, "EUR")]
    assert t.gateway.refund_keys == [f"withdrawal:{order}"]
    assert balance(t.store, t.ann) == 0 and order_of(t, order).refunded == 700
    [refund] = t.store.refunds
    assert (refund.kind, refund.actor, refund.amount, refund.credits, refund.missing) == (
        "withdrawn", "member", 700, 70, 0)
    [revoke] = [e for e in t.store.ledger if e.kind is EntryKind.REVOKE]
    assert (revoke.key, revoke.amount) == (f"order:{order}:withdrawn", -70)
    actions = [line["action"] for line in t.store.audit]
    assert actions[-2:] == ["orders.withdrawal", "orders.withdrawal_refunded"]
    assert t.store.audit[-2]["actor"] == "member"
    assert t.store.audit[-2]["details"]["credits_taken"] == 70
    assert CreditsChanged(0) in t.bus.to(t.ann)
    assert [type(job) for job in t.store.jobs][-2:] == [WithdrawalRefund, WithdrawalMail]

    run_jobs(d)  # the refund job finds it done: no second refund; the mail goes out
    assert len(t.gateway.refunds) == 1
    [mail] = d.mails.sent
    assert mail["to"] == "ann@example.com" and mail["subject"] == "withdrawal:nl"
    assert mail["text"] == f"https://amora.test/transactions/{order}"
    assert mail["message_id"] == f"<withdrawal-{order}@amora.test>"


def test_all_credits_unused_give_all_the_money_back_and_a_second_click_nothing() -> None:
    d = desk()
    t = d.till
    order = t.bought(2)  # 300 credits for EUR 24.00
    done = d.withdrawals.withdraw(t.ann, order)
    assert done.order_status is OrderStatus.REFUNDED and done.withdrawal.refund == 2400
    assert PaymentSettled(order, OrderStatus.REFUNDED) in t.bus.to(t.ann)
    with pytest.raises(DomainError) as again:
        d.withdrawals.withdraw(t.ann, order)
    assert again.value.code == "already_withdrawn"
    seen = d.withdrawals.preview(t.ann, order)
    assert not seen.withdrawable and seen.refused is not None
    assert seen.refused.error == "already_withdrawn"
    assert seen.withdrawal is not None and seen.withdrawal.refund == 2400
    assert t.gateway.refunds == [("tr_1", 2400, "EUR")] and len(t.store.refunds) == 1


@pytest.mark.parametrize(("moment", "allowed"), [
    (DEADLINE - timedelta(microseconds=1), True),  # the last moment of day 14
    (DEADLINE, False),
])
def test_the_period_ends_with_the_14th_day_after_the_payment(moment: datetime,
                                                             allowed: bool) -> None:
    d = desk()
    t = d.till
    order = t.bought(1)
    t.clock.current = moment
    assert d.withdrawals.preview(t.ann, order).withdrawable is allowed
    if allowed:
        assert d.withdrawals.withdraw(t.ann, order).withdrawal.refund == 1000
        return
    with pytest.raises(DomainError) as refused:
        d.withdrawals.withdraw(t.ann, order)
    assert refused.value.code == "withdrawal_period_over"
    assert balance(t.store, t.ann) == 100 and not t.gateway.refunds and not t.store.refunds


def test_a_gateway_that_is_down_loses_nothing_the_job_refunds_later_once() -> None:
    d = desk()
    t = d.till
    order = t.bought(1)
    spend(t, 25)
    t.gateway.down = True
    done = d.withdrawals.withdraw(t.ann, order)  # kept: the member declared it in time
    assert done.withdrawal.refund_state is RefundState.PENDING
    assert balance(t.store, t.ann) == 0 and order_of(t, order).refunded == 750
    kept = t.store.withdrawals[order]
    assert kept.attempts == 1 and "gateway down" in (kept.last_error or "")
    with pytest.raises(ConnectionError):  # the job fails too: the outbox retries it
        d.withdrawals.pay_out(order)
    assert t.store.withdrawals[order].attempts == 2
    t.gateway.down = False
    t.clock.current = NOW + timedelta(days=20)  # after the period: still paid out
    run_jobs(d)
    assert t.gateway.refunds == [("tr_1", 750, "EUR")]
    assert t.store.withdrawals[order].refund_state is RefundState.REFUNDED
    assert t.store.withdrawals[order].refunded_at == NOW + timedelta(days=20)
    d.withdrawals.pay_out(order)  # run again (at least once): nothing more
    assert len(t.gateway.refunds) == 1


def test_spending_counts_against_the_oldest_purchase_first() -> None:
    d = desk()
    t = d.till
    first = t.bought(1)  # 100 credits, EUR 10.00
    second = t.bought(2)  # 300 credits, EUR 24.00
    spend(t, 150)  # all of the first order's and 50 of the second's
    with pytest.raises(DomainError) as refused:
        d.withdrawals.withdraw(t.ann, first)
    assert refused.value.code == "withdrawal_credits_used"
    seen = d.withdrawals.preview(t.ann, second)
    assert (seen.unused, seen.used, seen.refund) == (250, 50, 2000)
    done = d.withdrawals.withdraw(t.ann, second)
    assert done.balance == 0 and t.gateway.refunds == [("tr_2", 2000, "EUR")]


def test_a_refund_rounds_up_to_the_cent_in_the_members_favour() -> None:
    d = desk()
    t = d.till
    order = t.bought(2)  # 300 credits for 2400 cents: 8 cents a credit
    spend(t, 299)
    assert d.withdrawals.preview(t.ann, order).refund == 8
    # A price that does not divide: 1000 cents for 300 credits (a discount).
    t.store.orders[order] = attrs.evolve(order_of(t, order), amount=1000)
    assert d.withdrawals.preview(t.ann, order).refund == 4  # 3.33 rounded up


def test_a_changed_refund_is_refused_and_changes_nothing() -> None:
    d = desk()
    t = d.till
    order = t.bought(1)
    seen = d.withdrawals.preview(t.ann, order)
    spend(t, 10)  # in another tab, meanwhile
    with pytest.raises(DomainError) as changed:
        d.withdrawals.withdraw(t.ann, order, expected_refund=seen.refund)
    assert changed.value.code == "withdrawal_changed"
    assert changed.value.params["refund"] == 900
    assert balance(t.store, t.ann) == 90 and not t.store.withdrawals and not t.store.refunds


def test_no_withdrawal_of_a_free_a_refunded_or_anothers_order() -> None:
    d = desk()
    t = d.till
    free = t.bought(1)
    t.store.orders[free] = attrs.evolve(order_of(t, free), amount=0)
    refunded = t.bought(1)
    t.refunds.refund(refunded, actor="ops", reason="goodwill")
    codes = {}
    for order in (free, refunded):
        with pytest.raises(DomainError) as refused:
            d.withdrawals.withdraw(t.ann, order)
        codes[order] = refused.value.code
    assert codes == {free: "withdrawal_free_order", refunded: "order_not_withdrawable"}
    bob = add_member(t.store, "Bob")
    with pytest.raises(DomainError, match="order_not_found"):
        d.withdrawals.withdraw(bob, free)
    with pytest.raises(DomainError, match="order_not_found"):
        d.withdrawals.preview(bob, free)
    assert not t.store.withdrawals
