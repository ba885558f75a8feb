"""In-memory blocks, search, likes and swipes: the SQL adapters' rules (which members a
list may show, in which order, unique keys) over plain rows.
tests/adapters/test_memory_contract.py runs the same scenarios on both."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from application.ports.discovery import (
    CandidateCard,
    Counted,
    FoundCard,
    MemberCard,
    SearchQuery,
    Seeker,
)
from application.ports.likes import GivenLike, LikeRecord, ReceivedLike
from application.ports.photos import CardImage
from domain.discovery import Listing
from domain.matching import wants
from domain.members import AccountStatus, Member, ProfileStatus
from domain.photos import PhotoStatus
from tests.application.memory_store import Duplicate, MemoryStore, Row

LIST_LIMIT = 1000  # as adapters/sql/likes.py


@attrs.define
class LikeRow(Row):
    at: datetime
    is_new: bool = True
    modal_shown: bool = False
    match_seen: bool = False


def card(store: MemoryStore, member: Member) -> MemberCard:
    """A member with their active main photo, as every list shows them."""
    main = next((p for p in store.photos if p.member_id == member.id and p.is_main
                 and p.status is PhotoStatus.ACTIVE), None)
    profile = member.profile
    return MemberCard(id=member.id, name=profile.name, gender=profile.gender,
                      birth_date=profile.birth_date, country=profile.country,
                      region=profile.region, city=profile.city,
                      is_fictional=member.is_fictional,
                      main_image=CardImage(main.filename, main.thumb_filename) if main else None)


def blocked_either_way(store: MemoryStore, one: int, other: int) -> bool:
    return (one, other) in store.blocks or (other, one) in store.blocks


def listable(store: MemoryStore, member: Member, viewer_id: int) -> bool:
    """Lists show a member who is active, or unconfirmed with an active profile (never
    banned or deleted), and never across a block."""
    shown = member.status is AccountStatus.ACTIVE or (
        member.status is AccountStatus.NOT_CONFIRMED
        and member.profile.status is ProfileStatus.ACTIVE)
    return shown and not blocked_either_way(store, member.id, viewer_id)


class MemoryDiscovery:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _found(self, query: SearchQuery) -> list[Member]:
        """domain.discovery.findable's rules plus the filters, newest first."""
        store, viewer = self.store, query.viewer_id

        def matches(member: Member) -> bool:
            profile = member.profile
            return (member.site_id in query.site_ids and not member.invisible
                    and listable(store, member, viewer if viewer is not None else -1)
                    and query.born_from <= profile.birth_date <= query.born_until
                    and member.id != viewer
                    and (query.before_id is None or member.id < query.before_id)
                    # No positions in memory: nearest first is newest first.
                    and (query.farther_than is None or member.id < query.farther_than)
                    and member.id not in query.exclude
                    and not (query.not_liked and viewer is not None
                             and (viewer, member.id) in store.likes)
                    and not (query.not_swiped and viewer is not None
                             and (viewer, member.id) in store.swipes)
                    and query.listing in (None, self._listing(member))
                    and (query.wanting is None or wants(profile, query.wanting))
                    and query.fictional in (None, member.is_fictional)
                    # Positions are not kept in memory: a radius finds no one.
                    and (query.near is None or query.near.radius_km is None)
                    and (query.online_since is None or (
                        member.show_online and member.id in store.last_seen
                        and store.last_seen[member.id] >= query.online_since))
                    and all(not wanted or wanted == value for wanted, value in (
                        (query.gender, profile.gender), (query.country, profile.country),
                        (query.region, profile.region))))
        return sorted(filter(matches, store.members.values()), key=lambda m: -m.id)

    def _listing(self, member: Member) -> Listing:
        """As members.listing: stored by application.shared.listings, no photo until then."""
        return Listing(self.store.listings.get(member.id, Listing.NO_PHOTO))

    def listing(self, member_id: int) -> Listing | None:
        member = self.store.members.get(member_id)
        return None if member is None else self._listing(member)

    def relist(self, member_id: int, listing: Listing) -> None:
        if member_id in self.store.members:
            self.store.listings[member_id] = listing.value

    def search(self, query: SearchQuery, limit: int, offset: int) -> list[MemberCard]:
        return [card(self.store, m) for m in self._found(query)[offset:offset + limit]]

    def found(self, query: SearchQuery, limit: int, offset: int) -> list[FoundCard]:
        return [self._found_card(m, query.viewer_id)
                for m in self._found(query)[offset:offset + limit]]

    def nearest(self, query: SearchQuery, limit: int, offset: int) -> list[FoundCard]:
        return self.found(query, limit, offset)  # no positions: all equally far

    def found_counted(self, query: SearchQuery, limit: int, offset: int,
                      order: tuple[Listing, ...], at_most: int) -> Counted:
        def place(member: Member) -> tuple[int, int]:
            listing = self._listing(member)
            return (order.index(listing) if listing in order else len(order), -member.id)

        found = sorted(self._found(attrs.evolve(query, before_id=None)), key=place)
        cursor = self.store.members.get(query.before_id) if query.before_id else None
        if query.before_id is not None:  # resumes in the cursor's listing, below it
            start = place(cursor)[0] if cursor is not None else 0
            found = [m for m in found if place(m)[0] > start
                     or (place(m)[0] == start and m.id < query.before_id)]
        listed = [m for m in found if self._listing(m) in order]
        return Counted([self._found_card(m, query.viewer_id)
                        for m in listed[offset:offset + limit]],
                       self.count(attrs.evolve(query, before_id=None), at_most))

    def found_first(self, queries: list[SearchQuery], limit: int,
                    order: tuple[Listing, ...]) -> list[FoundCard]:
        found: list[FoundCard] = []
        for query in queries:
            step = attrs.evolve(query, exclude=(*query.exclude, *(card.id for card in found)))
            found += self.found_counted(step, limit - len(found), 0, order, 1).cards
        return found[:limit]

    def counts(self, queries: list[SearchQuery], at_most: list[int]) -> list[int]:
        return [self.count(query, most) for query, most in zip(queries, at_most, strict=True)]

    def seeker(self, member_id: int, cursor: int | None = None) -> Seeker:
        blocked = {other for pair in self.store.blocks if member_id in pair
                   for other in pair if other != member_id}
        return Seeker(None, tuple(sorted(blocked)))  # no positions in memory

    def _found_card(self, member: Member, viewer: int | None) -> FoundCard:
        seen = self.store.last_seen.get(member.id) if member.show_online else None
        return FoundCard(**attrs.asdict(card(self.store, member), recurse=False),
                         sexuality=member.profile.sexuality,
                         interests=member.profile.interests, listing=self._listing(member),
                         km=None, active_at=seen,
                         liked=(viewer, member.id) in self.store.likes)

    def count(self, query: SearchQuery, at_most: int) -> int:
        return min(len(self._found(query)), at_most)

    def candidates(self, query: SearchQuery, limit: int) -> list[CandidateCard]:
        return [CandidateCard(**attrs.asdict(card(self.store, m), recurse=False),
                              sexuality=m.profile.sexuality, interests=m.profile.interests)
                for m in self._found(query)[:limit]]

    def blocks(self, blocker: int, blocked: int) -> bool:
        return (blocker, blocked) in self.store.blocks

    def block(self, blocker: int, blocked: int, at: datetime) -> None:
        self.store.blocks.add((blocker, blocked))

    def unblock(self, blocker: int, blocked: int) -> None:
        self.store.blocks.discard((blocker, blocked))


class MemoryLikes:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def get(self, liker: int, liked: int) -> LikeRecord | None:
        row = self.store.likes.get((liker, liked))
        return None if row is None else LikeRecord(liker, liked, row.at, row.is_new,
                                                   row.modal_shown, row.match_seen)

    def liked_among(self, liker: int, members: Sequence[int]) -> set[int]:
        return {member for member in members if (liker, member) in self.store.likes}

    def add(self, liker: int, liked: int, at: datetime, match_seen: bool) -> None:
        self.store.likes.setdefault((liker, liked), LikeRow(at, match_seen=match_seen))

    def remove(self, liker: int, liked: int) -> None:
        self.store.likes.pop((liker, liked), None)

    def update(self, liker: int, liked: int, **flags: bool) -> None:
        row = self.store.likes.get((liker, liked))
        for name, value in flags.items():
            if row is not None:
                setattr(row, name, value)

    def swiped(self, member: int, target: int) -> bool:
        return (member, target) in self.store.swipes

    def swipe(self, member: int, target: int, liked: bool, at: datetime) -> None:
        if (member, target) in self.store.swipes:
            raise Duplicate("swipes")  # the primary key, as in SQL
        self.store.swipes[member, target] = (liked, at)

    def swipe_likes_between(self, member: int, start: datetime, end: datetime) -> int:
        return sum(1 for (who, _), (liked, at) in self.store.swipes.items()
                   if who == member and liked and start <= at < end)


class MemoryLikeQueries:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def _received(self, member_id: int) -> list[tuple[Member, LikeRow]]:
        store = self.store
        found = [(store.members[liker], row) for (liker, liked), row in store.likes.items()
                 if liked == member_id and liker in store.members]
        return [(m, row) for m, row in found if listable(store, m, member_id)]

    def given(self, member_id: int) -> list[GivenLike]:
        store = self.store
        rows = []
        for (liker, liked), row in store.likes.items():
            member = store.members.get(liked)
            if liker != member_id or member is None or not listable(store, member, member_id):
                continue
            likes_me = (liked, liker) in store.likes
            if member.invisible and not likes_me:
                continue
            rows.append(GivenLike(card(store, member), row.at, likes_me, row.match_seen))
        rows.sort(key=lambda like: (like.liked_at, like.card.id), reverse=True)
        return rows[:LIST_LIMIT]

    def received(self, member_id: int) -> list[ReceivedLike]:
        rows = [ReceivedLike(card(self.store, m), row.at, row.is_new,
                             (member_id, m.id) in self.store.likes)
                for m, row in self._received(member_id)]
        rows.sort(key=lambda like: (like.like_new, like.liked_at, like.card.id), reverse=True)
        return rows[:LIST_LIMIT]

    def new_likes(self, member_id: int) -> int:
        return sum(1 for _, row in self._received(member_id) if row.is_new)

    def next_for_modal(self, member_id: int, gender: str | None = None,
                       wanting: str | None = None) -> MemberCard | None:
        waiting = [(row.at, m.id, m) for m, row in self._received(member_id)
                   if row.is_new and not row.modal_shown
                   and (member_id, m.id) not in self.store.likes
                   and gender in (None, m.profile.gender)
                   and (wanting is None or wants(m.profile, wanting))]
        return card(self.store, max(waiting)[2]) if waiting else None
