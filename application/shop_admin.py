"""Operators' shop work (issue 7): bundles per site and currency, discount codes, orders.
Every change is audit-logged."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation

import attrs

from application.accounts import existing_member
from application.ports import Clock, UnitOfWorkFactory
from application.shop import DIRECT_DEBIT_BLOCK
from application.sites import named_site
from domain.errors import DomainError
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle, CodeStatus, DiscountCode, Validity

MAX_BUNDLES = 8


def parse_bundles(text: str, currency: str) -> list[Bundle]:
    """'100:14.99,250:29.99' → bundles of 100 credits for 14.99 and 250 for 29.99."""
    bundles = []
    for part in filter(None, (item.strip() for item in text.split(","))):
        try:
            credits, price = part.split(":")
            cents = (Decimal(price) * 100).quantize(Decimal(1))
            bundles.append(Bundle(id=0, site_id=0, credits=int(credits), price=int(cents),
                                  currency=currency))
        except (ValueError, InvalidOperation):
            raise DomainError("invalid_bundle", value=part) from None
    if not 0 < len(bundles) <= MAX_BUNDLES:
        raise DomainError("invalid_bundle", value=text)
    return bundles


@attrs.frozen
class ShopAdministration:
    uow: UnitOfWorkFactory
    clock: Clock

    def bundles(self, domain: str) -> list[Bundle]:
        with self.uow() as uow:
            return uow.shop.bundles(named_site(uow, domain).id)

    def set_bundles(self, domain: str, currency: str, text: str, actor: str) -> list[Bundle]:
        currency = currency.strip().upper()
        if len(currency) != 3 or not currency.isalpha():
            raise DomainError("invalid_currency", value=currency)
        bundles = parse_bundles(text, currency)
        now = self.clock.now()
        with self.uow() as uow:
            site = named_site(uow, domain)
            uow.shop.replace_bundles(site.id, currency, bundles)
            uow.audit.record(now, actor, "bundles.set", site.domain,
                             {"currency": currency, "bundles": text})
            uow.commit()
            return uow.shop.bundles(site.id, currency)

    def codes(self) -> list[DiscountCode]:
        with self.uow() as uow:
            return uow.shop.codes()

    def create_code(self, code: str, percentage: str, actor: str, *,
                    expires: datetime | None = None, country: str | None = None,
                    minimum_order_value: int = 0, unlimited: bool = False,
                    methods: Sequence[str] = ()) -> DiscountCode:
        code = code.strip().upper()
        if not code.isalnum() or not 3 <= len(code) <= 40:
            raise DomainError("invalid_discount", field="code")
        try:
            value = Decimal(percentage)
        except InvalidOperation:
            raise DomainError("invalid_discount", field="value_percentage") from None
        discount = DiscountCode(
            code=code, value_percentage=value, expires=expires,
            country=country.upper() if country else None,
            minimum_order_value=minimum_order_value, paymentmethods=tuple(methods),
            validity=Validity.UNLIMITED if unlimited else Validity.ONCE_PER_USER)
        now = self.clock.now()
        with self.uow() as uow:
            if uow.shop.code(code) is not None:
                raise DomainError("discount_exists", value=code)
            uow.shop.add_code(discount, now)
            uow.audit.record(now, actor, "discounts.create", code,
                             {"value_percentage": str(value), "country": discount.country})
            uow.commit()
        return discount

    def disable_code(self, code: str, actor: str) -> None:
        code = code.strip().upper()
        now = self.clock.now()
        with self.uow() as uow:
            if uow.shop.code(code) is None:
                raise DomainError("code_not_found")
            uow.shop.set_code_status(code, CodeStatus.DISABLED)
            uow.audit.record(now, actor, "discounts.disable", code, {})
            uow.commit()

    def block_directdebit(self, member_id: int, blocked: bool, reason: str, actor: str) -> None:
        """Operators keep a member from (or let them back to) paying by direct debit."""
        if not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            existing_member(uow, member_id)
            uow.shop.unflag(member_id, DIRECT_DEBIT_BLOCK)
            if blocked:
                uow.shop.flag(member_id, DIRECT_DEBIT_BLOCK, {"reason": reason.strip()}, now)
            uow.audit.record(now, actor, "members.directdebit_" + ("block" if blocked
                                                                    else "unblock"),
                             str(member_id), {"reason": reason.strip()})
            uow.commit()

    def orders(self, domain: str | None, status: str | None, limit: int) -> list[Order]:
        if status and status not in {s.value for s in OrderStatus}:
            raise DomainError("invalid_request", detail="status")
        with self.uow() as uow:
            site_id = named_site(uow, domain).id if domain else None
            return uow.shop.recent(site_id, status, limit)

    def order(self, order_id: int) -> Order:
        with self.uow() as uow:
            order = uow.shop.order(order_id)
        if order is None:
            raise DomainError("order_not_found")
        return order
