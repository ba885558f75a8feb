"""Everything the database holds about one member, for their copy (issue 21.1)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Protocol

from application.ports.audit import JsonValue

# One row as the copy shows it: JSON values (times as ISO 8601 text).
Record = Mapping[str, JsonValue]


class PersonalDataQueries(Protocol):
    """Read only. A member may have 100,000 messages: rows are read from the database a
    batch at a time as the caller iterates them, never a whole section at once."""

    def sections(self, member_id: int) -> Iterator[tuple[str, Iterable[Record]]]:
        """The member's rows by section (account, profile, photos, likes_given,
        likes_received, matches, conversations, messages, orders, credit_ledger,
        notification_preferences, consents, audit_log, ...), one section after another.
        Conversations and messages only as the member sees them: not those before a chat
        they deleted."""
        ...
    def photo_files(self, member_id: int) -> list[str]:
        """The stored image files of the member's photos."""
        ...
