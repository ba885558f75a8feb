"""In-memory notifications (preferences, push subscriptions, delivery keys), complaints
and the photo review queue, as the SQL adapters keep them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import attrs

from application.ports.chat import Message
from application.ports.complaints import Complaint, NewComplaint
from application.ports.notifications import MarketingConsent, PushSubscription
from application.ports.photos import (
    Photo,
    PhotoForReview,
    PhotoOnSheet,
    ReviewedMember,
    SimilarPhoto,
)
from domain.complaints import Outcome, ReporterRecord
from domain.members import AccountStatus, Member
from domain.photos import PhotoStatus
from tests.application.memory_chat import delivered_to
from tests.application.memory_store import Duplicate, MemoryStore


class MemoryNotifications:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def preferences(self, member_id: int) -> tuple[dict[str, bool], str | None]:
        values, off = self.store.notifications.get(member_id, ({}, None))
        return dict(values), off

    def save_preferences(self, member_id: int, values: dict[str, bool]) -> None:
        self.store.notifications[member_id] = (dict(values), self.preferences(member_id)[1])

    def set_mail_off(self, member_id: int, reason: str | None, at: datetime) -> None:
        self.store.notifications[member_id] = (self.preferences(member_id)[0], reason)

    def record_marketing_choice(self, member_id: int, given: bool, via: str,
                                at: datetime) -> None:
        self.store.notifications.setdefault(member_id, ({}, None))
        self.store.marketing[member_id] = MarketingConsent(given, at, via)

    def marketing_consent(self, member_id: int) -> MarketingConsent | None:
        return self.store.marketing.get(member_id)

    def add_push(self, member_id: int, endpoint: str, p256dh: str, auth: str,
                 at: datetime) -> None:
        """An upsert on the endpoint: a known one moves to this member, keeping its id."""
        pushes = self.store.pushes
        known = pushes.get(endpoint)
        number = known.id if known else max((p.id for p in pushes.values()), default=0) + 1
        pushes[endpoint] = PushSubscription(number, member_id, endpoint, p256dh, auth)

    def remove_push(self, endpoint: str, member_id: int | None = None) -> None:
        known = self.store.pushes.get(endpoint)
        if known is not None and member_id in (None, known.member_id):
            del self.store.pushes[endpoint]

    def pushes_of(self, member_id: int) -> list[PushSubscription]:
        return sorted((p for p in self.store.pushes.values() if p.member_id == member_id),
                      key=lambda p: p.id)

    def was_sent(self, key: str) -> bool:
        return key in self.store.sent

    def mark_sent(self, key: str, member_id: int, kind: str, at: datetime) -> bool:
        if key in self.store.sent:
            return False
        self.store.sent[key] = (member_id, kind, at)
        return True

    def purge_sent_before(self, before: datetime) -> int:
        old = [key for key, (_, _, at) in self.store.sent.items() if at < before]
        for key in old:
            del self.store.sent[key]
        return len(old)


class MemoryNotificationQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _mailable(self, member_id: int) -> bool:
        member = self.store.members.get(member_id)
        return (member is not None and member.status is AccountStatus.ACTIVE
                and not member.is_fictional)

    def message_count(self, conversation_id: int) -> int:
        return sum(1 for row in self.store.messages
                   if row.message.conversation_id == conversation_id)

    def unread_to_remind(self, older_than: datetime, limit: int) -> list[tuple[int, int]]:
        totals: dict[int, int] = {}
        for (chat, member_id), seat in self.store.in_chat.items():
            if seat.unread > 0 and self.store.conversations[chat].last_message_at < older_than \
                    and self._mailable(member_id):
                totals[member_id] = totals.get(member_id, 0) + seat.unread
        return sorted(totals.items())[:limit]

    def weekly_figures(self, member_id: int, since: datetime) -> dict[str, int]:
        store = self.store
        likes = sum(1 for (_, liked), row in store.likes.items()
                    if liked == member_id and row.at >= since)
        unread = sum(seat.unread for (_, who), seat in store.in_chat.items()
                     if who == member_id)
        site = store.members[member_id].site_id if member_id in store.members else None
        new = sum(1 for m in store.members.values() if m.site_id == site
                  and m.created_at >= since and m.status is AccountStatus.ACTIVE)
        return {"likes": likes, "messages": unread, "new_members": new}

    def opted_in(self, preference: str, after_id: int, limit: int) -> list[int]:
        def wants(member_id: int) -> bool:
            values, off = self.store.notifications.get(member_id, ({}, None))
            return off is None and values.get(preference) is True
        return sorted(i for i in self.store.members
                      if i > after_id and self._mailable(i) and wants(i))[:limit]


class MemoryComplaints:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def add(self, complaint: NewComplaint) -> int:
        number = len(self.store.complaints) + 1
        self.store.complaints[number] = Complaint(id=number, **attrs.asdict(complaint),
                                                  resolved_at=None, resolution=None)
        return number

    def get(self, complaint_id: int) -> Complaint | None:
        return self.store.complaints.get(complaint_id)

    def resolve(self, complaint_id: int, note: str, at: datetime, outcome: str) -> bool:
        found = self.store.complaints.get(complaint_id)
        if found is None or found.status != "open":
            return False
        self.store.complaints[complaint_id] = attrs.evolve(
            found, status="resolved", resolution=note, resolved_at=at, outcome=outcome)
        return True

    def decided(self, complaint_id: int) -> bool:
        return any(d.notice_id == complaint_id for d in self.store.decisions.values())

    def visible_messages(self, message_ids: Sequence[int], member_id: int) -> list[Message]:
        """As the chat history shows them: not those before a chat the member deleted."""
        store, wanted = self.store, set(message_ids)
        found = []
        for row in store.messages:
            seat = store.in_chat.get((row.message.conversation_id, member_id))
            if row.message.id in wanted and seat is not None and (
                    seat.hidden_before is None or row.message.id > seat.hidden_before) \
                    and delivered_to(row.message, member_id):
                found.append(row.message)
        return found

    def reported_by(self, reporter_id: int, item_kind: str, item_id: str) -> bool:
        return any(c.reporter_id == reporter_id and c.item_kind == item_kind
                   and c.item_id == item_id and c.status == "open"
                   for c in self.store.complaints.values())

    def attach(self, complaint_id: int, message_ids: Sequence[int]) -> None:
        pairs = [(complaint_id, message_id) for message_id in message_ids]
        if set(pairs) & set(self.store.complaint_messages) or len(set(pairs)) < len(pairs):
            raise Duplicate("complaint_messages")
        self.store.complaint_messages += pairs


class MemoryComplaintQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def recent(self, status: str | None, limit: int) -> list[Complaint]:
        newest = sorted(self.store.complaints.values(), key=lambda c: -c.id)
        return [c for c in newest if not status or c.status == status][:limit]

    def attached(self, complaint_id: int) -> list[Message]:
        ids = {message for complaint, message in self.store.complaint_messages
               if complaint == complaint_id}
        return [row.message for row in self.store.messages if row.message.id in ids]

    def count_for_site(self, site_id: int) -> int:
        return sum(1 for c in self.store.complaints.values() if c.site_id == site_id)

    def reporter_records(self, complaints: Sequence[Complaint]) -> dict[int, ReporterRecord]:
        def same_reporter(a: Complaint, b: Complaint) -> bool:
            if a.reporter_id is not None:
                return a.reporter_id == b.reporter_id
            return b.reporter_id is None and bool(a.email) and a.email == b.email

        def record(of: Complaint) -> ReporterRecord:
            done = [c for c in self.store.complaints.values() if same_reporter(of, c)
                    and c.status == "resolved" and c.outcome is not None]
            return ReporterRecord(len(done), sum(c.outcome == Outcome.NO_ACTION for c in done))

        return {c.id: record(c) for c in complaints}


_IN_QUEUE = (PhotoStatus.PENDING, PhotoStatus.HELD)  # as adapters/sql/repositories.py


class MemoryPhotoQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _waiting(self, site_id: int | None = None) -> list[PhotoForReview]:
        store, found = self.store, []
        for photo in sorted(store.photos, key=lambda p: p.id):
            member = store.members.get(photo.member_id)
            site = store.sites.get(member.site_id) if member else None
            if photo.status in _IN_QUEUE and site is not None and site_id in (None, site.id):
                found.append(PhotoForReview(**attrs.asdict(photo, recurse=False),
                                            created_at=store.photo_times[photo.id],
                                            domain=site.domain))
        return found

    def pending(self, limit: int, offset: int = 0, site_id: int | None = None
                ) -> list[PhotoForReview]:
        return self._waiting(site_id)[offset:offset + limit]

    def pending_count(self, site_id: int | None = None) -> int:
        if site_id is None:
            return sum(1 for p in self.store.photos if p.status in _IN_QUEUE)
        return len(self._waiting(site_id))

    def waiting_between(self, first: int, last: int, site_id: int | None,
                        limit: int) -> list[Photo]:
        return [Photo(p.id, p.member_id, p.filename, p.thumb_filename, p.status, p.is_main)
                for p in self._waiting(site_id) if first <= p.id <= last][:limit]

    def sheet(self, limit: int, site_id: int | None) -> list[PhotoOnSheet]:
        store = self.store
        return [PhotoOnSheet(photo=photo, phash=store.photo_hashes.get(photo.id),
                             member=self._reviewed(store.members[photo.member_id]))
                for photo in self._waiting(site_id)[:limit]]

    def _reviewed(self, member: Member) -> ReviewedMember:
        store, owner = self.store, member.id
        return ReviewedMember(
            id=owner, name=member.profile.name, gender=member.profile.gender,
            birth_date=member.profile.birth_date, country=member.profile.country,
            joined=member.created_at, status=member.status.value,
            text_flags=member.profile.text_flags,
            flags=tuple(sorted({flag.flag for who, flag in store.flags if who == owner})),
            in_force=tuple(sorted({d.restriction.value for d in store.decisions.values()
                                   if d.member_id == owner and d.item_kind != "photo"
                                   and d.status == "in_force"})),
            open_complaints=sum(1 for c in store.complaints.values()
                                if c.member_id == owner and c.status == "open"),
            photos_shown=sum(1 for p in store.photos
                             if p.member_id == owner and p.status == PhotoStatus.ACTIVE))

    def states(self, photo_ids: Iterable[int]) -> dict[int, SimilarPhoto]:
        wanted = set(photo_ids)
        return {p.id: SimilarPhoto(id=p.id, member_id=p.member_id, status=p.status,
                                   member_status=self.store.members[p.member_id].status.value)
                for p in self.store.photos if p.id in wanted}
