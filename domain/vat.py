"""VAT on credits (issue 34.3): the standard rates by country and date, which country's
VAT an order carries, and the VAT share of a VAT-inclusive price.

Credits are an electronically supplied service sold to consumers: VAT is due where the
customer is (VAT Directive art. 58), at that country's standard rate. Prices are
VAT-inclusive, so the VAT is taken out of what the member pays, never added to it.

Rates are kept as basis points (2100 = 21.00 %, 2550 = 25.5 %) and amounts as whole
cents. The table holds the standard rates of the EU-27, Norway (VOEC), the United
Kingdom and Switzerland in force on 1 January 2020 and every change since; a rate
changes at the start of its day. A new rate is one more line here, with its date: an
order keeps the rate it was charged at (orders.vat_rate_bp), so past orders never move.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from enum import StrEnum

import attrs

FULL_BP = 10_000  # 100 % in basis points
TABLE_START = date(2020, 1, 1)  # the table knows no rate before this day

# ISO 3166-1 alpha-2 codes (Greece is GR here; the EU's VAT forms call it EL).
EU = frozenset({
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
    "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"})

# country: ((effective from, standard rate in basis points), ...) oldest first.
STANDARD_RATES: dict[str, tuple[tuple[date, int], ...]] = {
    "AT": ((TABLE_START, 2000),),
    "BE": ((TABLE_START, 2100),),
    "BG": ((TABLE_START, 2000),),
    "CY": ((TABLE_START, 1900),),
    "CZ": ((TABLE_START, 2100),),
    # Cut for half a year in the pandemic (Zweites Corona-Steuerhilfegesetz).
    "DE": ((TABLE_START, 1900), (date(2020, 7, 1), 1600), (date(2021, 1, 1), 1900)),
    "DK": ((TABLE_START, 2500),),
    # 20 → 22 % in 2024, 22 → 24 % on 1 July 2025 (the security-tax package).
    "EE": ((TABLE_START, 2000), (date(2024, 1, 1), 2200), (date(2025, 7, 1), 2400)),
    "ES": ((TABLE_START, 2100),),
    # 24 → 25.5 % on 1 September 2024.
    "FI": ((TABLE_START, 2400), (date(2024, 9, 1), 2550)),
    "FR": ((TABLE_START, 2000),),
    "GR": ((TABLE_START, 2400),),
    "HR": ((TABLE_START, 2500),),
    "HU": ((TABLE_START, 2700),),
    # Cut from September 2020 to the end of February 2021.
    "IE": ((TABLE_START, 2300), (date(2020, 9, 1), 2100), (date(2021, 3, 1), 2300)),
    "IT": ((TABLE_START, 2200),),
    "LT": ((TABLE_START, 2100),),
    # Cut by one point for 2023.
    "LU": ((TABLE_START, 1700), (date(2023, 1, 1), 1600), (date(2024, 1, 1), 1700)),
    "LV": ((TABLE_START, 2100),),
    "MT": ((TABLE_START, 1800),),
    "NL": ((TABLE_START, 2100),),
    "PL": ((TABLE_START, 2300),),
    "PT": ((TABLE_START, 2300),),  # the mainland's rate (Madeira and the Azores differ)
    # 19 → 21 % on 1 August 2025 (Law 141/2025).
    "RO": ((TABLE_START, 1900), (date(2025, 8, 1), 2100)),
    "SE": ((TABLE_START, 2500),),
    "SI": ((TABLE_START, 2200),),
    # 20 → 23 % on 1 January 2025.
    "SK": ((TABLE_START, 2000), (date(2025, 1, 1), 2300)),
    "NO": ((TABLE_START, 2500),),
    "GB": ((TABLE_START, 2000),),
    # 7.7 → 8.1 % on 1 January 2024.
    "CH": ((TABLE_START, 770), (date(2024, 1, 1), 810)),
}


def vat_rate(country: str | None, on_date: date) -> int | None:
    """The standard rate (basis points) of ``country`` on ``on_date``; None for a country
    the table does not hold (no VAT of ours is due there) or a day before the table."""
    changes = STANDARD_RATES.get((country or "").upper())
    if not changes or on_date < changes[0][0]:
        return None
    return next(rate for since, rate in reversed(changes) if since <= on_date)


def vat_share(gross_cents: int, rate_bp: int) -> tuple[int, int]:
    """(net, VAT) of a VAT-inclusive amount: VAT = gross × rate / (100 % + rate), rounded
    half up to the cent (in whole numbers: no float ever rounds it); net = gross − VAT.
    A negative amount (a refund counted against sales) is the mirror of the positive."""
    if gross_cents < 0:
        net, vat = vat_share(-gross_cents, rate_bp)
        return -net, -vat
    if rate_bp < 0:
        raise ValueError(f"a VAT rate of {rate_bp} basis points")
    numerator, denominator = gross_cents * rate_bp, FULL_BP + rate_bp
    vat = (2 * numerator + denominator) // (2 * denominator)
    return gross_cents - vat, vat


def refund_shares(amounts: Sequence[int], rate_bp: int) -> list[tuple[int, int]]:
    """(net, VAT) of each of an order's refunds, oldest first, at the order's rate: the VAT
    of all money back so far less the VAT of what went back before, each total rounded
    as the order was. Refunds of the whole order add up to exactly the order's VAT."""
    shares, before = [], 0
    for amount in amounts:
        after = before + amount
        vat = vat_share(after, rate_bp)[1] - vat_share(before, rate_bp)[1]
        shares.append((amount - vat, vat))
        before = after
    return shares


@attrs.frozen
class TaxEvidence:
    """Where the member was, as the order's evidence says (Implementing Regulation
    282/2011, art. 24f): the country in their profile (the address they gave), where
    the request came from (GeoIP) and the country of their bank or card as the payment
    provider reports it (None: unknown)."""

    profile_country: str | None
    geoip_country: str | None
    payment_country: str | None = None

    def countries(self) -> list[str]:
        """The known pieces, strongest first: a bank or card cannot be typed or proxied,
        an IP address can be proxied, a profile's country is one click to change."""
        return [c.upper() for c in (self.payment_country, self.geoip_country,
                                    self.profile_country) if c]


def vat_country(evidence: TaxEvidence, seller_country: str | None) -> str | None:
    """The country whose VAT an order carries. Two pieces of evidence that agree decide
    (art. 24b(d) asks for two that do not contradict each other); when none agree, the
    strongest piece (the payment's country, else GeoIP, else the profile's); with no
    evidence at all, the seller's own country (the supply is then taxed at home)."""
    known = evidence.countries()
    for country in known:
        if known.count(country) >= 2:
            return country
    return known[0] if known else (seller_country.upper() if seller_country else None)


class Scheme(StrEnum):
    """Where the VAT of a country is declared, from a seller in ``home``."""

    DOMESTIC = "domestic"  # the seller's own VAT return
    OSS = "oss"  # the EU's One-Stop Shop (union scheme), quarterly
    VOEC = "voec"  # Norway's VAT on E-Commerce scheme, quarterly
    UK = "uk"  # a UK VAT registration
    CH = "ch"  # a Swiss VAT registration
    OUTSIDE = "outside"  # no VAT of the table's countries is due


def scheme_of(country: str | None, home: str | None) -> Scheme:
    if country is None or country not in STANDARD_RATES:
        return Scheme.OUTSIDE
    if home and country == home.upper():
        return Scheme.DOMESTIC
    if country in EU:
        return Scheme.OSS if (home or "").upper() in EU else Scheme.OUTSIDE
    return {"NO": Scheme.VOEC, "GB": Scheme.UK, "CH": Scheme.CH}[country]


@attrs.frozen(kw_only=True)
class OrderVat:
    """The VAT an order carries: its country, rate and the split of what it charged.
    A country outside the table carries rate 0 and no VAT (nothing of ours is due)."""

    country: str | None
    rate_bp: int
    amount: int  # VAT, cents
    net: int  # cents

    @property
    def gross(self) -> int:
        return self.net + self.amount


def order_vat(gross_cents: int, evidence: TaxEvidence, seller_country: str | None,
              on_date: date) -> OrderVat:
    """The VAT of an order charging ``gross_cents`` (VAT included) on ``on_date``."""
    country = vat_country(evidence, seller_country)
    rate = vat_rate(country, on_date) or 0
    net, vat = vat_share(gross_cents, rate)
    return OrderVat(country=country, rate_bp=rate, amount=vat, net=net)


def format_rate(rate_bp: int) -> str:
    """Basis points as a percentage as tax forms write it: 2100 → "21", 2550 → "25.5",
    810 → "8.1"."""
    units, rest = divmod(rate_bp, 100)
    return f"{units}.{rest:02d}".rstrip("0").rstrip(".") if rest else str(units)


def quarter_bounds(text: str) -> tuple[date, date] | None:
    """"2026Q4" → (2026-10-01, 2027-01-01): the quarter's first day and the next one's;
    None for anything else (2026Q5, 26Q1, 2026-Q4)."""
    cleaned = text.strip().upper()
    if len(cleaned) != 6 or cleaned[4] != "Q" or not cleaned[:4].isdigit() \
            or not cleaned[:4].isascii() or cleaned[5] not in "1234":
        return None
    year, quarter = int(cleaned[:4]), int(cleaned[5])
    if not 1 <= year <= 9998:
        return None
    start = date(year, 3 * quarter - 2, 1)
    end = date(year + 1, 1, 1) if quarter == 4 else date(year, 3 * quarter + 1, 1)
    return start, end


def quarter_of(day: date) -> str:
    return f"{day.year}Q{(day.month - 1) // 3 + 1}"
