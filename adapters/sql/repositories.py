"""SQL implementations of the repository ports, on one shared connection."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, delete, func, insert, or_, select, update

from adapters.sql import account_writes
from adapters.sql import tables as t
from adapters.sql.blocklists import photo_hash_columns
from adapters.sql.documents import company_from_row, converter, site_from_row, site_settings
from adapters.sql.engine import inserted_id
from application.ports.audit import AuditEntry, AuditFilter, Details
from application.ports.photos import (
    MainPhoto,
    Photo,
    PhotoForReview,
    PhotoOnSheet,
    ReviewedMember,
    SimilarPhoto,
)
from domain.blocklists import PhotoHash
from domain.photos import PhotoStatus
from domain.profile_flags import TextFlags
from domain.sites import Company, Site


@attrs.define
class SqlSites:
    connection: Connection

    def get(self, site_id: int) -> Site | None:
        row = self.connection.execute(select(t.sites).where(t.sites.c.id == site_id)).first()
        return site_from_row(row) if row else None

    def by_domain(self, domain: str) -> Site | None:
        row = self.connection.execute(select(t.sites).where(t.sites.c.domain == domain)).first()
        return site_from_row(row) if row else None

    def default(self) -> Site | None:
        query = select(t.sites).order_by(t.sites.c.is_default.desc(), t.sites.c.id).limit(1)
        row = self.connection.execute(query).first()
        return site_from_row(row) if row else None

    def all(self) -> Sequence[Site]:
        rows = self.connection.execute(select(t.sites).order_by(t.sites.c.id))
        return [site_from_row(row) for row in rows]

    @staticmethod
    def _values(site: Site) -> dict[str, Any]:
        return {"domain": site.domain, "company_id": site.company_id,
                "is_default": site.is_default, "settings": site_settings(site),
                "closed_at": site.closed_at, "closed_reason": site.closed_reason or None}

    def add(self, site: Site) -> Site:
        values = self._values(site)
        if site.id:
            values["id"] = site.id
        result = self.connection.execute(insert(t.sites).values(**values))
        return attrs.evolve(site, id=inserted_id(result))

    def update(self, site: Site) -> None:
        self.connection.execute(
            update(t.sites).where(t.sites.c.id == site.id).values(**self._values(site)))

    def remove(self, site_id: int) -> None:
        for table in (t.bundles, t.lander_visits, t.login_failures, t.site_aliases):
            self.connection.execute(delete(table).where(table.c.site_id == site_id))
        self.connection.execute(delete(t.sites).where(t.sites.c.id == site_id))

    def aliases(self) -> dict[str, int]:
        rows = self.connection.execute(select(t.site_aliases.c.domain, t.site_aliases.c.site_id))
        return {row.domain: row.site_id for row in rows}

    def alias(self, domain: str) -> int | None:
        query = select(t.site_aliases.c.site_id).where(t.site_aliases.c.domain == domain)
        found = self.connection.execute(query).scalar()
        return int(found) if found is not None else None

    def add_alias(self, domain: str, site_id: int, at: datetime) -> None:
        self.connection.execute(insert(t.site_aliases).values(domain=domain, site_id=site_id,
                                                              created_at=at))

    def remove_alias(self, domain: str) -> None:
        self.connection.execute(delete(t.site_aliases).where(t.site_aliases.c.domain == domain))

    @staticmethod
    def _to_tell(site_id: int) -> Any:
        m = t.members.c
        return (m.site_id == site_id, m.is_fictional.is_(False), m.erased_at.is_(None),
                m.deleted_at.is_(None), m.status.in_(("active", "banned")))

    def members_to_tell(self, site_id: int, after: int, limit: int) -> list[int]:
        query = (select(t.members.c.id).where(*self._to_tell(site_id), t.members.c.id > after)
                 .order_by(t.members.c.id).limit(limit))
        return [int(member_id) for member_id in self.connection.execute(query).scalars()]

    def count_to_tell(self, site_id: int) -> int:
        query = select(func.count()).select_from(t.members).where(*self._to_tell(site_id))
        return int(self.connection.execute(query).scalar_one())


@attrs.define
class SqlCompanies:
    connection: Connection

    def get(self, company_id: int) -> Company | None:
        query = select(t.companies).where(t.companies.c.id == company_id)
        row = self.connection.execute(query).first()
        return company_from_row(row) if row else None

    def by_name(self, name: str) -> Company | None:
        query = select(t.companies).where(func.lower(t.companies.c.name) == name.lower())
        row = self.connection.execute(query).first()
        return company_from_row(row) if row else None

    def all(self) -> Sequence[Company]:
        rows = self.connection.execute(select(t.companies).order_by(t.companies.c.id))
        return [company_from_row(row) for row in rows]

    @staticmethod
    def _values(company: Company) -> dict[str, Any]:
        values: dict[str, Any] = converter.unstructure(company)
        values["added"] = company.added
        return values

    def add(self, company: Company) -> Company:
        values = self._values(company)
        if not company.id:
            values.pop("id")
        result = self.connection.execute(insert(t.companies).values(**values))
        return attrs.evolve(company, id=inserted_id(result))

    def update(self, company: Company) -> None:
        values = self._values(company)
        values.pop("id")
        self.connection.execute(update(t.companies).where(t.companies.c.id == company.id)
                                .values(**values))


def _photo(row: Any) -> Photo:
    return Photo(row.id, row.member_id, row.filename, row.thumb_filename,
                 PhotoStatus(row.status), row.is_main)


_PHOTO = (t.photos.c.id, t.photos.c.member_id, t.photos.c.filename,
          t.photos.c.thumb_filename, t.photos.c.status, t.photos.c.is_main)


@attrs.define
class SqlPhotos:
    connection: Connection

    def get(self, photo_id: int) -> Photo | None:
        row = self.connection.execute(
            select(*_PHOTO).where(t.photos.c.id == photo_id)).first()
        return _photo(row) if row else None

    def by_file(self, name: str) -> Photo | None:
        row = self.connection.execute(select(*_PHOTO).where(
            or_(t.photos.c.filename == name, t.photos.c.thumb_filename == name))).first()
        return _photo(row) if row else None

    # A member's main photo is in their remembered sign-in: a change to their photos is
    # announced with the commit (adapters/sql/account_writes.py, issue 36.1).

    def delete(self, photo_id: int) -> None:
        for row in self.connection.execute(delete(t.photos).where(
                t.photos.c.id == photo_id).returning(t.photos.c.member_id)):
            account_writes.note(self.connection, row.member_id)

    def set_main(self, member_id: int, photo_id: int) -> None:
        self.connection.execute(update(t.photos).where(t.photos.c.member_id == member_id)
                                .values(is_main=t.photos.c.id == photo_id))
        account_writes.note(self.connection, member_id)

    def set_status(self, photo_id: int, status: str) -> None:
        for row in self.connection.execute(update(t.photos).where(t.photos.c.id == photo_id)
                                           .values(status=status)
                                           .returning(t.photos.c.member_id)):
            account_writes.note(self.connection, row.member_id)

    def of_member(self, member_id: int) -> list[Photo]:
        """All of a member's photos, main first, then oldest first."""
        rows = self.connection.execute(
            select(*_PHOTO).where(t.photos.c.member_id == member_id)
            .order_by(t.photos.c.is_main.desc(), t.photos.c.id))
        return [_photo(row) for row in rows]

    def main_of(self, member_id: int) -> MainPhoto | None:
        """The member's main photo as the spec's Image: filename, thumb_filename, status."""
        row = self.connection.execute(
            select(t.photos.c.filename, t.photos.c.thumb_filename, t.photos.c.status)
            .where(t.photos.c.member_id == member_id, t.photos.c.is_main.is_(True))
            .limit(1)).first()
        return MainPhoto(row.filename, row.thumb_filename, PhotoStatus(row.status)) \
            if row else None

    def files_of(self, member_id: int) -> list[str]:
        rows = self.connection.execute(
            select(t.photos.c.filename, t.photos.c.thumb_filename)
            .where(t.photos.c.member_id == member_id))
        return [name for row in rows for name in (row.filename, row.thumb_filename)]

    def add(self, member_id: int, filename: str, thumb_filename: str, is_main: bool,
            status: str, created_at: datetime, phash: PhotoHash | None = None) -> int:
        result = self.connection.execute(
            insert(t.photos).values(
                member_id=member_id, filename=filename, thumb_filename=thumb_filename,
                is_main=is_main, status=status, created_at=created_at,
                **photo_hash_columns(phash),
            )
        )
        account_writes.note(self.connection, member_id)
        return inserted_id(result)


# The review queue: new photos, and those the block lists hold (issue 31.3).
_IN_QUEUE = (PhotoStatus.PENDING.value, PhotoStatus.HELD.value)


@attrs.define
class SqlPhotoQueries:
    connection: Connection

    @staticmethod
    def _queue(query: Any, site_id: int | None) -> Any:
        query = query.where(t.photos.c.status.in_(_IN_QUEUE))
        return query if site_id is None else query.where(t.members.c.site_id == site_id)

    def pending(self, limit: int, offset: int = 0, site_id: int | None = None
                ) -> list[PhotoForReview]:
        rows = self.connection.execute(self._queue(
            select(*_PHOTO, t.photos.c.created_at, t.sites.c.domain)
            .join(t.members, t.members.c.id == t.photos.c.member_id)
            .join(t.sites, t.sites.c.id == t.members.c.site_id), site_id)
            .order_by(t.photos.c.id).limit(limit).offset(offset))
        return [_for_review(row) for row in rows]

    def pending_count(self, site_id: int | None = None) -> int:
        query = select(func.count()).select_from(t.photos)
        if site_id is not None:
            query = query.join(t.members, t.members.c.id == t.photos.c.member_id)
        return int(self.connection.execute(self._queue(query, site_id)).scalar_one())

    def waiting_between(self, first: int, last: int, site_id: int | None,
                        limit: int) -> list[Photo]:
        query = select(*_PHOTO).where(t.photos.c.id.between(first, last))
        if site_id is not None:
            query = query.join(t.members, t.members.c.id == t.photos.c.member_id)
        rows = self.connection.execute(self._queue(query, site_id)
                                       .order_by(t.photos.c.id).limit(limit))
        return [_photo(row) for row in rows]

    def sheet(self, limit: int, site_id: int | None) -> list[PhotoOnSheet]:
        m, p = t.members, t.profiles
        rows = self.connection.execute(self._queue(
            select(*_PHOTO, t.photos.c.created_at, t.photos.c.phash, t.sites.c.domain,
                   m.c.created_at.label("joined"), m.c.status.label("member_status"),
                   p.c.name, p.c.gender, p.c.birth_date, p.c.country, p.c.text_flags)
            .join(m, m.c.id == t.photos.c.member_id)
            .join(t.sites, t.sites.c.id == m.c.site_id)
            .join(p, p.c.member_id == m.c.id), site_id)
            .order_by(t.photos.c.id).limit(limit)).all()
        owners = {row.member_id for row in rows}
        flags: dict[int, list[str]] = {}
        for member_id, flag in self.connection.execute(
                select(t.member_flags.c.member_id, t.member_flags.c.flag).distinct()
                .where(t.member_flags.c.member_id.in_(owners))
                .order_by(t.member_flags.c.member_id, t.member_flags.c.flag)):
            flags.setdefault(member_id, []).append(flag)
        d = t.decisions
        in_force: dict[int, list[str]] = {}
        for member_id, restriction in self.connection.execute(
                select(d.c.member_id, d.c.restriction).distinct()
                .where(d.c.member_id.in_(owners), d.c.status == "in_force",
                       d.c.item_kind != "photo")
                .order_by(d.c.member_id, d.c.restriction)):
            in_force.setdefault(member_id, []).append(restriction)
        c = t.complaints
        complaints = {member_id: int(count) for member_id, count in self.connection.execute(
            select(c.c.member_id, func.count()).where(c.c.member_id.in_(owners),
                                                      c.c.status == "open")
            .group_by(c.c.member_id))}
        shown = {member_id: int(count) for member_id, count in self.connection.execute(
            select(t.photos.c.member_id, func.count())
            .where(t.photos.c.member_id.in_(owners),
                   t.photos.c.status == PhotoStatus.ACTIVE.value)
            .group_by(t.photos.c.member_id))}
        return [PhotoOnSheet(
            photo=_for_review(row), phash=PhotoHash.parse(row.phash) if row.phash else None,
            member=ReviewedMember(
                id=row.member_id, name=row.name, gender=row.gender, birth_date=row.birth_date,
                country=row.country, joined=row.joined, status=row.member_status,
                text_flags=TextFlags.from_stored(row.text_flags),
                flags=tuple(flags.get(row.member_id, ())),
                in_force=tuple(in_force.get(row.member_id, ())),
                open_complaints=int(complaints.get(row.member_id, 0)),
                photos_shown=int(shown.get(row.member_id, 0))))
            for row in rows]

    def states(self, photo_ids: Iterable[int]) -> dict[int, SimilarPhoto]:
        wanted = set(photo_ids)
        if not wanted:
            return {}
        rows = self.connection.execute(
            select(t.photos.c.id, t.photos.c.member_id, t.photos.c.status,
                   t.members.c.status.label("member_status"))
            .join(t.members, t.members.c.id == t.photos.c.member_id)
            .where(t.photos.c.id.in_(wanted)))
        return {row.id: SimilarPhoto(id=row.id, member_id=row.member_id,
                                     status=PhotoStatus(row.status),
                                     member_status=row.member_status) for row in rows}


def _for_review(row: Any) -> PhotoForReview:
    return PhotoForReview(row.id, row.member_id, row.filename, row.thumb_filename,
                          PhotoStatus(row.status), row.is_main, row.created_at, row.domain)


@attrs.define
class SqlAuditLog:
    connection: Connection

    def find(self, where: AuditFilter) -> list[AuditEntry]:
        log = t.audit_log
        query = select(log).order_by(log.c.at.desc(), log.c.id.desc()).limit(where.limit)
        if where.member_id is not None:
            query = query.where(or_(
                log.c.subject == str(where.member_id),
                log.c.details["member"].as_integer() == where.member_id))
        if where.actor is not None:
            query = query.where(log.c.actor == where.actor)
        if where.since is not None:
            query = query.where(log.c.at >= where.since)
        return [AuditEntry(**row) for row in self.connection.execute(query).mappings()]

    def record(self, at: datetime, actor: str, action: str, subject: str,
               details: Details) -> None:
        self.connection.execute(
            insert(t.audit_log).values(
                at=at, actor=actor, action=action, subject=subject, details=details
            )
        )
