"""The two-way rule of domain.matching in SQL (issue 29.1): members whose own sexuality
wants a member of the viewer's gender, as a condition on a profiles row."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, literal, or_

from adapters.sql import tables as t
from domain.matching import sexualities_wanting
from domain.members import GENDERS


def wanting(viewer_gender: str, profiles: Any = t.profiles) -> Any:
    """Per gender, the sexualities with which its members want the viewer: a straight
    man is wanted by straight and bisexual women and by gay and bisexual men."""
    # Each sexuality a parameter of its own: the same text at each run
    # (adapters.sql.discovery.one_of).
    return or_(*(and_(profiles.c.gender == gender,
                      profiles.c.sexuality.in_([literal(sexuality, profiles.c.sexuality.type)
                                                for sexuality in sexualities_wanting(
                                                    viewer_gender, gender)]))
                 for gender in GENDERS))
