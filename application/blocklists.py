"""Block lists (issue 31.3): operators list what a banned member left behind, and a
signup or photo that matches is held for review with a decision the member can read and
contest, never refused in silence (domain/blocklists.py says what matches what).

- `amora blocklist add|list|remove`, and `amora members ban --blocklist ...` (the ban's
  transaction lists them, naming the ban's decision);
- a signup matching an e-mail address, a domain, a network or a device: the account is
  made and held (application/shield.py: its messages wait), decided by the shield;
- an upload matching a listed photo hash, or another member's photo (possibly stolen):
  the photo is held (PhotoStatus.HELD) with its decision, seen only by its owner, until
  an operator approves or rejects it (application/photos.py)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

import attrs

from application.ports.blocklists import ImageHasher
from application.ports.clock import Clock
from application.ports.photos import FileStore
from application.ports.shield import ShieldTexts
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.blocklist_matches import (
    BAN_EVASION,
    Listed,
    list_entries,
    signup_facts,
    signup_matches,
)
from application.shared.holds import hold_sender
from application.shared.lookups import existing_member
from domain.blocklists import (
    Entry,
    EntryKind,
    MemberPart,
    NewEntry,
    PhotoHash,
    SignupFacts,
    address_network,
    listed_value,
    matched_kinds,
    member_entries,
    note_text,
)
from domain.decisions import Decision, Restriction
from domain.errors import DomainError
from domain.members import Member
from domain.shield import SHIELD_ACTOR


@attrs.frozen
class Blocklists:
    """The operators' block-list commands (`amora blocklist`)."""

    uow: UnitFactory[SafetyUnit]
    clock: Clock
    files: FileStore
    hasher: ImageHasher

    def add(self, kind: EntryKind, value: str, note: str, actor: str) -> Listed:
        entry = NewEntry(kind=kind, value=listed_value(kind, value), note=note_text(note))
        with self.uow() as uow:
            listed = list_entries(uow, [entry], None, actor, self.clock.now())
            uow.commit()
        return listed

    def add_image(self, data: bytes, note: str, actor: str) -> Listed:
        """A photo the operator has as a file (a scammer's known pictures)."""
        phash = self.hasher.photo_hash(data)
        if phash is None:
            raise DomainError("blocklist_plain_photo")
        return self.add(EntryKind.PHOTO_HASH, str(phash), note, actor)

    def of_member(self, member_id: int, parts: Collection[MemberPart],
                  note: str) -> list[NewEntry]:
        """What listing these parts of the member would add (nothing is written): refused
        whole when one of them cannot be listed (a free-mail domain). Photos from before
        the block lists are hashed from their files now."""
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            traces = uow.blocklists.traces(member_id) if MemberPart.IPS in parts \
                or MemberPart.DEVICE in parts else []
            photos = uow.blocklists.photos_of(member_id) if MemberPart.PHOTOS in parts else []
        hashes = [str(phash or self._hash_file(name)) for name, phash in photos]
        return member_entries(parts, member.id, member.email,
                              [address_network(trace.ip) for trace in traces],
                              [trace.device for trace in traces],
                              [found for found in hashes if found], note_text(note))

    def _hash_file(self, name: str) -> PhotoHash | str:
        data = self.files.get(name)
        if data is None:
            return ""  # the file is gone: nothing to list
        try:
            return self.hasher.photo_hash(data) or ""  # "": too plain to compare
        except DomainError:
            return ""  # not an image we can read (it was one when uploaded)

    def add_member(self, member_id: int, parts: Collection[MemberPart], note: str,
                   actor: str) -> Listed:
        """Lists parts of a member (banned or not), naming their ban's decision if one is
        in force."""
        if not parts:
            raise DomainError("blocklist_nothing_chosen")
        entries = self.of_member(member_id, parts, note)
        with self.uow() as uow:
            ban = uow.decisions.in_force(member_id, Restriction.BAN, str(member_id))
            listed = list_entries(uow, entries, ban.id if ban else None, actor,
                                  self.clock.now())
            uow.commit()
        return listed

    def list(self, kind: EntryKind | None = None, member_id: int | None = None,
             limit: int = 50, offset: int = 0) -> Sequence[Entry]:
        with self.uow() as uow:
            return uow.blocklists.find(kind, member_id, limit, offset)

    def remove(self, entry_id: int, actor: str, note: str = "") -> Entry:
        """Takes an entry off its list: signups and photos matching it are no longer held
        (those held already stay held until an operator decides)."""
        now = self.clock.now()
        with self.uow() as uow:
            removed = uow.blocklists.remove(entry_id)
            if removed is None:
                raise DomainError("blocklist_entry_not_found", id=entry_id)
            uow.audit.record(now, actor, "blocklist.remove", str(entry_id), {
                "kind": removed.kind.value, "value": removed.value,
                "member": removed.member_id, "note": note_text(note)})
            uow.commit()
        return removed


@attrs.frozen
class SignupShield:
    """What a signup asks of the block lists, in its own transaction (Accounts.sign_up):
    a signup matching an entry is made and held, with the shield's decision."""

    texts: ShieldTexts | None = None

    def screen(self, uow: SafetyUnit, member: Member, site_name: str, ip: str | None,
               device: str | None, now: datetime) -> Decision | None:
        found = signup_matches(uow, SignupFacts(member.email, ip, device))
        if not found:
            return None
        # The operators' trace: which entries it matched (the decision tells the member
        # what of theirs matched, never whose account).
        uow.audit.record(now, SHIELD_ACTOR, "blocklist.signup_held", str(member.id), {
            "member": member.id, "entries": [entry.id for entry in found],
            "kinds": [kind.value for kind in matched_kinds(found)]})
        return hold_sender(uow, member, signup_facts(self.texts, found, member.language,
                                                     site_name), BAN_EVASION, now)
