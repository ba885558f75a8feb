"""Complaints about members and messages."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

import attrs

from application.ports.chat import Message
from domain.complaints import ReporterRecord


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
    # A notice's details (issue 30.4): the exact item, the notifier, their language and
    # good-faith statement; the outcome once resolved.
    item_kind: str | None = None
    item_id: str | None = None
    reporter_name: str | None = None
    good_faith: bool = False
    language: str | None = None


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
    # A notice's details (issue 30.4): the exact item, the notifier, their language and
    # good-faith statement; the outcome once resolved.
    item_kind: str | None = None
    item_id: str | None = None
    reporter_name: str | None = None
    good_faith: bool = False
    language: str | None = None
    outcome: str | None = None  # action_taken or no_action


class ComplaintRepository(Protocol):
    def add(self, complaint: NewComplaint) -> int: ...
    def get(self, complaint_id: int) -> Complaint | None: ...
    def resolve(self, complaint_id: int, note: str, at: datetime, outcome: str) -> bool:
        """Writes the resolution if the complaint is still open; False otherwise."""
        ...
    def decided(self, complaint_id: int) -> bool:
        """A decision names this complaint as its notice."""
        ...
    def visible_messages(self, message_ids: Sequence[int], member_id: int) -> list[Message]:
        """Those of these messages the member can see in their own conversations (not
        those before a chat they deleted)."""
        ...
    def reported_by(self, reporter_id: int, item_kind: str, item_id: str) -> bool:
        """Whether the member has an open notice about this item already."""
        ...
    def attach(self, complaint_id: int, message_ids: Sequence[int]) -> None:
        """The selected messages go with the complaint as evidence."""
        ...


class ComplaintQueries(Protocol):
    """Read only: the operators' list and the figures a site's launch check reads."""

    def recent(self, status: str | None, limit: int) -> list[Complaint]:
        """Newest first, of this status (None: any)."""
        ...
    def count_for_site(self, site_id: int) -> int: ...
    def reporter_records(self, complaints: Sequence[Complaint]) -> dict[int, ReporterRecord]:
        """By complaint id: how the notices of its reporter (the member, else the visitor's
        address) were resolved, counting those resolved with an outcome."""
        ...
    def attached(self, complaint_id: int) -> list[Message]:
        """The messages attached to the complaint, oldest first."""
        ...
