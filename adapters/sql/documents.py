"""Domain values to JSON documents and back, with cattrs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs
import cattrs

from domain.sites import Address, Company, Site

converter = cattrs.Converter()
converter.register_unstructure_hook(datetime, datetime.isoformat)
converter.register_structure_hook(datetime, lambda value, _: datetime.fromisoformat(value))

_SITE_COLUMNS = ("id", "domain", "company_id", "is_default")
_CLOSURE_COLUMNS = ("closed_at", "closed_reason")  # columns of their own, not settings


def site_settings(site: Site) -> dict[str, Any]:
    document: dict[str, Any] = converter.unstructure(site)
    for column in _SITE_COLUMNS + _CLOSURE_COLUMNS:
        document.pop(column)
    return document


def site_from_row(row: Any) -> Site:
    document = dict(row.settings)
    document.update({column: getattr(row, column) for column in _SITE_COLUMNS})
    site = converter.structure(document, Site)
    if row.closed_at is None:
        return site
    return attrs.evolve(site, closed_at=row.closed_at, closed_reason=row.closed_reason or "")


def company_from_row(row: Any) -> Company:
    return Company(
        id=row.id,
        name=row.name,
        kvk=row.kvk,
        addresses=converter.structure(row.addresses, tuple[Address, ...]),
        tradenames=tuple(row.tradenames),
        vat_numbers=tuple(row.vat_numbers),
        support_phone=row.support_phone,
        delete_discount=row.delete_discount,
        added=row.added,
        support_email=row.support_email,
    )
