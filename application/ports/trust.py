"""What the trust cap and the opener fingerprints read and keep (issue 31.2)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.mass_openers import SentOpener, Signature


class TrustRepository(Protocol):
    def add_opener(self, member_id: int, recipient_id: int, signature: Signature,
                   at: datetime) -> None: ...
    def openers_since(self, member_id: int, since: datetime) -> list[SentOpener]:
        """The member's kept openers sent at or after `since`, oldest first."""
        ...
    def prune_openers(self, before: datetime, member_id: int | None = None) -> int:
        """Deletes the fingerprints older than `before` (of one member, or everyone's);
        how many went."""
        ...
    def started_since(self, member_id: int, since: datetime) -> int:
        """How many conversations the member started at or after `since`."""
        ...
    def reporters_against(self, member_id: int) -> int:
        """How many distinct members reported this member in a notice that is open or
        was upheld (resolved with action taken); a visitor's notice is not counted."""
        ...
