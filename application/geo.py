"""Turning the browser's position into country, region and city for a profile.
Coordinates are used for the lookup only: never stored, logged or returned."""

from __future__ import annotations

import math
from typing import Protocol

import attrs

from domain.errors import DomainError


@attrs.frozen
class Place:
    country: str
    region: str | None
    city: str | None


class Geocoder(Protocol):
    def reverse(self, lat: float, lon: float) -> Place | None: ...


@attrs.frozen
class Geocoding:
    geocoder: Geocoder

    def place(self, lat: float, lon: float) -> Place | None:
        """The place, or None when nothing is found (spec section 7)."""
        if not (math.isfinite(lat) and math.isfinite(lon) and -90 <= lat <= 90
                and -180 <= lon <= 180):
            raise DomainError("invalid_coordinates")
        return self.geocoder.reverse(lat, lon)
