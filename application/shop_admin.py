"""Operators' shop work (issue 7): bundles per site and currency, discount codes, orders.
Every change is audit-logged."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation

import attrs

from application.accounts import existing_member
from application.decisions import lift_decision, record_decision
from application.ports.clock import Clock
from application.ports.unit_of_work import UnitOfWorkFactory
from application.shop import DIRECT_DEBIT_BLOCK
from application.sites import named_site
from domain.credits import MAX_AMOUNT
from domain.decisions import OTHER_TERMS, Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle, CodeStatus, DiscountCode, Validity

MAX_BUNDLES = 8
# Credits as one ledger entry may move them; a price up to a million in any currency (in
# cents well inside the database's integers). ASCII digits only: int() and Decimal() would
# also take 1_000, Arabic digits and 1e20.
MAX_PRICE = 100_000_000
_BUNDLE = re.compile(r"\s*([0-9]{1,9})\s*:\s*([0-9]{1,9}(?:\.[0-9]{1,2})?)\s*")


@attrs.frozen
class CodeFigures:
    """A discount code as operators see it: where it works, how often it was spent and
    the money its orders brought (per currency, cents; refunded orders bring none)."""

    code: DiscountCode
    domains: tuple[str, ...]
    uses: int
    revenue: Mapping[str, int]


def parse_bundles(text: str, currency: str) -> list[Bundle]:
    """'100:14.99,250:29.99' → bundles of 100 credits for 14.99 and 250 for 29.99."""
    bundles = []
    for part in filter(None, (item.strip() for item in text.split(","))):
        numbers = _BUNDLE.fullmatch(part)
        credits, cents = (int(numbers[1]), int(Decimal(numbers[2]) * 100)) if numbers else (0, 0)
        if not (0 < credits <= MAX_AMOUNT and 0 < cents <= MAX_PRICE):
            raise DomainError("invalid_bundle", value=part)
        bundles.append(Bundle(id=0, site_id=0, credits=credits, price=cents, currency=currency))
    if not 0 < len(bundles) <= MAX_BUNDLES:
        raise DomainError("invalid_bundle", value=text)
    return bundles


@attrs.frozen
class ShopAdministration:
    uow: UnitOfWorkFactory
    clock: Clock

    def bundles(self, domain: str) -> list[Bundle]:
        with self.uow() as uow:
            return uow.bundles.of_site(named_site(uow, domain).id)

    def set_bundles(self, domain: str, currency: str, text: str, actor: str) -> list[Bundle]:
        currency = currency.strip().upper()
        if len(currency) != 3 or not currency.isalpha():
            raise DomainError("invalid_currency", value=currency)
        bundles = parse_bundles(text, currency)
        now = self.clock.now()
        with self.uow() as uow:
            site = named_site(uow, domain)
            uow.bundles.replace(site.id, currency, bundles)
            uow.audit.record(now, actor, "bundles.set", site.domain,
                             {"currency": currency, "bundles": text})
            uow.commit()
            return uow.bundles.of_site(site.id, currency)

    def codes(self) -> list[CodeFigures]:
        """Every code with the domains it is meant for, its uses and revenue."""
        with self.uow() as uow:
            domains = {site.id: site.domain for site in uow.sites.all()}
            figures: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
            for code, currency, uses, revenue in uow.shop_queries.code_figures():
                figures[code].append((currency, uses, revenue))
            return [CodeFigures(code=code, domains=tuple(domains.get(i, f"#{i}")
                                                         for i in code.site_ids),
                                uses=sum(uses for _, uses, _ in figures[code.code]),
                                revenue={currency: revenue
                                         for currency, _, revenue in figures[code.code]})
                    for code in uow.discount_codes.all()]

    def code(self, code: str) -> CodeFigures:
        wanted = code.strip().upper()
        found = next((c for c in self.codes() if c.code.code == wanted), None)
        if found is None:
            raise DomainError("code_not_found")
        return found

    def create_code(self, code: str, percentage: str, actor: str, *,
                    expires: datetime | None = None, country: str | None = None,
                    minimum_order_value: int = 0, unlimited: bool = False,
                    methods: Sequence[str] = (), sites: Sequence[str] = (),
                    member_id: int | None = None, currency: str | None = None
                    ) -> DiscountCode:
        """A code; scoped, it works only on those sites, for that member, in that
        currency (the shop refuses it elsewhere as if it did not exist)."""
        code = code.strip().upper()
        if not code.isalnum() or not 3 <= len(code) <= 40:
            raise DomainError("invalid_discount", field="code")
        try:
            value = Decimal(percentage)
        except InvalidOperation:
            raise DomainError("invalid_discount", field="value_percentage") from None
        currency = currency.strip().upper() if currency else None
        if currency is not None and not (len(currency) == 3 and currency.isascii()
                                         and currency.isalpha()):
            raise DomainError("invalid_currency", value=currency)
        now = self.clock.now()
        with self.uow() as uow:
            site_ids = tuple(dict.fromkeys(named_site(uow, domain).id for domain in sites))
            if member_id is not None:
                existing_member(uow, member_id)
            discount = DiscountCode(
                code=code, value_percentage=value, expires=expires,
                country=country.upper() if country else None,
                minimum_order_value=minimum_order_value, paymentmethods=tuple(methods),
                validity=Validity.UNLIMITED if unlimited else Validity.ONCE_PER_USER,
                site_ids=site_ids, member_id=member_id, currency=currency)
            if uow.discount_codes.get(code) is not None:
                raise DomainError("discount_exists", value=code)
            uow.discount_codes.add(discount, now)
            uow.audit.record(now, actor, "discounts.create", code,
                             {"value_percentage": str(value), "country": discount.country,
                              "sites": [d.strip().lower() for d in sites],
                              "member": member_id, "currency": currency})
            uow.commit()
        return discount

    def disable_code(self, code: str, actor: str) -> None:
        code = code.strip().upper()
        now = self.clock.now()
        with self.uow() as uow:
            if uow.discount_codes.get(code) is None:
                raise DomainError("code_not_found")
            uow.discount_codes.set_status(code, CodeStatus.DISABLED)
            uow.audit.record(now, actor, "discounts.disable", code, {})
            uow.commit()

    def block_directdebit(self, member_id: int, blocked: bool, reason: str, actor: str, *,
                          ground: Ground = OTHER_TERMS, notice_id: int | None = None,
                          facts: str | None = None) -> None:
        """Operators keep a member from (or let them back to) paying by direct debit; a
        block is a decision the member is told of (the facts, else the reason), and
        unblocking lifts it."""
        if not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            uow.member_flags.remove(member_id, DIRECT_DEBIT_BLOCK)
            lift_decision(uow, member_id, Restriction.DIRECT_DEBIT_BLOCKED, None, actor, now)
            if blocked:
                uow.member_flags.add(member_id, DIRECT_DEBIT_BLOCK, {"reason": reason.strip()}, now)
                record_decision(uow, member, Restricting(
                    restriction=Restriction.DIRECT_DEBIT_BLOCKED,
                    item_kind=ItemKind.PAYMENT_METHOD, item_id=None, facts=facts or reason,
                    ground=ground, notice_id=notice_id), actor, now)
            uow.audit.record(now, actor, "members.directdebit_" + ("block" if blocked
                                                                    else "unblock"),
                             str(member_id), {"reason": reason.strip()})
            uow.commit()

    def orders(self, domain: str | None, status: str | None, limit: int) -> list[Order]:
        if status and status not in {s.value for s in OrderStatus}:
            raise DomainError("invalid_request", detail="status")
        with self.uow() as uow:
            site_id = named_site(uow, domain).id if domain else None
            return uow.shop_queries.recent_orders(site_id, status, limit)

    def order(self, order_id: int) -> Order:
        with self.uow() as uow:
            order = uow.orders.get(order_id)
        if order is None:
            raise DomainError("order_not_found")
        return order
