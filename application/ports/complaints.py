"""Complaints about members and messages."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import attrs


@attrs.frozen(kw_only=True)
class NewComplaint:
    site_id: int
    reporter_id: int | None  # a member, or None for a visitor
    email: str | None
    category: str
    text: str
    member_id: int | None  # the member complained about
    message_id: int | None  # the message complained about
    status: str
    created_at: datetime


@attrs.frozen(kw_only=True)
class Complaint:
    id: int
    site_id: int
    reporter_id: int | None
    email: str | None
    category: str
    text: str
    member_id: int | None
    message_id: int | None
    status: str
    created_at: datetime
    resolved_at: datetime | None
    resolution: str | None  # the operator's note


class ComplaintRepository(Protocol):
    def add(self, complaint: NewComplaint) -> int: ...
    def get(self, complaint_id: int) -> Complaint | None: ...
    def resolve(self, complaint_id: int, note: str, at: datetime) -> bool: ...
    def message_in(self, message_id: int, member_id: int) -> bool:
        """The message is in one of the member's conversations."""
        ...


class ComplaintQueries(Protocol):
    """Read only: the operators' list and the figures a site's launch check reads."""

    def recent(self, status: str | None, limit: int) -> list[Complaint]:
        """Newest first, of this status (None: any)."""
        ...
    def count_for_site(self, site_id: int) -> int: ...
