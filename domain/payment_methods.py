"""Which payment methods a member is offered, by the country of their profile, likeliest
first (issue 19.5): a German is not offered the Dutch iDEAL, a Belgian sees Bancontact
first. The first one is pre-selected on the checkout."""

from __future__ import annotations

from domain.orders import METHODS

# Bank methods that exist in one country's banks only.
_LOCAL = {"NL": ("ideal",), "BE": ("bancontact",), "DE": ("sofort",), "AT": ("sofort",)}
# What most members of a country pay with online; elsewhere a card.
_LIKELIEST = {"NL": "ideal", "BE": "bancontact", "DE": "paypal", "AT": "sofort"}
# SEPA direct debit in euros (the bundles' currency there).
_DIRECT_DEBIT = frozenset({"NL", "BE", "DE", "AT", "FR", "IT", "ES", "FI", "IE", "LU", "PT"})
_EVERYWHERE = ("creditcard", "paypal")


def methods_for(country: str | None) -> tuple[str, ...]:
    """The methods for a member of ``country`` (ISO code), the likeliest first."""
    code = (country or "").upper()
    offered = [*_LOCAL.get(code, ()), *_EVERYWHERE]
    if code in _DIRECT_DEBIT:
        offered.append("directdebit")
    likeliest = _LIKELIEST.get(code, "creditcard")
    ordered = [likeliest, *(method for method in offered if method != likeliest)]
    return tuple(method for method in ordered if method in METHODS)


def offered_to(country: str | None, method: str) -> bool:
    return method in methods_for(country)
