"""A receipt's words and figures in the member's language (adapters/texts/receipts.json),
written out once for both of its forms: the HTML page and the PDF say the same."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from babel import Locale
from babel.dates import format_date
from babel.numbers import format_currency, format_decimal

from application.ports.receipts import ReceiptView
from domain.locales import DEFAULT_LOCALE, LOCALES, is_locale
from domain.vat import refund_shares

CATALOG = Path(__file__).parent.parent / "texts" / "receipts.json"
# Brand names are the same in every language (as the web app's shopUi.tsx has them).
BRANDS = {"ideal": "iDEAL", "paypal": "PayPal", "bancontact": "Bancontact",
          "sofort": "SOFORT"}


@cache
def _catalog() -> dict[str, dict[str, Any]]:
    return json.loads(CATALOG.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def words(language: str) -> dict[str, Any]:
    return _catalog()[language if is_locale(language) else DEFAULT_LOCALE]


def _locale(language: str) -> str:
    code = language if is_locale(language) else DEFAULT_LOCALE
    return next(known.gif_locale for known in LOCALES if known.code == code)


def method_name(method: str, language: str) -> str:
    """"Credit card", "iDEAL", "Polecenie zapłaty SEPA": never the raw "creditcard"."""
    names: dict[str, str] = words(language)["methods"]
    return BRANDS.get(method) or names.get(method) or method


def country_name(code: str | None, language: str) -> str:
    if not code:
        return ""
    name: str | None = Locale.parse(_locale(language)).territories.get(code.upper())
    return name or code.upper()


Row = tuple[str, str]
# Money back as order_refunds keeps it: an operator's refund or the provider's, a
# chargeback, a withdrawal from the contract (issue 34.2).
REFUND_KINDS = ("refunded", "charged_back", "withdrawn")


@attrs.frozen(kw_only=True)
class Sheet:
    """A receipt as shown: every label translated, every figure formatted."""

    language: str
    title: str
    site: str
    number: str
    seller_title: str
    seller: list[str]  # name, street, postcode and city, country
    seller_facts: list[Row]  # registration, VAT number
    facts: list[Row]  # receipt number, date, order, customer, country, payment method
    heading: Row  # the table's heads: description, amount
    item: Row
    totals: list[Row]  # net, VAT, total paid (net and VAT when the order has them)
    vat_note: str | None  # "All prices include VAT." when it has no figures
    refunds_title: str
    refunds: list[tuple[str, str, str]]  # what, VAT in it ("" when unknown), amount
    refunded_total: Row | None
    note: str
    download: str
    page: str


def sheet(view: ReceiptView) -> Sheet:
    said = words(view.language)
    locale = _locale(view.language)

    def money(cents: int) -> str:
        return format_currency(Decimal(cents) / 100, view.currency, locale=locale)

    def day(moment: datetime) -> str:
        return format_date(moment.date(), "long", locale=locale)

    seller = view.seller
    country = country_name(view.country, view.language)
    facts: list[Row] = [
        (said["number"], view.number), (said["date"], day(view.issued_at)),
        (said["order"], f"#{view.order_id}"), (said["customer"], view.customer)]
    if country:
        facts.append((said["country"], country))
    facts.append((said["method"], method_name(view.method, view.language)))
    totals: list[Row] = []
    if view.vat_rate_bp is not None and view.vat is not None and view.net is not None:
        rate = format_decimal(Decimal(view.vat_rate_bp) / 100, locale=locale)
        vat_label = (said["vat"].format(rate=rate, country=country_name(
            view.vat_country, view.language)) if view.vat_country
            else said["vat_rate"].format(rate=rate))
        totals += [(said["net"], money(view.net)), (vat_label, money(view.vat))]
    totals.append((said["total"], money(view.gross)))
    shares = (refund_shares([line.amount for line in view.refunds], view.vat_rate_bp)
              if view.vat_rate_bp is not None else [None] * len(view.refunds))
    refunds = [(said[line.kind if line.kind in REFUND_KINDS else "refunded"]
                .format(date=day(line.at)),
                said["refund_vat"].format(amount=money(-share[1])) if share else "",
                money(-line.amount))
               for line, share in zip(view.refunds, shares, strict=True)]
    return Sheet(
        language=view.language, title=said["title"], site=view.site, number=view.number,
        seller_title=said["seller"],
        seller=[part for part in (seller.name, seller.street,
                                  f"{seller.postcode} {seller.city}".strip(),
                                  country_name(seller.country, view.language)) if part],
        seller_facts=[(said["registration"], seller.registration)]
        + ([(said["vat_number"], view.vat_number)] if view.vat_number else []),
        facts=facts, heading=(said["description"], said["amount"]),
        item=(said["item"].format(credits=format_decimal(view.credits, locale=locale),
                                  site=view.site), money(view.gross)),
        totals=totals,
        vat_note=None if len(totals) > 1 else said["vat_included"],
        refunds_title=said["refunds"], refunds=refunds,
        refunded_total=(said["refunded_total"], money(-view.refunded)) if refunds else None,
        note=said["note"], download=said["download"], page=said["page"])
