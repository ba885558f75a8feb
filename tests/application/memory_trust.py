"""The trust cap's facts and the opener fingerprints in memory, as adapters/sql/trust.py
keeps them."""

from __future__ import annotations

from datetime import datetime

from domain.complaints import Outcome
from domain.mass_openers import SentOpener, Signature
from tests.application.memory_store import MemoryStore


class MemoryTrust:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add_opener(self, member_id: int, recipient_id: int, signature: Signature,
                   at: datetime) -> None:
        number = max((row[0] for row in self.store.openers), default=0) + 1
        self.store.openers.append((number, member_id, recipient_id, signature, at))

    def openers_since(self, member_id: int, since: datetime) -> list[SentOpener]:
        rows = sorted((at, number, recipient, signature)
                      for number, member, recipient, signature, at in self.store.openers
                      if member == member_id and at >= since)
        return [SentOpener(recipient, signature, at) for at, _, recipient, signature in rows]

    def prune_openers(self, before: datetime, member_id: int | None = None) -> int:
        kept = [row for row in self.store.openers
                if not (row[4] < before and member_id in (None, row[1]))]
        gone = len(self.store.openers) - len(kept)
        self.store.openers[:] = kept
        return gone

    def started_since(self, member_id: int, since: datetime) -> int:
        # A conversation starts with its first message (Chat.send, send_gift).
        first: dict[int, datetime] = {}
        for row in self.store.messages:
            conversation = row.message.conversation_id
            at = row.message.created_at
            first[conversation] = min(first.get(conversation, at), at)
        return sum(1 for number, row in self.store.conversations.items()
                   if row.conversation.started_by == member_id
                   and first.get(number, row.last_message_at) >= since)

    def reporters_against(self, member_id: int) -> int:
        return len({c.reporter_id for c in self.store.complaints.values()
                    if c.member_id == member_id and c.reporter_id is not None
                    and (c.status == "open" or c.outcome == Outcome.ACTION_TAKEN.value)})
