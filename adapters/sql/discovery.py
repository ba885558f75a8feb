"""Search and blocks in SQL: one query for a page of results (main photo joined in),
one to count them (up to a cap), whatever the page size; the member's stored listing."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, and_, delete, exists, false, func, or_, select, update

from adapters.sql import tables as t
from adapters.sql.mutual import wanting
from adapters.sql.upsert import insert_unless_exists
from application.ports.discovery import CandidateCard, MemberCard, SearchQuery
from application.ports.photos import CardImage
from domain.discovery import Listing

m, p, ph, b, lk, sw = t.members, t.profiles, t.photos, t.blocks, t.likes, t.swipes

_CARD = select(
    m.c.id, m.c.is_fictional, p.c.name, p.c.gender, p.c.birth_date, p.c.country, p.c.region,
    p.c.city, ph.c.filename, ph.c.thumb_filename,
).select_from(
    m.join(p, p.c.member_id == m.c.id).outerjoin(
        ph, and_(ph.c.member_id == m.c.id, ph.c.is_main.is_(True), ph.c.status == "active"))
)


def _plan_for_these_values(connection: Connection) -> None:
    """psycopg prepares a statement after a few runs, and PostgreSQL then reuses one
    generic plan for any filter values: a plan made for "everyone" walked 100k members for
    "women in NL-NH" (p50 6 -> 27 ms). Searches are planned for their own values instead
    (a fraction of a millisecond); for this transaction only."""
    if connection.dialect.name == "postgresql" and not connection.info.get("custom_plans"):
        connection.exec_driver_sql("SET LOCAL plan_cache_mode = force_custom_plan")
        connection.info["custom_plans"] = True


def _blocked_either_way(viewer_id: int | None) -> Any:
    if viewer_id is None:
        return false()
    # One list of the viewer's blocks (either way), hashed once, instead of a lookup
    # per candidate member.
    return m.c.id.in_(select(b.c.blocked_id).where(b.c.blocker_id == viewer_id).union_all(
        select(b.c.blocker_id).where(b.c.blocked_id == viewer_id)))


def _listing(listing: Listing) -> Any:
    """The members of one listing: members.listing, stored by the use cases
    (application.listings), so each listing is a range of ix_members_listing walked
    backwards by id, with no per-member probe of the photos."""
    return m.c.listing == listing.value


def _conditions(query: SearchQuery) -> list[Any]:
    """The rules of domain.discovery.findable, in SQL, plus the filters."""
    conditions = [
        m.c.site_id.in_(query.site_ids),
        m.c.invisible.is_(False),
        or_(m.c.status == "active", and_(m.c.status == "not_confirmed",
                                         p.c.status == "active")),
        ~_blocked_either_way(query.viewer_id),
        p.c.birth_date.between(query.born_from, query.born_until),
    ]
    if query.viewer_id is not None:
        conditions.append(m.c.id != query.viewer_id)
    if query.before_id is not None:
        # Stated for both tables: PostgreSQL carries equalities across a join, not ranges,
        # and each side should start its backward walk at the cursor.
        conditions += [m.c.id < query.before_id, p.c.member_id < query.before_id]
    if query.exclude:
        conditions.append(m.c.id.notin_(query.exclude))
    if query.not_liked and query.viewer_id is not None:
        conditions.append(~exists().where(lk.c.liker_id == query.viewer_id,
                                          lk.c.liked_id == m.c.id))
    if query.not_swiped and query.viewer_id is not None:
        conditions.append(~exists().where(sw.c.member_id == query.viewer_id,
                                          sw.c.target_id == m.c.id))
    if query.listing is not None:
        conditions.append(_listing(query.listing))
    if query.wanting is not None:
        conditions.append(wanting(query.wanting))
    if query.fictional is not None:
        conditions.append(m.c.is_fictional.is_(query.fictional))
    for column, value in ((p.c.gender, query.gender), (p.c.country, query.country),
                          (p.c.region, query.region)):
        if value:
            conditions.append(column == value)
    return conditions


def _card(row: Any) -> MemberCard:
    image = CardImage(row.filename, row.thumb_filename) if row.filename else None
    return MemberCard(id=row.id, name=row.name, gender=row.gender, birth_date=row.birth_date,
                      country=row.country, region=row.region, city=row.city,
                      is_fictional=row.is_fictional, main_image=image)


@attrs.define
class SqlDiscovery:
    connection: Connection

    def search(self, query: SearchQuery, limit: int, offset: int) -> list[MemberCard]:
        _plan_for_these_values(self.connection)
        rows = self.connection.execute(
            # Newest members first. Ordering by the primary key (signup order) lets the
            # database walk the index backwards and stop after one page.
            _CARD.where(*_conditions(query)).order_by(m.c.id.desc())
            .limit(limit).offset(offset))
        return [_card(row) for row in rows]

    def count(self, query: SearchQuery, at_most: int) -> int:
        # The limit inside lets the database stop after ``at_most`` matches instead of
        # visiting every member of a large site.
        _plan_for_these_values(self.connection)
        matches = (select(m.c.id).select_from(m.join(p, p.c.member_id == m.c.id))
                   .where(*_conditions(query)).limit(at_most).subquery())
        return int(self.connection.execute(
            select(func.count()).select_from(matches)).scalar_one())

    def candidates(self, query: SearchQuery, limit: int) -> list[CandidateCard]:
        _plan_for_these_values(self.connection)
        rows = self.connection.execute(
            _CARD.add_columns(p.c.sexuality, p.c.interests).where(*_conditions(query))
            .order_by(m.c.id.desc()).limit(limit))
        return [CandidateCard(**attrs.asdict(_card(row), recurse=False),
                              sexuality=row.sexuality, interests=tuple(row.interests))
                for row in rows]

    def listing(self, member_id: int) -> Listing | None:
        value = self.connection.execute(
            select(m.c.listing).where(m.c.id == member_id)).scalar_one_or_none()
        return None if value is None else Listing(value)

    def relist(self, member_id: int, listing: Listing) -> None:
        self.connection.execute(
            update(m).where(m.c.id == member_id, m.c.listing != listing.value)
            .values(listing=listing.value))

    def blocks(self, blocker: int, blocked: int) -> bool:
        return bool(self.connection.execute(select(exists().where(
            b.c.blocker_id == blocker, b.c.blocked_id == blocked))).scalar())

    def block(self, blocker: int, blocked: int, at: datetime) -> None:
        insert_unless_exists(self.connection, b, blocker_id=blocker, blocked_id=blocked,
                             created_at=at)

    def unblock(self, blocker: int, blocked: int) -> None:
        self.connection.execute(delete(b).where(b.c.blocker_id == blocker,
                                                b.c.blocked_id == blocked))
