"""Receipts for bought credits (issue 34.4): numbered without gaps per company and year.

A paid order gets its receipt in the transaction that marks it paid: the next number of
the company that runs the order's site, in the year of the payment (UTC), written as
"2026-000123". Each company is the issuer of its own receipts, so its numbers run 1, 2,
3 ... in every year, whatever its other brands or other companies sell.

The receipt keeps the seller as it stood when it was issued (name, registration, the
legal address and VAT numbers): a company that moves later does not rewrite the receipts
it gave. A refund does not take a receipt back; it shows on it as a line of its own.
"""

from __future__ import annotations

from datetime import UTC, datetime

import attrs

from domain.sites import Company

NUMBER_DIGITS = 6


def receipt_number(year: int, sequence: int) -> str:
    """"2026-000123": the year, then the company's count within it (more digits once a
    company issues a million receipts in one year)."""
    if sequence < 1:
        raise ValueError("receipt numbers start at 1")
    return f"{year}-{sequence:0{NUMBER_DIGITS}d}"


@attrs.frozen(kw_only=True)
class Seller:
    """The company as the receipt names it."""

    name: str
    registration: str  # the chamber of commerce number (companies.kvk)
    street: str
    postcode: str
    city: str
    country: str  # ISO code of the legal address
    vat_numbers: tuple[str, ...] = ()

    @staticmethod
    def of(company: Company) -> Seller:
        """The legal (default) address: the visitor variants are for other pages."""
        address = company.address_for(None)
        return Seller(name=company.name, registration=company.kvk, street=address.street,
                      postcode=address.postcode, city=address.city, country=address.country,
                      vat_numbers=tuple(company.vat_numbers))

    def vat_number_for(self, vat_country: str | None) -> str | None:
        """The VAT number a receipt shows: one registered in the country whose VAT it
        charges (a Norwegian VOEC number, say), else the one of its own country, else
        its first; None for a company without one."""
        for wanted in (vat_country, self.country):
            if wanted:
                found = next((n for n in self.vat_numbers if n.upper().startswith(
                    wanted.upper())), None)
                if found:
                    return found
        return self.vat_numbers[0] if self.vat_numbers else None


@attrs.frozen(kw_only=True)
class Receipt:
    order_id: int
    company_id: int
    year: int
    sequence: int  # 1, 2, 3 ... within the company and year
    issued_at: datetime
    seller: Seller

    @property
    def number(self) -> str:
        return receipt_number(self.year, self.sequence)


def receipt_year(paid_at: datetime) -> int:
    """The year a payment's receipt counts in: the payment's, in UTC."""
    return paid_at.astimezone(UTC).year
