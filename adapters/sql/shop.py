"""Bundles, discount codes, orders and member flags in SQL, and the shop's listings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

import attrs
from sqlalchemy import Connection, case, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from adapters.sql import tables as t
from adapters.sql.engine import inserted_id
from adapters.sql.upsert import insert_unless_exists
from application.ports.audit import Details
from application.ports.shop import MemberFlag, Refund
from domain.errors import DomainError
from domain.orders import CODE_HELD, CODE_SPENT, TAKEN_BACK, Order, OrderStatus
from domain.pricing import Bundle, CodeStatus, DiscountCode, Validity
from domain.vat import OrderVat

bu, dc, od, mf, rf = t.bundles, t.discount_codes, t.orders, t.member_flags, t.order_refunds


def _bundle(row: Any) -> Bundle:
    return Bundle(id=row.id, site_id=row.site_id, credits=row.credits, price=row.price,
                  currency=row.currency, position=row.position)


def _code(row: Any) -> DiscountCode:
    return DiscountCode(
        code=row.code, value_percentage=Decimal(row.value_percentage),
        status=CodeStatus(row.status), validity=Validity(row.validity), expires=row.expires,
        country=row.country, member_id=row.member_id, currency=row.currency,
        minimum_order_value=row.minimum_order_value,
        paymentmethods=tuple(row.paymentmethods), site_ids=tuple(row.site_ids or ()))


def _order(row: Any) -> Order:
    return Order(id=row.id, member_id=row.member_id, site_id=row.site_id,
                 bundle_id=row.bundle_id, credits=row.credits, amount=row.amount,
                 currency=row.currency, method=row.method, status=OrderStatus(row.status),
                 discount_code=row.discount_code, reserved_code=row.reserved_code,
                 issuer=row.issuer, provider=row.provider,
                 payment_id=row.payment_id, checkout_url=row.checkout_url,
                 created_at=row.created_at, paid_at=row.paid_at, country=row.country,
                 geoip_country=row.geoip_country, profile_country=row.profile_country,
                 refunded=row.refunded, consent_version=row.consent_version,
                 consent_at=row.consent_at, payment_country=row.payment_country,
                 vat_country=row.vat_country, vat_rate_bp=row.vat_rate_bp,
                 vat_amount=row.vat_amount, net_amount=row.net_amount)


def _refund(row: Any) -> Refund:
    return Refund(order_id=row.order_id, amount=row.amount, credits=row.credits,
                  missing=row.missing, kind=row.kind, reason=row.reason, actor=row.actor,
                  created_at=row.created_at)


@attrs.define
class SqlBundles:
    connection: Connection

    def of_site(self, site_id: int, currency: str | None = None) -> list[Bundle]:
        query = select(bu).where(bu.c.site_id == site_id, bu.c.active.is_(True))
        if currency:
            query = query.where(bu.c.currency == currency)
        return [_bundle(row) for row in self.connection.execute(
            query.order_by(bu.c.currency, bu.c.position, bu.c.id))]

    def replace(self, site_id: int, currency: str, bundles: Iterable[Bundle]) -> None:
        """Bundles on offer here that are given again (by id, same credits and price)
        stay the same rows; the others are added. Old bundles stay (orders point at
        them) but are no longer offered."""
        offered = {b.id: b for b in self.of_site(site_id, currency)}
        kept: list[int] = []
        for position, bundle in enumerate(bundles):
            same = offered.get(bundle.id)
            if same is not None and (same.credits, same.price) == (bundle.credits,
                                                                   bundle.price):
                kept.append(same.id)
                if same.position != position:
                    self.connection.execute(update(bu).where(bu.c.id == same.id)
                                            .values(position=position))
                continue
            kept.append(inserted_id(self.connection.execute(insert(bu).values(
                site_id=site_id, credits=bundle.credits, price=bundle.price,
                currency=currency, position=position, active=True))))
        self.connection.execute(update(bu).where(
            bu.c.site_id == site_id, bu.c.currency == currency, bu.c.active.is_(True),
            bu.c.id.notin_(kept)).values(active=False))


@attrs.define
class SqlDiscountCodes:
    connection: Connection

    def get(self, code: str) -> DiscountCode | None:
        row = self.connection.execute(select(dc).where(dc.c.code == code)).first()
        return _code(row) if row else None

    def all(self) -> list[DiscountCode]:
        return [_code(row) for row in self.connection.execute(select(dc).order_by(dc.c.code))]

    @staticmethod
    def _code_values(code: DiscountCode, at: datetime) -> dict[str, Any]:
        return dict(
            code=code.code, value_percentage=str(code.value_percentage),
            status=code.status.value, validity=code.validity.value, expires=code.expires,
            country=code.country, member_id=code.member_id, currency=code.currency,
            minimum_order_value=code.minimum_order_value,
            paymentmethods=list(code.paymentmethods), created_at=at,
            site_ids=list(code.site_ids) or None)

    def add(self, code: DiscountCode, at: datetime) -> None:
        self.connection.execute(insert(dc).values(**self._code_values(code, at)))

    def keep(self, code: DiscountCode, at: datetime) -> DiscountCode:
        values = self._code_values(code, at)
        insert_unless_exists(self.connection, dc, **values)
        kept = self.get(code.code)
        assert kept is not None
        return kept

    def set_status(self, code: str, status: CodeStatus) -> None:
        self.connection.execute(update(dc).where(dc.c.code == code).values(status=status.value))

    def set_sites(self, code: str, site_ids: Sequence[int]) -> None:
        self.connection.execute(update(dc).where(dc.c.code == code)
                                .values(site_ids=list(site_ids) or None))

    def used_by(self, member_id: int, code: str) -> bool:
        """A code counts as used by a paid order, and as taken by an open one."""
        return self.connection.execute(select(od.c.id).where(
            od.c.member_id == member_id, od.c.discount_code == code,
            od.c.status.in_([status.value for status in CODE_HELD])).limit(1)
        ).first() is not None


@attrs.define
class SqlOrders:
    connection: Connection

    def add(self, order: Order) -> Order:
        values = attrs.asdict(order, recurse=False)
        values.pop("id")
        values["status"] = order.status.value
        try:
            order_id = self.connection.execute(insert(od).values(**values).returning(od.c.id))
        except IntegrityError:
            # uq_orders_reserved_code: a parallel order took the code first.
            if order.reserved_code is None:
                raise
            raise DomainError("code_used") from None
        return attrs.evolve(order, id=int(order_id.scalar_one()))

    def set_payment(self, order_id: int, payment_id: str, checkout_url: str) -> None:
        self.connection.execute(update(od).where(od.c.id == order_id).values(
            payment_id=payment_id, checkout_url=checkout_url))

    def get(self, order_id: int) -> Order | None:
        row = self.connection.execute(select(od).where(od.c.id == order_id)).first()
        return _order(row) if row else None

    def by_payment(self, provider: str, payment_id: str) -> Order | None:
        row = self.connection.execute(select(od).where(
            od.c.provider == provider, od.c.payment_id == payment_id)).first()
        return _order(row) if row else None

    def advance(self, order_id: int, before: OrderStatus, after: OrderStatus,
                at: datetime | None) -> bool:
        """Move the order only if it is still ``before``: of two webhooks racing for one
        payment, exactly one makes the step (the other waits on the row, then sees it
        moved)."""
        values: dict[str, Any] = {"status": after.value}
        if after not in CODE_HELD:
            values["reserved_code"] = None  # an order that ends unpaid frees its code
        if at is not None and after is OrderStatus.PAID:
            values["paid_at"] = at
        if at is not None and after in TAKEN_BACK:  # when the money went back (figures)
            values["refunded_at"] = at
        moved = self.connection.execute(update(od).where(
            od.c.id == order_id, od.c.status == before.value).values(**values))
        return moved.rowcount == 1

    def give_back(self, order_id: int, amount: int) -> int | None:
        """Count ``amount`` more cents as given back if they fit in what the order
        charged (one conditional UPDATE: of two refunds racing, the second finds what
        the first left); the order's new total, or None when they do not fit."""
        moved = self.connection.execute(update(od).where(
            od.c.id == order_id, od.c.refunded + amount <= od.c.amount)
            .values(refunded=od.c.refunded + amount))
        if moved.rowcount != 1:
            return None
        return int(self.connection.execute(select(od.c.refunded).where(
            od.c.id == order_id)).scalar_one())

    def set_vat(self, order_id: int, payment_country: str | None, vat: OrderVat) -> None:
        self.connection.execute(update(od).where(od.c.id == order_id).values(
            payment_country=payment_country, vat_country=vat.country,
            vat_rate_bp=vat.rate_bp, vat_amount=vat.amount, net_amount=vat.net))

    def add_refund(self, refund: Refund) -> None:
        self.connection.execute(insert(rf).values(**attrs.asdict(refund, recurse=False)))

    def refunds(self, order_id: int) -> list[Refund]:
        return [_refund(row) for row in self.connection.execute(
            select(rf).where(rf.c.order_id == order_id).order_by(rf.c.id))]

    def holding(self, member_id: int, reserved_code: str) -> Order | None:
        # uq_orders_reserved_code: one row at most.
        row = self.connection.execute(select(od).where(
            od.c.member_id == member_id, od.c.reserved_code == reserved_code)).first()
        return _order(row) if row else None

    def last_paid(self, member_id: int) -> Order | None:
        row = self.connection.execute(select(od).where(
            od.c.member_id == member_id, od.c.status == OrderStatus.PAID.value)
            .order_by(od.c.id.desc()).limit(1)).first()
        return _order(row) if row else None

    def count_by_method_since(self, member_id: int, method: str, since: datetime) -> int:
        return int(self.connection.execute(select(func.count()).select_from(od).where(
            od.c.member_id == member_id, od.c.method == method, od.c.created_at >= since,
            od.c.status.notin_((OrderStatus.FAILED.value, OrderStatus.CANCELED.value,
                                OrderStatus.EXPIRED.value)))).scalar_one())


@attrs.define
class SqlMemberFlags:
    connection: Connection

    def add(self, member_id: int, flag: str, details: Details, at: datetime) -> None:
        self.connection.execute(insert(mf).values(
            member_id=member_id, flag=flag, details=details, created_at=at))

    def of_member(self, member_id: int) -> list[MemberFlag]:
        rows = self.connection.execute(select(mf).where(
            mf.c.member_id == member_id).order_by(mf.c.id))
        return [MemberFlag(row.flag, row.details, row.created_at) for row in rows]

    def remove(self, member_id: int, flag: str) -> None:
        self.connection.execute(delete(mf).where(
            mf.c.member_id == member_id, mf.c.flag == flag))


@attrs.define
class SqlShopQueries:
    connection: Connection

    def orders_of(self, member_id: int, limit: int = 100) -> list[Order]:
        rows = self.connection.execute(select(od).where(od.c.member_id == member_id)
                                       .order_by(od.c.id.desc()).limit(limit))
        return [_order(row) for row in rows]

    def recent_orders(self, site_id: int | None, status: str | None, limit: int, *,
                      member_id: int | None = None, since: datetime | None = None
                      ) -> list[Order]:
        query = select(od).order_by(od.c.id.desc()).limit(limit)
        if site_id is not None:
            query = query.where(od.c.site_id == site_id)
        if status:
            query = query.where(od.c.status == status)
        if member_id is not None:
            query = query.where(od.c.member_id == member_id)
        if since is not None:
            query = query.where(od.c.created_at >= since)
        return [_order(row) for row in self.connection.execute(query)]

    def code_figures(self) -> list[tuple[str, str, int, int]]:
        """(code, currency, uses, revenue): orders that spent each code (paid, refunded or
        charged back) and the money kept from them (paid less refunded), per currency."""
        kept = func.sum(case((od.c.status == OrderStatus.PAID.value,
                              od.c.amount - od.c.refunded), else_=0))
        rows = self.connection.execute(
            select(od.c.discount_code, od.c.currency, func.count(), kept)
            .where(od.c.discount_code.is_not(None),
                   od.c.status.in_([status.value for status in CODE_SPENT]))
            .group_by(od.c.discount_code, od.c.currency)
            .order_by(od.c.discount_code, od.c.currency))
        return [(row[0], row[1], int(row[2]), int(row[3] or 0)) for row in rows]
