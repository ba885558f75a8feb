"""Everything the database holds about one member, for their copy (issue 21.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from application.ports.audit import JsonValue

# One row as the copy shows it: JSON values (times as ISO 8601 text).
Record = Mapping[str, JsonValue]


class PersonalDataQueries(Protocol):
    """Read only."""

    def size(self, member_id: int) -> tuple[int, int]:
        """How many photos and visible messages the copy would hold."""
        ...
    def sections(self, member_id: int) -> dict[str, list[Record]]:
        """The member's rows by section (account, profile, photos, likes_given,
        likes_received, matches, conversations, messages, orders, credit_ledger,
        notification_preferences, consents, audit_log, ...). Conversations and messages
        only as the member sees them: not those before a chat they deleted."""
        ...
    def photo_files(self, member_id: int) -> list[str]:
        """The stored image files of the member's photos."""
        ...
