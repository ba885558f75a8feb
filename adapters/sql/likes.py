"""Likes and swipes in SQL. Lists join the liked (or liking) member's card in one query."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, and_, delete, exists, func, insert, or_, select, update

from adapters.sql import tables as t
from adapters.sql.discovery import _blocked_either_way, _card
from adapters.sql.mutual import wanting as wants_gender
from adapters.sql.upsert import insert_unless_exists
from application.ports.discovery import MemberCard
from application.ports.likes import GivenLike, LikeRecord, ReceivedLike

m, p, ph, lk, sw = t.members, t.profiles, t.photos, t.likes, t.swipes
LIST_LIMIT = 1000
back = lk.alias()


def _card_of(member_column: Any) -> Any:
    return select(
        m.c.id, m.c.is_fictional, p.c.name, p.c.gender, p.c.birth_date, p.c.country,
        p.c.region, p.c.city, ph.c.filename, ph.c.thumb_filename, lk.c.created_at,
        lk.c.is_new, lk.c.match_seen,
    ).select_from(
        lk.join(m, m.c.id == member_column).join(p, p.c.member_id == m.c.id).outerjoin(
            ph, and_(ph.c.member_id == m.c.id, ph.c.is_main.is_(True),
                     ph.c.status == "active"))
    )


def _reachable(viewer_id: int) -> list[Any]:
    """Members a list may show: not banned or deleted, no profile disabled before
    confirmation, and no block between them and the viewer."""
    return [
        or_(m.c.status == "active", and_(m.c.status == "not_confirmed",
                                         p.c.status == "active")),
        ~_blocked_either_way(viewer_id),
    ]


def _liked_back(liker: Any, liked: Any) -> Any:
    return exists().where(back.c.liker_id == liked, back.c.liked_id == liker)


@attrs.define
class SqlLikes:
    connection: Connection

    def get(self, liker: int, liked: int) -> LikeRecord | None:
        row = self.connection.execute(select(lk).where(
            lk.c.liker_id == liker, lk.c.liked_id == liked)).first()
        if row is None:
            return None
        return LikeRecord(liker_id=row.liker_id, liked_id=row.liked_id, at=row.created_at,
                          is_new=row.is_new, modal_shown=row.modal_shown,
                          match_seen=row.match_seen)

    def liked_among(self, liker: int, members: Sequence[int]) -> set[int]:
        if not members:
            return set()
        return set(self.connection.scalars(select(lk.c.liked_id).where(
            lk.c.liker_id == liker, lk.c.liked_id.in_(members))))

    def add(self, liker: int, liked: int, at: datetime, match_seen: bool) -> None:
        insert_unless_exists(self.connection, lk, liker_id=liker, liked_id=liked, created_at=at,
                             is_new=True, modal_shown=False, match_seen=match_seen)

    def remove(self, liker: int, liked: int) -> None:
        self.connection.execute(delete(lk).where(lk.c.liker_id == liker, lk.c.liked_id == liked))

    def update(self, liker: int, liked: int, **flags: bool) -> None:
        self.connection.execute(update(lk).where(
            lk.c.liker_id == liker, lk.c.liked_id == liked).values(**flags))

    # --- the swipe game ------------------------------------------------------------

    def swiped(self, member: int, target: int) -> bool:
        return bool(self.connection.execute(select(exists().where(
            sw.c.member_id == member, sw.c.target_id == target))).scalar())

    def swipe(self, member: int, target: int, liked: bool, at: datetime) -> None:
        """A card is swiped once: a second swipe could otherwise hand a like back."""
        self.connection.execute(insert(sw).values(member_id=member, target_id=target,
                                                  liked=liked, created_at=at))

    def swipe_likes_between(self, member: int, start: datetime, end: datetime) -> int:
        return int(self.connection.execute(select(func.count()).select_from(sw).where(
            sw.c.member_id == member, sw.c.liked.is_(True), sw.c.created_at >= start,
            sw.c.created_at < end)).scalar_one())


@attrs.define
class SqlLikeQueries:
    """The likes lists and badge: the liked (or liking) member's card in one query."""

    connection: Connection

    def given(self, member_id: int) -> list[GivenLike]:
        """Members ``member_id`` likes, newest like first, with whether they like back.
        An invisible member stays listed only while they like back (first contact)."""
        likes_me = _liked_back(lk.c.liker_id, lk.c.liked_id)
        rows = self.connection.execute(
            _card_of(lk.c.liked_id).add_columns(likes_me.label("likes_me"))
            .where(lk.c.liker_id == member_id, *_reachable(member_id),
                   or_(m.c.invisible.is_(False), likes_me))
            .order_by(lk.c.created_at.desc(), m.c.id.desc()).limit(LIST_LIMIT))
        return [GivenLike(_card(row), liked_at=row.created_at, likes_me=row.likes_me,
                          match_seen=row.match_seen) for row in rows]

    def received(self, member_id: int) -> list[ReceivedLike]:
        """Members who like ``member_id``: new likes first, then newest first."""
        liked_back = _liked_back(lk.c.liker_id, lk.c.liked_id)
        rows = self.connection.execute(
            _card_of(lk.c.liker_id).add_columns(liked_back.label("liked_back"))
            .where(lk.c.liked_id == member_id, *_reachable(member_id))
            .order_by(lk.c.is_new.desc(), lk.c.created_at.desc(), m.c.id.desc())
            .limit(LIST_LIMIT))
        return [ReceivedLike(_card(row), liked_at=row.created_at, like_new=row.is_new,
                             liked_back=row.liked_back) for row in rows]

    def new_likes(self, member_id: int) -> int:
        """How many of ``received`` are new (the likes badge), counted in the database."""
        return int(self.connection.execute(
            select(func.count()).select_from(
                lk.join(m, m.c.id == lk.c.liker_id).join(p, p.c.member_id == m.c.id))
            .where(lk.c.liked_id == member_id, lk.c.is_new.is_(True),
                   *_reachable(member_id))).scalar_one())

    def next_for_modal(self, member_id: int, gender: str | None = None,
                       wanting: str | None = None) -> MemberCard | None:
        """The newest like the member has neither opened nor been offered in the modal."""
        fit = [p.c.gender == gender] if gender else []
        if wanting is not None:
            fit.append(wants_gender(wanting))
        row = self.connection.execute(
            _card_of(lk.c.liker_id)
            .where(lk.c.liked_id == member_id, lk.c.is_new.is_(True),
                   lk.c.modal_shown.is_(False), *_reachable(member_id),
                   ~_liked_back(lk.c.liker_id, lk.c.liked_id), *fit)
            .order_by(lk.c.created_at.desc(), m.c.id.desc()).limit(1)).first()
        return _card(row) if row else None
