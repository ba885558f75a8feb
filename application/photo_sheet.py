"""The photo review sheet (issue 32.3): `amora photos sheet [--site]` gives an operator one
link, signed with the app's secret and good for 24 hours, to a page that shows the next
60 photos waiting for review (held ones too) with what a moderator needs to judge each at
a glance - the owner's name, age, country, how long they have been a member, their flags,
why a photo is held and which other members' photos look the same - and the commands
that approve and reject them.

The signed token is the authority: the page needs no member's session, and without a
valid token it shows nothing. The token names the site (or every site), the moment it
expires and a random nonce (so no two links are alike); it is an HMAC under the app's
secret (application.ports.security.Signer), so it can neither be guessed nor altered, and
after its expiry it opens nothing. The photos on the page open by preview tokens that
expire with it. Making a link is written to the audit log with the operator's name."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Protocol

import attrs

from application.ports.clock import Clock
from application.ports.photos import PhotoOnSheet, SimilarPhoto
from application.ports.security import Secrets, Signer
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.own_photos import HeldBecause, held_because
from application.shared.site_lookup import site_id_of
from domain.errors import DomainError
from domain.id_ranges import compact
from domain.members import age_on
from domain.photos import PhotoStatus

PURPOSE = "photo_sheet"
LIFETIME = timedelta(hours=24)
SHEET_SIZE = 60
EVERY_SITE = 0  # the token's site when the sheet shows every site's photos


@attrs.frozen
class SheetLink:
    path: str  # /review/photos/<token>, on the site's own domain
    domain: str  # the site's, or the default site's for every site
    expires: datetime
    site: str | None  # the site it is kept to


@attrs.frozen(kw_only=True)
class SheetEntry:
    """One photo as the sheet shows it."""

    id: int
    status: PhotoStatus
    uploaded: datetime
    waiting_for: timedelta
    domain: str
    thumbnail: str  # /media/ paths that open with the sheet's preview token
    full: str
    member_id: int
    name: str
    age: int
    gender: str
    country: str
    member_for: timedelta
    photos_shown: int  # the owner's photos others see already
    flags: tuple[str, ...]  # in plain words, for the moderator
    held: HeldBecause | None
    duplicates: tuple[SimilarPhoto, ...]  # other members' photos that look the same


@attrs.frozen(kw_only=True)
class Sheet:
    site: str | None
    expires: datetime
    waiting: int  # photos waiting in all (the sheet shows the first SHEET_SIZE)
    entries: tuple[SheetEntry, ...]

    @property
    def ids(self) -> str:
        """The sheet's photo ids as `amora photos approve|reject` takes them."""
        return compact(entry.id for entry in self.entries)


class PreviewTokens(Protocol):
    def preview_token(self, photo_id: int, until: int) -> str | None: ...


@attrs.frozen
class PhotoSheets:
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    signer: Signer
    secrets: Secrets
    photos: PreviewTokens  # application.photos.Photos: opens the sheet's photos at /media/

    def link(self, site: str | None, actor: str) -> SheetLink:
        """A new link to the sheet of ``site`` (a domain; None: every site)."""
        now = self.clock.now()
        expires = now + LIFETIME
        with self.uow() as uow:
            site_id = site_id_of(uow, site)
            found = uow.sites.get(site_id) if site_id is not None else uow.sites.default()
            if found is None:
                raise DomainError("site_not_found", domain=site or "")
            nonce = self.secrets.token()[:16]
            token = self.signer.sign(PURPOSE, [site_id or EVERY_SITE,
                                               int(expires.timestamp()), nonce])
            uow.audit.record(now, actor, "photos.sheet", site or "*",
                             {"expires": expires.isoformat(), "nonce": nonce})
            uow.commit()
        return SheetLink(f"/review/photos/{token}", found.domain, expires, site)

    def open(self, token: str) -> Sheet:
        """The sheet a link shows now: DomainError sheet_link_invalid for a token this app
        did not sign as a sheet's (altered, made up, under another secret), and
        sheet_link_expired once it has expired."""
        data = self.signer.unsign(PURPOSE, token)
        if (data is None or len(data) != 3 or not all(isinstance(part, int) and part >= 0
                                                        for part in data[:2])):
            raise DomainError("sheet_link_invalid")
        site_id, until = int(data[0]), int(data[1])
        now = self.clock.now()
        if now.timestamp() >= until:
            raise DomainError("sheet_link_expired")
        kept_to = site_id or None
        with self.uow(reads_only=True) as uow:
            site = uow.sites.get(site_id) if kept_to is not None else None
            if kept_to is not None and site is None:
                raise DomainError("sheet_link_invalid")  # the site is gone
            found = uow.photo_queries.sheet(SHEET_SIZE, kept_to)
            waiting = uow.photo_queries.pending_count(kept_to)
            entries = self._entries(uow, found, until, now)
        return Sheet(site=site.domain if site else None,
                     expires=datetime.fromtimestamp(until, tz=now.tzinfo),
                     waiting=waiting, entries=tuple(entries))

    def _entries(self, uow: SafetyUnit, found: Sequence[PhotoOnSheet], until: int,
                 now: datetime) -> list[SheetEntry]:
        near: dict[int, list[int]] = {}
        for item in found:
            if item.phash is not None:
                phash = item.phash
                near[item.photo.id] = [other.id for other in uow.blocklists.similar_photos(
                    phash, item.member.id) if other.phash.matches(phash)]
        states = uow.photo_queries.states({n for ids in near.values() for n in ids})
        entries = []
        for item in found:
            photo, member = item.photo, item.member
            token = self.photos.preview_token(photo.id, until) or ""
            entries.append(SheetEntry(
                id=photo.id, status=photo.status, uploaded=photo.created_at,
                waiting_for=now - photo.created_at,
                domain=photo.domain, thumbnail=f"/media/{photo.thumb_filename}?preview={token}",
                full=f"/media/{photo.filename}?preview={token}", member_id=member.id,
                name=member.name, age=age_on(member.birth_date, now.date()),
                gender=member.gender, country=member.country,
                member_for=now - member.joined, photos_shown=member.photos_shown,
                flags=_flags(item),
                held=held_because(uow, photo) if photo.status is PhotoStatus.HELD else None,
                duplicates=tuple(states[n] for n in near.get(photo.id, ()) if n in states)))
        return entries


def _flags(item: PhotoOnSheet) -> tuple[str, ...]:
    """What a moderator should know about the owner, in a few words each."""
    member = item.member
    flags: list[str] = []
    if member.status != "active":
        flags.append(f"account {member.status.replace('_', ' ')}")
    flags += [f"{field.replace('_', ' ')} flagged: {', '.join(member.text_flags.of(field))}"
              for field in member.text_flags.flagged_fields()]
    flags += [restriction.replace("_", " ") for restriction in member.in_force]
    if member.open_complaints:
        flags.append(f"{member.open_complaints} open complaint"
                     + ("s" if member.open_complaints > 1 else ""))
    flags += [flag.replace("_", " ") for flag in member.flags]
    return tuple(flags)
