"""How far members are from each other, as search may use and show it (issue 29.2).

A member's position comes from the place on their profile (the town, else the region),
snapped to a grid cell of about 2 km before it is stored: everything search does with
distance (the radius filter, nearest first, the shown "12 km away") is computed from
two cells, so what any number of searches from any number of places can tell about a
member is the cell they are in, never a point inside it. Shown distances are rounded to
coarse steps on top of that and never go below 1 km.
"""

from __future__ import annotations

import math
from functools import lru_cache

import attrs

from domain.errors import DomainError

EARTH_RADIUS_KM = 6371.0088
# The grid: rows of 0.02 degrees of latitude (2.2 km); each row's columns are as wide in
# kilometres (0.02 degrees at the equator, more towards the poles).
CELL_DEGREES = 0.02
CELL_KM = CELL_DEGREES * math.pi / 180 * EARTH_RADIUS_KM
# The radii a search offers; None is anywhere.
RADII_KM = (10, 25, 50, 100, 250)
# Where a member's search starts: near them, wider when too few are found there.
DEFAULT_RADIUS_KM = 100
MIN_SHOWN_KM = 1


@attrs.frozen
class Position:
    lat: float
    lon: float

    def __attrs_post_init__(self) -> None:
        if not (math.isfinite(self.lat) and math.isfinite(self.lon)
                and -90 <= self.lat <= 90 and -180 <= self.lon <= 180):
            raise DomainError("invalid_coordinates")


def _row_step(row: int) -> float:
    """The width in degrees of longitude of the cells of a row."""
    centre = -90 + (row + 0.5) * CELL_DEGREES
    return min(360.0, CELL_DEGREES / max(math.cos(math.radians(centre)), 1e-6))


def cell_of(position: Position) -> tuple[int, int]:
    rows = round(180 / CELL_DEGREES)
    row = min(int((position.lat + 90) // CELL_DEGREES), rows - 1)
    return row, int((position.lon + 180) // _row_step(row))


def snapped(position: Position) -> Position:
    """The centre of the position's grid cell: the only position of a member stored."""
    row, column = cell_of(position)
    step = _row_step(row)
    lon = -180 + (column + 0.5) * step
    return Position(lat=-90 + (row + 0.5) * CELL_DEGREES,
                    lon=lon - 360 if lon > 180 else lon)


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """The great-circle distance between two points in degrees."""
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    half = (math.sin((phi2 - phi1) / 2) ** 2 + math.cos(phi1) * math.cos(phi2)
            * math.sin(math.radians(lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, half)))


def km_between(one: Position, other: Position) -> float:
    return haversine_km(one.lat, one.lon, other.lat, other.lon)


def shown_km(km: float) -> int:
    """A distance as a card shows it: whole kilometres up to 10, then steps of 5 up to
    50, 10 up to 200 and 50 beyond; never below 1 km."""
    for limit, step in ((10, 1), (50, 5), (200, 10)):
        if km < limit:
            return max(MIN_SHOWN_KM, step * round(km / step))
    return 50 * round(km / 50)


def shown_between(viewer: Position, member: Position) -> int:
    """What a viewer is told of the distance to a member: from the two grid cells."""
    return shown_km(km_between(snapped(viewer), snapped(member)))


def within(viewer: Position, member: Position, radius_km: int | None) -> bool:
    """Whether a radius search from the viewer's cell finds the member's cell."""
    return radius_km is None or km_between(snapped(viewer), snapped(member)) <= radius_km


@attrs.frozen
class Box:
    """The latitude and longitude bounds that hold every point within a radius: a cheap
    first filter on indexed columns before the exact distance."""

    lat_min: float
    lat_max: float
    lon_min: float
    lon_max: float


# The boxes are kept for the centres and radii last asked for: a search's statement and
# its values each read them (bench_search_cpu: four inner boxes, 16 great-circle
# distances, per default search).
@lru_cache(maxsize=1024)
def bounding_box(centre: Position, radius_km: float) -> Box:
    # A margin of one cell: the cells compared are centres, the box holds them all.
    degrees = math.degrees((radius_km + CELL_KM) / EARTH_RADIUS_KM)
    lat_min, lat_max = centre.lat - degrees, centre.lat + degrees
    widest = max(abs(lat_min), abs(lat_max))
    if widest >= 89:  # over a pole: every longitude
        return Box(max(-90.0, lat_min), min(90.0, lat_max), -180.0, 180.0)
    spread = degrees / math.cos(math.radians(widest))
    lon_min, lon_max = centre.lon - spread, centre.lon + spread
    if lon_min < -180 or lon_max > 180:  # across the date line: every longitude
        lon_min, lon_max = -180.0, 180.0
    return Box(lat_min, lat_max, lon_min, lon_max)


# The inner box's half side: a square inside the circle (1/sqrt(2) = 0.7071 of the
# radius, a little less), so its corners are within the radius by a margin.
INNER_SHARE = 0.7


@lru_cache(maxsize=1024)
def inner_box(centre: Position, radius_km: float) -> Box | None:
    """Bounds every point within which is within the radius: a search needs no exact
    distance for a member there (the great-circle distance is most of what a radius
    search costs). None where no simple box is (near a pole or the date line)."""
    degrees = math.degrees(radius_km * INNER_SHARE / EARTH_RADIUS_KM)
    lat_min, lat_max = centre.lat - degrees, centre.lat + degrees
    if max(abs(lat_min), abs(lat_max)) >= 80:
        return None
    # As wide as the square's side where the parallels are farthest apart (nearest the
    # equator); narrower elsewhere.
    widest = 0.0 if lat_min <= 0 <= lat_max else min(abs(lat_min), abs(lat_max))
    spread = degrees / math.cos(math.radians(widest))
    lon_min, lon_max = centre.lon - spread, centre.lon + spread
    if lon_min < -180 or lon_max > 180:
        return None
    # The corners are the farthest points from the centre: along a parallel the distance
    # grows with the longitude apart, along a meridian it has a single minimum.
    if any(haversine_km(centre.lat, centre.lon, lat, lon) >= radius_km
           for lat in (lat_min, lat_max) for lon in (lon_min, lon_max)):
        return None
    return Box(lat_min, lat_max, lon_min, lon_max)


def valid_radius(radius_km: int | None) -> int | None:
    if radius_km is not None and radius_km not in RADII_KM:
        raise DomainError("invalid_request", detail="distance")
    return radius_km


def wider(radius_km: int | None) -> int | None:
    """The next radius on offer (None: anywhere)."""
    if radius_km is None:
        return None
    larger = [radius for radius in RADII_KM if radius > radius_km]
    return larger[0] if larger else None
