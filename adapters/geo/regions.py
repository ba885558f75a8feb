"""The region-catalog port on pycountry's ISO 3166-2 data, names translated with the
gettext catalogs pycountry ships (no download)."""

from __future__ import annotations

import gettext
from functools import cache

import pycountry


@cache
def _translation(language: str) -> gettext.NullTranslations:
    return gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=[language],
                               fallback=True)


@cache
def _first_level(country: str) -> tuple[tuple[str, str], ...]:
    found = pycountry.subdivisions.get(country_code=country) or []
    return tuple((s.code, s.name) for s in found if s.parent_code is None)


class IsoRegions:
    def regions(self, country: str, language: str) -> list[tuple[str, str]]:
        translate = _translation(language).gettext
        named = [(code, translate(name).split(" [")[0]) for code, name in _first_level(country)]
        return sorted(named, key=lambda item: item[1].casefold())

    def is_region(self, country: str, code: str) -> bool:
        return any(found == code for found, _ in _first_level(country))

    def is_country(self, country: str) -> bool:
        return pycountry.countries.get(alpha_2=country) is not None
