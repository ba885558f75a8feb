"""The shop: credit bundles, discount codes, orders and the flags payments leave on a
member; the listings and figures operators and members read apart from those writes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

import attrs

from application.ports.audit import Details
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle, CodeStatus, DiscountCode
from domain.vat import OrderVat


class BundleRepository(Protocol):
    def of_site(self, site_id: int, currency: str | None = None) -> list[Bundle]:
        """The bundles on offer, by currency and position."""
        ...
    def replace(self, site_id: int, currency: str, bundles: Iterable[Bundle]) -> None:
        """Offer these instead, in this order; one on offer already (its id, credits and
        price) stays the same bundle, the old ones stay for the orders that point at
        them."""
        ...


class DiscountCodeRepository(Protocol):
    def get(self, code: str) -> DiscountCode | None: ...
    def all(self) -> list[DiscountCode]: ...
    def add(self, code: DiscountCode, at: datetime) -> None: ...
    def keep(self, code: DiscountCode, at: datetime) -> DiscountCode:
        """Add the code unless one by its name exists (racing requests); the stored one."""
        ...
    def set_status(self, code: str, status: CodeStatus) -> None: ...
    def set_sites(self, code: str, site_ids: Sequence[int]) -> None: ...
    def used_by(self, member_id: int, code: str) -> bool:
        """Spent by a paid order of the member's, or taken by an open one."""
        ...


@attrs.frozen(kw_only=True)
class Refund:
    """Money of an order that went back: an operator's refund, or one the gateway
    reported (kind: refunded or charged_back)."""

    order_id: int
    amount: int  # cents
    credits: int | None  # taken back from the balance (None: not recorded, before 0036)
    missing: int | None  # owed back but spent already (flagged on the member)
    kind: str
    reason: str
    actor: str
    created_at: datetime


class OrderRepository(Protocol):
    def add(self, order: Order) -> Order: ...
    def get(self, order_id: int) -> Order | None: ...
    def by_payment(self, provider: str, payment_id: str) -> Order | None: ...
    def set_payment(self, order_id: int, payment_id: str, checkout_url: str) -> None: ...
    def advance(self, order_id: int, before: OrderStatus, after: OrderStatus,
                at: datetime | None) -> bool:
        """Move the order if it is still ``before``; ``at`` is kept as its paid or
        refunded moment when it steps into paid, refunded or charged back."""
        ...
    def give_back(self, order_id: int, amount: int) -> int | None:
        """Count ``amount`` more cents of the order as given back if they fit in what it
        charged (atomically); the new total, None when they do not fit."""
        ...
    def set_vat(self, order_id: int, payment_country: str | None, vat: OrderVat) -> None:
        """The order's VAT again, with the payment's country (issue 34.3)."""
        ...
    def add_refund(self, refund: Refund) -> None: ...
    def refunds(self, order_id: int) -> list[Refund]:
        """The order's refunds, oldest first."""
        ...
    def holding(self, member_id: int, reserved_code: str) -> Order | None:
        """The member's order that holds this reservation: an unsettled one, or the paid
        (refunded, charged back) one that spent it; None while it is free."""
        ...
    def last_paid(self, member_id: int) -> Order | None: ...
    def count_by_method_since(self, member_id: int, method: str, since: datetime) -> int:
        """The member's orders by this method since then, leaving out the failed ones."""
        ...


@attrs.frozen
class MemberFlag:
    flag: str  # payment_reversed_credits_spent, discount_code_reused, directdebit_blocked
    details: Details
    created_at: datetime


class MemberFlags(Protocol):
    """What payments and operators note on a member (a reversed payment whose credits
    were spent, a reused code, a direct-debit block), for the operators to see."""

    def add(self, member_id: int, flag: str, details: Details, at: datetime) -> None: ...
    def of_member(self, member_id: int) -> list[MemberFlag]: ...
    def remove(self, member_id: int, flag: str) -> None: ...


class ShopQueries(Protocol):
    """Read only: the listings and figures of orders and codes."""

    def orders_of(self, member_id: int, limit: int = 100) -> list[Order]:
        """The member's orders, newest first."""
        ...
    def recent_orders(self, site_id: int | None, status: str | None, limit: int, *,
                      member_id: int | None = None, since: datetime | None = None
                      ) -> list[Order]:
        """Orders newest first, of a site, in a status, of a member, made since then."""
        ...
    def code_figures(self) -> list[tuple[str, str, int, int]]:
        """(code, currency, uses, revenue in cents) for every code orders spent."""
        ...
