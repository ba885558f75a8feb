"""Operating companies as operators enter them (issue 20): what a company needs before it
stands behind a site's legal pages, terms, footer and mails.

The plain rules live here. Checks that need the ISO country list or national number
formats (VAT, registration, phone) are the CompanyChecks port's (application.ports.sites).
"""

from __future__ import annotations

import re

import attrs

from domain.accounts import email_error
from domain.errors import DomainError
from domain.sites import Address, Company

MAX_TRADENAMES = 10
MAX_VAT_NUMBERS = 5
MAX_DELETE_DISCOUNT = 100
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_REGISTRATION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 .\-/]{0,49}$")
_VAT = re.compile(r"^[A-Z]{2}[A-Z0-9]{2,16}$")
# What `amora companies set` changes; the address fields are the default address's.
FIELDS = ("name", "tradenames", "registration", "vat", "email", "phone", "delete_discount",
          "street", "postcode", "city", "country")


def invalid(field: str, value: object = "") -> DomainError:
    return DomainError("invalid_company", field=field, value=value)


def _text(field: str, value: str, longest: int) -> None:
    if not value.strip() or len(value) > longest or not value.isprintable():
        raise invalid(field, value)


def _address(address: Address) -> None:
    _text("street", address.street, 200)
    _text("postcode", address.postcode, 20)
    _text("city", address.city, 100)
    if not _COUNTRY.match(address.country):
        raise invalid("country", address.country)
    if address.audience is not None and not _COUNTRY.match(address.audience):
        raise invalid("address_for", address.audience)


def check_company(company: Company) -> None:
    """Raises invalid_company naming the first field that breaks a rule."""
    _text("name", company.name, 200)
    if not _REGISTRATION.match(company.kvk):
        raise invalid("registration", company.kvk)
    for address in company.addresses:
        _address(address)
    audiences = [a.audience for a in company.addresses if a.audience]
    if len(audiences) != len(set(audiences)):
        raise invalid("address_for", ",".join(audiences))
    if len(company.tradenames) > MAX_TRADENAMES or len(set(company.tradenames)) != len(
            company.tradenames):
        raise invalid("tradenames", ",".join(company.tradenames))
    for tradename in company.tradenames:
        _text("tradenames", tradename, 100)
    if len(company.vat_numbers) > MAX_VAT_NUMBERS:
        raise invalid("vat", ",".join(company.vat_numbers))
    for number in company.vat_numbers:
        if not _VAT.match(re.sub(r"[\s.\-]", "", number).upper()):
            raise invalid("vat", number)
    if company.support_email and email_error(company.support_email):
        raise invalid("email", company.support_email)
    if len(company.support_phone) > 50:
        raise invalid("phone", company.support_phone)
    if not 0 <= company.delete_discount <= MAX_DELETE_DISCOUNT:
        raise invalid("delete_discount", company.delete_discount)


def default_address(company: Company) -> Address:
    return company.address_for(None)


def _items(raw: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in raw.split(",") if item.strip())


def _number(field: str, raw: str) -> int:
    try:
        return int(raw.strip())
    except ValueError:
        raise invalid(field, raw) from None


def change_company(company: Company, key: str, raw: str) -> Company:
    """The company with one field changed as an operator typed it (lists comma separated;
    street, postcode, city and country are the default address's)."""
    if key not in FIELDS:
        raise DomainError("unknown_setting", field=key)
    if key in ("street", "postcode", "city", "country"):
        value = raw.strip().upper() if key == "country" else raw.strip()
        changed = attrs.evolve(default_address(company), **{key: value})
        return with_address(company, changed)
    if key == "delete_discount":
        return attrs.evolve(company, delete_discount=_number(key, raw))
    if key in ("tradenames", "vat"):
        items = _items(raw)
        if key == "vat":
            return attrs.evolve(company, vat_numbers=tuple(
                item.upper().replace(" ", "") for item in items))
        return attrs.evolve(company, tradenames=items)
    value = raw.strip()
    if key == "name":
        return attrs.evolve(company, name=value)
    if key == "registration":
        return attrs.evolve(company, kvk=value)
    if key == "email":
        return attrs.evolve(company, support_email=value)
    return attrs.evolve(company, support_phone=value)


def with_address(company: Company, address: Address) -> Company:
    """The company with ``address`` as its variant for ``address.audience`` (None: the
    default address), replacing the one there was."""
    kept = tuple(a for a in company.addresses if a.audience != address.audience)
    ordered = (address, *kept) if address.audience is None else (*kept, address)
    return attrs.evolve(company, addresses=ordered)


def without_address(company: Company, audience: str) -> Company:
    """The company without its variant for visitors from ``audience``."""
    kept = tuple(a for a in company.addresses if a.audience != audience)
    if len(kept) == len(company.addresses):
        raise invalid("address_for", audience)
    return attrs.evolve(company, addresses=kept)
