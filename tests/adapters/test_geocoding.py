"""The offline geocoder: known places, region codes, nothing on the open sea."""

from __future__ import annotations

import pytest

from adapters.geo.offline import OfflineGeocoder, region_code
from application.geo import Geocoding
from domain.errors import DomainError


@pytest.mark.parametrize(("lat", "lon", "country", "region"), [
    (52.37, 4.89, "NL", "NL-NH"), (48.14, 11.58, "DE", "DE-BY"), (59.33, 18.07, "SE", None),
    (55.68, 12.57, "DK", None), (40.42, -3.70, "ES", None),
])
def test_known_places(lat: float, lon: float, country: str, region: str | None) -> None:
    place = OfflineGeocoder().reverse(lat, lon)
    assert place is not None and place.country == country and place.city
    if region:
        assert place.region == region


def test_region_names_match_iso_codes() -> None:
    assert region_code("NL", "North Holland") == "NL-NH"
    assert region_code("DE", "Bavaria") == "DE-BY"
    assert region_code("NL", "Atlantis") is None


@pytest.mark.parametrize(("lat", "lon"), [(91, 0), (0, 181), (float("nan"), 0),
                                          (float("inf"), 1)])
def test_impossible_coordinates(lat: float, lon: float) -> None:
    with pytest.raises(DomainError, match="invalid_coordinates"):
        Geocoding(OfflineGeocoder()).place(lat, lon)
