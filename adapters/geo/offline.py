"""The geocoder port offline: reverse_geocoder's bundled GeoNames cities (no network),
its region names matched to ISO 3166-2 codes through pycountry."""

from __future__ import annotations

import contextlib
import difflib
import gettext
import io
import threading
import unicodedata
from functools import cache

import pycountry

from application.geo import Place

_lock = threading.Lock()


def _plain(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return folded.replace("-", " ").split(" [")[0].strip()


@cache
def _region_names(country: str) -> dict[str, str]:
    """Plain names (local and English) of a country's first-level regions -> ISO code."""
    english = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=["en"],
                                  fallback=True).gettext
    names: dict[str, str] = {}
    for region in pycountry.subdivisions.get(country_code=country) or []:
        if region.parent_code is None:
            names[_plain(region.name)] = region.code
            names[_plain(english(region.name))] = region.code
    return names


def region_code(country: str, admin1: str) -> str | None:
    names = _region_names(country)
    match = difflib.get_close_matches(_plain(admin1), list(names), n=1, cutoff=0.75)
    return names[match[0]] if match else None


class OfflineGeocoder:
    def reverse(self, lat: float, lon: float) -> Place | None:
        import reverse_geocoder

        with _lock, contextlib.redirect_stdout(io.StringIO()):  # it prints while loading
            found = reverse_geocoder.search([(lat, lon)], mode=1)
        if not found:
            return None
        hit = found[0]
        return Place(country=hit["cc"], region=region_code(hit["cc"], hit["admin1"]),
                     city=hit["name"])
