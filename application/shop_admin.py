"""Operators' shop work (issue 7): bundles per site and currency, discount codes, orders.
Every change is audit-logged."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation

import attrs

from application.ports.audit import Details
from application.ports.clock import Clock
from application.ports.shop import Refund
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.buyers import DIRECT_DEBIT_BLOCK
from application.shared.decisions import lift_decision, record_decision
from application.shared.lookups import existing_member
from application.shared.site_lookup import named_site
from domain.decisions import OTHER_TERMS, Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.money import format_money, parse_money
from domain.orders import Order, OrderStatus
from domain.price_lists import parse_credits, parse_offer, with_prices, without
from domain.pricing import Bundle, CodeStatus, DiscountCode, Validity


@attrs.frozen
class PriceList:
    """A site's bundles in one currency after a change, and what the change did: the
    bundles it added or priced anew, and those it took off (with their old prices)."""

    domain: str
    currency: str
    bundles: list[Bundle]
    changed: frozenset[int]  # credits of the bundles added or priced anew
    removed: list[Bundle]
    before: Mapping[int, int]  # credits: the old price of a bundle priced anew


@attrs.frozen
class OrderWithRefunds:
    order: Order
    refunds: list[Refund]


@attrs.frozen
class CodeFigures:
    """A discount code as operators see it: where it works, how often it was spent and
    the money its orders brought (per currency, cents; refunded orders bring none)."""

    code: DiscountCode
    domains: tuple[str, ...]
    uses: int
    revenue: Mapping[str, int]


def _currency(currency: str) -> str:
    currency = currency.strip().upper()
    if not (len(currency) == 3 and currency.isascii() and currency.isalpha()):
        raise DomainError("invalid_currency", value=currency)
    return currency


@attrs.frozen
class ShopAdministration:
    uow: UnitFactory[ShopUnit]
    clock: Clock

    def bundles(self, domain: str) -> list[Bundle]:
        with self.uow() as uow:
            return uow.bundles.of_site(named_site(uow, domain).id)

    def set_bundles(self, domain: str, currency: str, text: str, actor: str) -> PriceList:
        """Price the bundles named in ``text`` ('100:14.99,250:29.99', prices in currency
        units): each changes or is added, every other bundle stays as it is."""
        currency = _currency(currency)
        changes = parse_offer(text, currency)
        with self.uow() as uow:
            site = named_site(uow, domain)
            current = uow.bundles.of_site(site.id, currency)
            return self._change(uow, site.id, site.domain, currency, current,
                                with_prices(current, changes, currency), actor,
                                "bundles.set", {"set": text.strip()})

    def remove_bundles(self, domain: str, currency: str, names: Sequence[str],
                       actor: str) -> PriceList:
        """Take the bundles of these credits off the price list; orders keep theirs."""
        currency = _currency(currency)
        credits = [parse_credits(name) for name in names]
        if not credits:
            raise DomainError("invalid_bundle", value="")
        with self.uow() as uow:
            site = named_site(uow, domain)
            current = uow.bundles.of_site(site.id, currency)
            return self._change(uow, site.id, site.domain, currency, current,
                                without(current, credits, currency), actor,
                                "bundles.remove", {"removed": credits})

    def _change(self, uow: ShopUnit, site_id: int, domain: str, currency: str,
                current: list[Bundle], wanted: list[Bundle], actor: str, action: str,
                details: Details) -> PriceList:
        uow.bundles.replace(site_id, currency, wanted)
        after = uow.bundles.of_site(site_id, currency)
        old = {b.credits: b.price for b in current}
        changed = frozenset(b.credits for b in after if old.get(b.credits) != b.price)
        removed = [b for b in current if b.credits not in {a.credits for a in after}]
        uow.audit.record(self.clock.now(), actor, action, domain, {
            "currency": currency, **details,
            "before": {str(c): format_money(p) for c, p in old.items()},
            "after": {str(b.credits): format_money(b.price) for b in after}})
        uow.commit()
        return PriceList(domain=domain, currency=currency, bundles=after, changed=changed,
                         removed=removed,
                         before={c: old[c] for c in changed if c in old})

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
                    minimum: str = "0", unlimited: bool = False,
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
        currency = _currency(currency) if currency else None
        minimum_order_value = parse_money(minimum)
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
                              "member": member_id, "currency": currency,
                              "minimum": format_money(minimum_order_value)})
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

    def orders(self, domain: str | None, status: str | None, limit: int, *,
               member_id: int | None = None, since: datetime | None = None) -> list[Order]:
        """Orders newest first: of a site, in a status, of a member, made since then."""
        if status and status not in {s.value for s in OrderStatus}:
            raise DomainError("invalid_order_status", value=status,
                              valid=", ".join(s.value for s in OrderStatus))
        with self.uow() as uow:
            site_id = named_site(uow, domain).id if domain else None
            if member_id is not None:
                existing_member(uow, member_id)
            return uow.shop_queries.recent_orders(site_id, status, limit,
                                                  member_id=member_id, since=since)

    def site_domains(self) -> dict[int, str]:
        """Every site's domain by its id (listings name sites as operators type them)."""
        with self.uow() as uow:
            return {site.id: site.domain for site in uow.sites.all()}

    def order(self, order_id: int) -> Order:
        return self.order_with_refunds(order_id).order

    def order_with_refunds(self, order_id: int) -> OrderWithRefunds:
        with self.uow() as uow:
            order = uow.orders.get(order_id)
            if order is None:
                raise DomainError("order_not_found")
            return OrderWithRefunds(order, uow.orders.refunds(order_id))
