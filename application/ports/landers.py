"""Landing-page visits."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.landers import BounceFigures


class LanderRepository(Protocol):
    def add_visit(self, key: str, site_id: int, lander: str, source: str,
                  at: datetime) -> None: ...
    def engage(self, key: str, at: datetime) -> bool: ...
    def bounce_figures(self, site_id: int | None, since: datetime) -> list[BounceFigures]: ...
