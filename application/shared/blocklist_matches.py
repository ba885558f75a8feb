"""What a block list matches (issue 31.3), as a ban, a signup and a photo upload use it:
entries listed in the caller's transaction, a held signup's facts, and what a new photo
matches (a listed hash, or another member's photo). The operators' commands are
application.blocklists."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from application.ports.shield import ShieldTexts
from application.ports.units import SafetyUnit
from domain.blocklists import Entry, EntryKind, NewEntry, PhotoHash, SignupFacts, matched_kinds
from domain.decisions import Ground, GroundKind

BAN_EVASION = Ground(kind=GroundKind.TERMS, code="ban_evasion")
IMPERSONATION = Ground(kind=GroundKind.TERMS, code="impersonation")
# The shield's facts (adapters/texts/shield/<lang>.json) a hold by a block list words.
SIGNUP_FACTS = "signup_blocklist"
PHOTO_LISTED_FACTS = "photo_blocklist"
PHOTO_OF_ANOTHER_FACTS = "photo_of_another"
KIND_FACTS = {EntryKind.EMAIL: "blocklist_email", EntryKind.EMAIL_DOMAIN: "blocklist_domain",
              EntryKind.IP_NETWORK: "blocklist_network", EntryKind.DEVICE: "blocklist_device"}


@attrs.frozen
class Listed:
    """What an `add` did: the entries listed now, and those listed before (kept as they
    were: one entry per value)."""

    added: tuple[Entry, ...]
    present: tuple[NewEntry, ...]


def list_entries(uow: SafetyUnit, entries: Sequence[NewEntry], decision_id: int | None,
                 actor: str, now: datetime) -> Listed:
    """Lists the entries in the caller's transaction (a ban's, or the command's own)."""
    added: list[Entry] = []
    present: list[NewEntry] = []
    for entry in entries:
        listed = uow.blocklists.add(entry, decision_id, actor, now)
        if listed is None:
            present.append(entry)
        else:
            added.append(listed)
            uow.audit.record(now, actor, "blocklist.add", str(listed.id), {
                "kind": listed.kind.value, "value": listed.value, "note": listed.note,
                "member": listed.member_id, "decision": decision_id})
    return Listed(tuple(added), tuple(present))


def signup_facts(texts: ShieldTexts | None, found: Sequence[Entry], language: str,
                 site_name: str) -> str:
    """A held signup's facts in the member's language: what of theirs matched (the e-mail
    address, its domain, the device, the network), never whose account it matched."""
    what = [KIND_FACTS[kind] for kind in matched_kinds(found)]
    if texts is None:  # a use case built without texts (some tests): the codes
        return f"{SIGNUP_FACTS}: {', '.join(what)}"
    return texts.facts(SIGNUP_FACTS, language, site=site_name,
                       what=", ".join(texts.facts(code, language) for code in what))


def signup_matches(uow: SafetyUnit, facts: SignupFacts) -> Sequence[Entry]:
    return uow.blocklists.matching(facts.lookups())


@attrs.frozen
class PhotoMatch:
    """Why a new photo is held: a listed hash (``entry``) or another member's photo."""

    ground: Ground
    facts: str  # the code of its facts in the shield's texts
    entry: Entry | None = None
    photo_id: int | None = None  # the other member's photo
    member_id: int | None = None  # and whose it is

    def details(self) -> dict[str, int | str | None]:
        """For the decision's undo (which photo status to go back to) and the audit log."""
        return {"entry": self.entry.id if self.entry else None, "photo": self.photo_id,
                "member": self.member_id}


def photo_match(uow: SafetyUnit, member_id: int, phash: PhotoHash) -> PhotoMatch | None:
    """What a new photo of ``member_id`` matches: a block list's photo first, then the
    nearest other member's photo (ties: the oldest)."""
    for entry in uow.blocklists.photo_hashes():
        if PhotoHash.parse(entry.value).matches(phash):
            return PhotoMatch(BAN_EVASION, PHOTO_LISTED_FACTS, entry=entry)
    near = [(phash.distance(other.phash), other.id, other)
            for other in uow.blocklists.similar_photos(phash, member_id)
            if other.phash.matches(phash)]
    if not near:
        return None
    _, _, other = min(near, key=lambda found: found[:2])
    return PhotoMatch(IMPERSONATION, PHOTO_OF_ANOTHER_FACTS, photo_id=other.id,
                      member_id=other.member_id)
