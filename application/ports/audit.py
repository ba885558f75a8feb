"""The operators' audit trail."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol, TypeAlias

# A value as the database keeps it in a JSON column.
JsonValue: TypeAlias = (str | int | float | bool | None | Sequence["JsonValue"]
                        | Mapping[str, "JsonValue"])
# What an operator's change (or a flag on a member) notes besides who, what and when.
Details: TypeAlias = Mapping[str, JsonValue]


class AuditLog(Protocol):
    def record(self, at: datetime, actor: str, action: str, subject: str,
               details: Details) -> None: ...
