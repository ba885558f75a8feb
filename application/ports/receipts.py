"""Receipts (issue 34.4): their numbers, and the documents made of them."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import attrs

from domain.receipts import Receipt, Seller


class ReceiptRepository(Protocol):
    def issue(self, order_id: int, company_id: int, year: int, seller: Seller,
              at: datetime) -> Receipt:
        """The order's receipt with the company's next number in ``year``. The number
        is claimed in the caller's transaction (a row lock on the company's counter for
        the year, so parallel payments wait for each other) and goes back with it if
        that transaction does not commit: numbers are never skipped nor given twice.
        An order that has a receipt keeps it."""
        ...
    def of_order(self, order_id: int) -> Receipt | None: ...
    def numbers_of(self, order_ids: list[int]) -> dict[int, str]:
        """The receipt numbers of those of the orders that have one."""
        ...


@attrs.frozen(kw_only=True)
class RefundLine:
    """Money of the order that went back: a refund, or a chargeback."""

    at: datetime
    amount: int  # cents
    kind: str  # refunded | charged_back | withdrawn


@attrs.frozen(kw_only=True)
class ReceiptView:
    """Everything a receipt shows, in figures; the words are the printer's."""

    number: str
    issued_at: datetime
    seller: Seller
    vat_number: str | None  # the seller's, for the VAT charged
    site: str  # the brand the member bought on
    language: str  # the member's
    customer: str  # the member's e-mail address
    country: str | None  # the member's, as the order's VAT (or price) took it
    order_id: int
    credits: int
    method: str
    currency: str
    gross: int  # cents paid, VAT included
    net: int | None  # None: the order carries no VAT figures
    vat: int | None
    vat_rate_bp: int | None  # 2100 = 21 %
    vat_country: str | None
    refunds: tuple[RefundLine, ...] = ()

    @property
    def refunded(self) -> int:
        return sum(line.amount for line in self.refunds)


class ReceiptPrinter(Protocol):
    """A receipt as a document in the member's language (adapters/receipts)."""

    def pdf(self, receipt: ReceiptView) -> bytes: ...
    def method_name(self, method: str, language: str) -> str:
        """A payment method as people call it: "Credit card", "iDEAL", "Kreditkarte"."""
        ...
