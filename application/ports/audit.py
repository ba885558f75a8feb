"""The operators' audit trail."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol, TypeAlias

import attrs

# A value as the database keeps it in a JSON column.
JsonValue: TypeAlias = (str | int | float | bool | None | Sequence["JsonValue"]
                        | Mapping[str, "JsonValue"])
# What an operator's change (or a flag on a member) notes besides who, what and when.
Details: TypeAlias = Mapping[str, JsonValue]


class AuditLog(Protocol):
    def record(self, at: datetime, actor: str, action: str, subject: str,
               details: Details) -> None: ...


@attrs.frozen(kw_only=True)
class AuditEntry:
    id: int
    at: datetime
    actor: str
    action: str
    subject: str
    details: Details


@attrs.frozen(kw_only=True)
class AuditFilter:
    member_id: int | None = None  # the subject, or named in the details as "member"
    actor: str | None = None
    since: datetime | None = None
    limit: int = 100


class AuditQueries(Protocol):
    """Read only: operators read the trail (`amora audit`), newest first."""

    def find(self, where: AuditFilter) -> list[AuditEntry]: ...
