"""Withdrawal from a purchase (issue 34.2; the rules in domain.withdrawal).

The member sees what withdrawing would do (``preview``), confirms, and ``withdraw``
keeps it at once, in one transaction: the withdrawal (one an order: a second click
or a parallel request finds it and is refused), the unused credits taken off the
balance, the order's refund (kind ``withdrawn``, actor ``member``, through the same
``application.shared.refunds.give_back`` operators' refunds use), the audit line, and
two jobs: the refund through the payment gateway and the acknowledgement mail.

The money goes back after that transaction, not before: a withdrawal the member
declared in time is never lost to a gateway that is down. The gateway is called right
away (the answer says whether it took the refund) and, if it failed, again by the job
until it succeeds, with an idempotency key so a call made twice refunds once. Each
failure is counted on the withdrawal with the gateway's words, for the operators.
"""

from __future__ import annotations

import logging
from datetime import date, datetime
from zoneinfo import ZoneInfo

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, PaymentSettled, member_channel
from application.ports.jobs import WithdrawalMail, WithdrawalRefund
from application.ports.notifications import Mailer
from application.ports.payments import PaymentGateway
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.ports.withdrawals import RefundState, Withdrawal
from application.shared.ledger import credits_event
from application.shared.lookups import existing_member, site_of_member
from application.shared.mail_brand import MailTexts, brand_values
from application.shared.refunds import give_back
from domain.errors import DomainError
from domain.members import Member
from domain.money import format_money
from domain.orders import Order, OrderStatus
from domain.refunds import RefundPlan
from domain.sites import Site
from domain.withdrawal import (
    WithdrawalPlan,
    plan_withdrawal,
    refund_value,
    unused_credits,
    withdrawal_key,
)

MAIL_KIND = "withdrawal"
ACTOR = "member"  # the refund's actor: the member withdrew, no operator
REFUNDED_KIND = "withdrawn"  # the order refund's kind
REASON = "withdrawal within 14 days (right of withdrawal)"
log = logging.getLogger(__name__)


@attrs.frozen(kw_only=True)
class Refusal:
    """Why the member cannot withdraw (the code the API would refuse with)."""

    error: str
    params: dict[str, object]


@attrs.frozen(kw_only=True)
class WithdrawalFacts:
    """A withdrawal as kept."""

    requested_at: datetime
    credits: int  # unused credits taken back
    used: int  # credits spent: kept and paid for
    refund: int  # cents
    currency: str
    refund_state: RefundState
    refunded_at: datetime | None

    @staticmethod
    def of(withdrawal: Withdrawal) -> WithdrawalFacts:
        return WithdrawalFacts(
            requested_at=withdrawal.requested_at, credits=withdrawal.credits,
            used=withdrawal.used, refund=withdrawal.refund, currency=withdrawal.currency,
            refund_state=withdrawal.refund_state, refunded_at=withdrawal.refunded_at)


@attrs.frozen(kw_only=True)
class WithdrawalPreview:
    """What withdrawing from the order would do now, or why it cannot be done, or (once
    done) the withdrawal."""

    order: int
    withdrawable: bool
    refused: Refusal | None
    until: datetime | None  # the end of the period (paid orders)
    currency: str
    paid: int  # cents the order charged
    credits: int  # what the order bought
    unused: int  # of those, not spent yet: taken back
    used: int
    refund: int  # cents the unused credits are worth
    balance: int  # the member's balance now
    withdrawal: WithdrawalFacts | None


@attrs.frozen(kw_only=True)
class Withdrawn:
    """The withdrawal just kept, the member's balance after it, and whether the gateway
    has given the money back already (else it is retried)."""

    order: int
    order_status: OrderStatus
    balance: int
    withdrawal: WithdrawalFacts
    refunded_amount: int  # cents (the withdrawal's refund: the names API.md agreed)
    credits_taken: int


def _plan_of(order: Order, plan: WithdrawalPlan) -> RefundPlan:
    """The withdrawal as the refund machinery's plan: its money and its unused credits."""
    return RefundPlan(order_id=order.id, member_id=order.member_id, currency=order.currency,
                      paid=order.amount, refunded_before=order.refunded, amount=plan.refund,
                      credits=order.credits, credits_back=plan.unused, taken=plan.unused,
                      missing=0, balance=plan.balance)


@attrs.frozen
class Withdrawals:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    gateway: PaymentGateway
    events: EventBus
    texts: MailTexts
    mailer: Mailer
    base_url: str

    @staticmethod
    def _own(uow: ShopUnit, member: Member, order_id: int) -> tuple[Order, Site]:
        order = uow.orders.get(order_id)
        if order is None or order.member_id != member.id:
            raise DomainError("order_not_found")
        return order, site_of_member(uow, member)

    def preview(self, member: Member, order_id: int) -> WithdrawalPreview:
        """The transaction page's button and confirmation step read this."""
        now = self.clock.now()
        with self.uow() as uow:
            order, site = self._own(uow, member, order_id)
            kept = uow.withdrawals.get(order.id)
            lots, balance = uow.ledger.lots(member.id), uow.ledger.balance(member.id)
        unused = unused_credits(order.id, lots, balance) if kept is None else kept.credits
        refused: Refusal | None = None
        until: datetime | None = None
        try:
            if kept is not None:
                raise DomainError("already_withdrawn", order=order.id)
            until = plan_withdrawal(order, now, site.time_zone, lots, balance).until
        except DomainError as error:
            refused = Refusal(error=error.code, params=error.params)
        refund = (kept.refund if kept is not None
                  else refund_value(unused, order.credits, order.amount, order.refunded))
        return WithdrawalPreview(
            order=order.id, withdrawable=refused is None, refused=refused, until=until,
            currency=order.currency, paid=order.amount, credits=order.credits, unused=unused,
            used=order.credits - unused, refund=refund, balance=balance,
            withdrawal=WithdrawalFacts.of(kept) if kept else None)

    def withdraw(self, member: Member, order_id: int,
                 expected_refund: int | None = None) -> Withdrawn:
        """Withdraw from the order now. ``expected_refund``: the refund the member saw
        and confirmed; if it changed meanwhile (credits spent in another tab), nothing
        happens and withdrawal_changed says the new figures."""
        now = self.clock.now()
        with self.uow() as uow:
            order, site = self._own(uow, member, order_id)
            try:
                if uow.withdrawals.get(order.id) is not None:
                    raise DomainError("already_withdrawn", order=order.id)
                plan = plan_withdrawal(order, now, site.time_zone,
                                       uow.ledger.lots(member.id), uow.ledger.balance(member.id))
            except DomainError as error:
                # A withdrawal kept meanwhile (the other click) is what refuses this one.
                if error.code != "already_withdrawn" and uow.withdrawals.get(order.id):
                    raise DomainError("already_withdrawn", order=order.id) from None
                raise
            if expected_refund is not None and expected_refund != plan.refund:
                raise DomainError("withdrawal_changed", order=order.id, refund=plan.refund,
                                  credits=plan.unused, currency=plan.currency)
            kept = Withdrawal(order_id=order.id, member_id=member.id, requested_at=now,
                              credits=plan.unused, used=plan.used, refund=plan.refund,
                              currency=plan.currency)
            # First, before anything moves: of two requests only one keeps a withdrawal
            # (the other waits for this transaction on the key, then finds it).
            if not uow.withdrawals.claim(kept):
                raise DomainError("already_withdrawn", order=order.id)
            try:
                refunded = give_back(
                    uow, order, _plan_of(order, plan), REASON, ACTOR, now,
                    kind=REFUNDED_KIND, key=withdrawal_key(order.id),
                    action="orders.withdrawal")
            except DomainError as error:
                if error.code in ("not_enough_credits", "refund_plan_changed"):
                    # Credits spent or money refunded at this very moment: look again.
                    raise DomainError("withdrawal_changed", order=order.id) from None
                raise
            uow.jobs.add(WithdrawalRefund(order.id))
            uow.jobs.add(WithdrawalMail(order.id))
            uow.commit()
        channel = member_channel(member.id)
        self.events.publish(channel, credits_event(refunded.balance))
        if refunded.order.status is OrderStatus.REFUNDED:
            self.events.publish(channel, PaymentSettled(order=order.id,
                                                        status=OrderStatus.REFUNDED))
        try:  # at once if the gateway answers; else the job retries
            self.pay_out(order.id)
        except Exception as error:  # noqa: BLE001 - kept, counted and retried by the job
            log.warning("withdrawal of order %s: refund not taken yet: %r", order.id, error)
        with self.uow() as uow:
            now_kept = uow.withdrawals.get(order.id)
        assert now_kept is not None
        return Withdrawn(order=order.id, order_status=refunded.order.status,
                         balance=refunded.balance, withdrawal=WithdrawalFacts.of(now_kept),
                         refunded_amount=now_kept.refund, credits_taken=now_kept.credits)

    def pay_out(self, order_id: int) -> RefundState | None:
        """The withdrawal's money back through the gateway (the job, and once right after
        the withdrawal). Nothing if it went back already; a failure is counted on the
        withdrawal and raised, so the job tries again later."""
        with self.uow() as uow:
            kept = uow.withdrawals.get(order_id)
            order = uow.orders.get(order_id)
        if kept is None or order is None:
            return None
        if kept.refund_state is RefundState.REFUNDED:
            return kept.refund_state
        if kept.refund > 0:
            try:
                if order.payment_id is None or order.provider != self.gateway.name:
                    raise LookupError(f"order {order.id} was not paid through "
                                      f"{self.gateway.name}")
                self.gateway.refund(order.payment_id, kept.refund, kept.currency,
                                    key=f"withdrawal:{order.id}")
            except Exception as error:
                said = " ".join(str(error).split())[:300] or type(error).__name__
                with self.uow() as uow:
                    uow.withdrawals.failed(order.id, f"{type(error).__name__}: {said}")
                    uow.commit()
                raise
        now = self.clock.now()
        with self.uow() as uow:
            if uow.withdrawals.refunded(order.id, now):
                uow.audit.record(now, self.gateway.name, "orders.withdrawal_refunded",
                                 str(order.id), {
                                     "member": order.member_id,
                                     "amount": format_money(kept.refund),
                                     "currency": kept.currency})
            uow.commit()
        return RefundState.REFUNDED

    def acknowledge(self, order_id: int) -> None:
        """The acknowledgement on a durable medium (the mail job): what was withdrawn,
        the credits taken back and kept, the refund, in the member's language. Sent
        whatever their mail settings say (it is no newsletter); not to an address that
        bounces or an account erased since."""
        with self.uow() as uow:
            kept = uow.withdrawals.get(order_id)
            order = uow.orders.get(order_id)
            if kept is None or order is None:
                return
            member = existing_member(uow, kept.member_id)
            site = site_of_member(uow, member)
            company = uow.companies.get(site.company_id)
        if not member.email:
            return
        zone = ZoneInfo(site.time_zone)
        paid_on: date = (order.paid_at or order.created_at).astimezone(zone).date()
        values: dict[str, str | int | date] = {
            **brand_values(site, company, member),
            "order": order.id, "paid_on": paid_on,
            "withdrawn_on": kept.requested_at.astimezone(zone).date(),
            "credits": kept.credits, "used": kept.used, "bought": order.credits,
            "amount": f"{kept.currency} {format_money(kept.refund)}",
            "paid": f"{order.currency} {format_money(order.amount)}",
            "link": f"{self.base_url.format(domain=site.domain)}/transactions/{order.id}",
        }
        mail = self.texts.compose(MAIL_KIND, member.language, values)
        self.mailer.send(member.email, mail.subject, mail.text, mail.html,
                         sender_name=site.mail_name or site.name,
                         message_id=f"<withdrawal-{order.id}@{site.domain}>")
