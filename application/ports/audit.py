"""The operators' audit trail."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol


class AuditLog(Protocol):
    def record(self, at: datetime, actor: str, action: str, subject: str,
               details: dict[str, Any]) -> None: ...
