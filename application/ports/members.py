"""Members' accounts and profiles."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from domain.errors import DomainError
from domain.members import Member


class MemberChanged(DomainError):
    """Another transaction changed the member's status after this one read it. The use
    case starts again from a fresh read (application.shared.concurrency.on_member_conflict)."""

    def __init__(self) -> None:
        super().__init__("member_changed")


class MemberRepository(Protocol):
    def count(self, site_id: int | None = None) -> int: ...
    def add(self, member: Member) -> Member: ...
    def get(self, member_id: int) -> Member | None: ...
    def by_email(self, site_id: int, email: str) -> Member | None: ...
    def save(self, before: Member, after: Member) -> None:
        """Write only what differs between ``before`` (as read) and ``after``; a status
        change holds only if the status is still ``before``'s, else MemberChanged."""
    def lock(self, member_id: int) -> None:
        """Serialise this member's paid and free actions until the unit of work ends."""
    def text_flagged(self, limit: int) -> Sequence[Member]:
        """Active or unconfirmed members with a flagged name or about text (issue 31.2),
        newest first."""
    def deleted_before(self, moment: datetime) -> Sequence[Member]: ...
    def erase(self, member_id: int, now: datetime) -> None: ...
