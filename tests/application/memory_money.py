"""In-memory ledger, shop and direct debit, keeping the SQL adapters' guarantees: the
balance never goes below zero, one entry per key, a member's reserved code held by one
live order at most, an order moves only from the status it was read in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import attrs

from application.ports.audit import Details
from application.ports.direct_debit import BankMandate, SignedMandate
from application.ports.shop import MemberFlag, Refund
from domain.credits import EntryKind, LedgerEntry
from domain.direct_debit import MAX_ATTEMPTS, SmsCode
from domain.errors import DomainError
from domain.orders import CODE_HELD, CODE_SPENT, Order, OrderStatus
from domain.pricing import Bundle, CodeStatus, DiscountCode
from domain.vat import OrderVat
from tests.application.memory_store import Duplicate, MemoryStore, Row

NOT_COUNTED = (OrderStatus.FAILED, OrderStatus.CANCELED, OrderStatus.EXPIRED)


class MemoryLedger:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def balance(self, member_id: int) -> int:
        return self.store.balances.get(member_id, 0)

    def find(self, member_id: int, key: str) -> LedgerEntry | None:
        return next((e for e in self.store.ledger if (e.member_id, e.key) == (member_id, key)),
                    None)

    def apply(self, member_id: int, kind: EntryKind, change: int, key: str, reason: str,
              at: datetime) -> LedgerEntry | None:
        after = self.balance(member_id) + change
        if after < 0:
            return None  # the conditional UPDATE matched no row
        if self.find(member_id, key) is not None:
            raise Duplicate("uq_credit_ledger_key")
        entry = LedgerEntry(member_id=member_id, kind=kind, amount=change, balance_after=after,
                            key=key, at=at, reason=reason)
        self.store.balances[member_id] = after
        self.store.ledger.append(entry)
        return entry

    def entries(self, member_id: int, limit: int = 500) -> list[LedgerEntry]:
        return [e for e in self.store.ledger if e.member_id == member_id][:limit]

    def lots(self, member_id: int) -> list[LedgerEntry]:
        return [e for e in self.store.ledger if e.member_id == member_id
                and (e.amount > 0 or e.kind is EntryKind.REVOKE)]


@attrs.frozen
class BundleRow:
    bundle: Bundle
    active: bool


class MemoryBundles:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def of_site(self, site_id: int, currency: str | None = None) -> list[Bundle]:
        offered = [row.bundle for row in self.store.bundles if row.active
                   and row.bundle.site_id == site_id
                   and (not currency or row.bundle.currency == currency)]
        return sorted(offered, key=lambda b: (b.currency, b.position, b.id))

    def replace(self, site_id: int, currency: str, bundles: Iterable[Bundle]) -> None:
        rows = self.store.bundles
        offered = {b.id: b for b in self.of_site(site_id, currency)}
        kept: dict[int, int] = {}  # bundle id: its new position
        added: list[Bundle] = []
        for position, bundle in enumerate(bundles):
            same = offered.get(bundle.id)
            if same is not None and (same.credits, same.price) == (bundle.credits,
                                                                   bundle.price):
                kept[same.id] = position
            else:
                added.append(attrs.evolve(bundle, site_id=site_id, currency=currency,
                                          position=position))
        rows[:] = [BundleRow(attrs.evolve(row.bundle, position=kept[row.bundle.id]), True)
                   if row.bundle.id in kept
                   else attrs.evolve(row, active=False) if row.active and (
                       row.bundle.site_id, row.bundle.currency) == (site_id, currency)
                   else row for row in rows]
        for bundle in added:
            rows.append(BundleRow(attrs.evolve(bundle, id=len(rows) + 1), True))


class MemoryDiscountCodes:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def get(self, code: str) -> DiscountCode | None:
        return self.store.codes.get(code)

    def all(self) -> list[DiscountCode]:
        return [self.store.codes[code] for code in sorted(self.store.codes)]

    def add(self, code: DiscountCode, at: datetime) -> None:
        if code.code in self.store.codes:
            raise Duplicate("discount_codes")
        self.store.codes[code.code] = code

    def keep(self, code: DiscountCode, at: datetime) -> DiscountCode:
        return self.store.codes.setdefault(code.code, code)

    def set_status(self, code: str, status: CodeStatus) -> None:
        if code in self.store.codes:
            self.store.codes[code] = attrs.evolve(self.store.codes[code], status=status)

    def set_sites(self, code: str, site_ids: Sequence[int]) -> None:
        if code in self.store.codes:
            self.store.codes[code] = attrs.evolve(self.store.codes[code],
                                                  site_ids=tuple(site_ids))

    def used_by(self, member_id: int, code: str) -> bool:
        return any(o.member_id == member_id and o.discount_code == code
                   and o.status in CODE_HELD for o in self.store.orders.values())


class MemoryOrders:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add(self, order: Order) -> Order:
        if order.reserved_code is not None and any(
                (o.member_id, o.reserved_code) == (order.member_id, order.reserved_code)
                for o in self.store.orders.values()):
            raise DomainError("code_used")  # uq_orders_reserved_code
        order = attrs.evolve(order, id=len(self.store.orders) + 1)
        self.store.orders[order.id] = order
        return order

    def get(self, order_id: int) -> Order | None:
        return self.store.orders.get(order_id)

    def by_payment(self, provider: str, payment_id: str) -> Order | None:
        return next((o for o in self.store.orders.values()
                     if (o.provider, o.payment_id) == (provider, payment_id)), None)

    def set_payment(self, order_id: int, payment_id: str, checkout_url: str) -> None:
        if self.by_payment(self.store.orders[order_id].provider, payment_id) is not None:
            raise Duplicate("uq_orders_payment")
        self.store.orders[order_id] = attrs.evolve(self.store.orders[order_id],
                                                   payment_id=payment_id,
                                                   checkout_url=checkout_url)

    def advance(self, order_id: int, before: OrderStatus, after: OrderStatus,
                at: datetime | None) -> bool:
        order = self.store.orders.get(order_id)
        if order is None or order.status is not before:
            return False
        moved = attrs.evolve(order, status=after)
        if after not in CODE_HELD:
            moved = attrs.evolve(moved, reserved_code=None)  # an unpaid end frees the code
        if at is not None and after is OrderStatus.PAID:
            moved = attrs.evolve(moved, paid_at=at)
        self.store.orders[order_id] = moved
        return True

    def give_back(self, order_id: int, amount: int) -> int | None:
        order = self.store.orders.get(order_id)
        if order is None or order.refunded + amount > order.amount:
            return None
        self.store.orders[order_id] = attrs.evolve(order, refunded=order.refunded + amount)
        return order.refunded + amount

    def set_vat(self, order_id: int, payment_country: str | None, vat: OrderVat) -> None:
        self.store.orders[order_id] = attrs.evolve(
            self.store.orders[order_id], payment_country=payment_country,
            vat_country=vat.country, vat_rate_bp=vat.rate_bp, vat_amount=vat.amount,
            net_amount=vat.net)

    def add_refund(self, refund: Refund) -> None:
        self.store.refunds.append(refund)

    def refunds(self, order_id: int) -> list[Refund]:
        return [r for r in self.store.refunds if r.order_id == order_id]

    def holding(self, member_id: int, reserved_code: str) -> Order | None:
        return next((o for o in self.store.orders.values()
                     if (o.member_id, o.reserved_code) == (member_id, reserved_code)), None)

    def last_paid(self, member_id: int) -> Order | None:
        paid = [o for o in self.store.orders.values()
                if o.member_id == member_id and o.status is OrderStatus.PAID]
        return max(paid, key=lambda o: o.id, default=None)

    def count_by_method_since(self, member_id: int, method: str, since: datetime) -> int:
        return sum(1 for o in self.store.orders.values()
                   if (o.member_id, o.method) == (member_id, method) and o.created_at >= since
                   and o.status not in NOT_COUNTED)


class MemoryMemberFlags:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add(self, member_id: int, flag: str, details: Details, at: datetime) -> None:
        self.store.flags.append((member_id, MemberFlag(flag, details, at)))

    def of_member(self, member_id: int) -> list[MemberFlag]:
        return [flag for who, flag in self.store.flags if who == member_id]

    def remove(self, member_id: int, flag: str) -> None:
        self.store.flags[:] = [(who, f) for who, f in self.store.flags
                               if (who, f.flag) != (member_id, flag)]


class MemoryShopQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _newest(self) -> list[Order]:
        return sorted(self.store.orders.values(), key=lambda o: -o.id)

    def orders_of(self, member_id: int, limit: int = 100) -> list[Order]:
        return [o for o in self._newest() if o.member_id == member_id][:limit]

    def recent_orders(self, site_id: int | None, status: str | None, limit: int, *,
                      member_id: int | None = None, since: datetime | None = None
                      ) -> list[Order]:
        return [o for o in self._newest() if site_id in (None, o.site_id)
                and (not status or o.status.value == status)
                and member_id in (None, o.member_id)
                and (since is None or o.created_at >= since)][:limit]

    def code_figures(self) -> list[tuple[str, str, int, int]]:
        figures: dict[tuple[str, str], tuple[int, int]] = {}
        for o in self.store.orders.values():
            if o.discount_code is None or o.status not in CODE_SPENT:
                continue
            uses, revenue = figures.get((o.discount_code, o.currency), (0, 0))
            kept = o.amount - o.refunded if o.status is OrderStatus.PAID else 0
            figures[o.discount_code, o.currency] = (uses + 1, revenue + kept)
        return [(code, currency, uses, revenue)
                for (code, currency), (uses, revenue) in sorted(figures.items())]


@attrs.define
class SmsRow(Row):
    id: int
    member_id: int
    code: SmsCode
    created_at: datetime


class MemoryDirectDebit:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def sms_sent_since(self, member_id: int, since: datetime) -> int:
        return sum(1 for row in self.store.sms_codes
                   if row.member_id == member_id and row.created_at >= since)

    def add_sms_code(self, member_id: int, phone: str, code_hash: str, expires_at: datetime,
                     at: datetime) -> None:
        self.store.sms_codes.append(SmsRow(len(self.store.sms_codes) + 1, member_id,
                                           SmsCode(phone=phone, code_hash=code_hash,
                                                   expires_at=expires_at, attempts=0), at))

    def latest_sms_code(self, member_id: int) -> tuple[int, SmsCode] | None:
        mine = [row for row in self.store.sms_codes if row.member_id == member_id]
        return (mine[-1].id, mine[-1].code) if mine else None

    def sms_attempt(self, code_id: int) -> None:
        row = self.store.sms_codes[code_id - 1]
        row.code = attrs.evolve(row.code, attempts=row.code.attempts + 1)

    def forget_sms_codes(self, member_id: int) -> None:
        for row in self.store.sms_codes:
            if row.member_id == member_id:
                row.code = attrs.evolve(row.code, attempts=MAX_ATTEMPTS)

    def add_mandate(self, member_id: int, mandate: BankMandate, at: datetime) -> None:
        signed = SignedMandate(**attrs.asdict(mandate), id=len(self.store.mandates) + 1,
                               signed_at=at)
        self.store.mandates.append((member_id, signed))

    def latest_mandate(self, member_id: int) -> SignedMandate | None:
        mine = [signed for who, signed in self.store.mandates if who == member_id]
        return mine[-1] if mine else None
