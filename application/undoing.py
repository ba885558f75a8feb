"""Lifting a decision undoes its effect (issue 30.3), in the transaction that lifts it:
the ban ends, the photo is back, the credits return, the block goes, the text and the
message are there again. One small function per restriction, in UNDO; each reads what it
needs from the decision's `undo` (the contract: notes/undo30.md). A restriction without
one cannot be lifted on appeal yet and says so, changing nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from application.ports.shared_units import UndoUnit
from application.shared.buyers import DIRECT_DEBIT_BLOCK
from application.shared.holds import end_hold
from application.shared.ledger import book
from application.shared.listings import relist
from application.shared.lookups import existing_member
from application.shared.own_photos import main_again_if_none
from domain.credits import EntryKind
from domain.decisions import Decision, Restriction
from domain.errors import DomainError
from domain.photos import PhotoStatus
from domain.removals import restored_texts

Undo = Callable[[UndoUnit, Decision, datetime], None]


def _ban(uow: UndoUnit, found: Decision, now: datetime) -> None:
    member = existing_member(uow, _member(found))
    if member.banned_at is None:
        return  # unbanned meanwhile: nothing left to undo
    uow.members.save(member, member.unbanned())


def _photo(uow: UndoUnit, found: Decision, now: datetime) -> None:
    photo = uow.photos.get(int(found.item_id or 0))
    if photo is None:
        return  # the member deleted it meanwhile
    uow.photos.set_status(photo.id, str(found.undo.get("photo_status") or "active"))
    relist(uow, photo.member_id)


def _removed_photo(uow: UndoUnit, found: Decision, now: datetime) -> None:
    """A removed photo back (issue 32.2) as its decision keeps it: approved again (and
    the main photo, should its owner have none now), or back to review; anything since
    (deleted with the account, given back by an operator) stands."""
    photo = uow.photos.get(int(found.item_id or 0))
    if photo is None or photo.status is not PhotoStatus.REMOVED:
        return
    uow.photos.set_status(photo.id, str(found.undo.get("photo_status") or "active"))
    main_again_if_none(uow, photo)
    relist(uow, photo.member_id)


def _held_photo(uow: UndoUnit, found: Decision, now: datetime) -> None:
    """A held photo lifted on appeal goes back to review, as any upload does (the hold
    was the only thing keeping it from there); anything since (deleted, approved,
    rejected) stands."""
    photo = uow.photos.get(int(found.item_id or 0))
    if photo is None or photo.status is not PhotoStatus.HELD:
        return
    uow.photos.set_status(photo.id, str(found.undo.get("photo_status") or "pending"))
    relist(uow, photo.member_id)


def _credits(uow: UndoUnit, found: Decision, now: datetime) -> None:
    amount = int(found.undo.get("credits") or 0)
    if amount > 0:
        book(uow, _member(found), EntryKind.GRANT, amount, f"appeal:{found.id}",
             "credits returned on appeal", now)


def _direct_debit(uow: UndoUnit, found: Decision, now: datetime) -> None:
    uow.member_flags.remove(_member(found), DIRECT_DEBIT_BLOCK)


def _texts(uow: UndoUnit, found: Decision, now: datetime) -> None:
    """The removed profile texts back, unless the member has written new ones since."""
    member = existing_member(uow, _member(found))
    profile = restored_texts(member.profile, found.item_id or "", found.undo)
    if profile != member.profile:
        uow.members.save(member, member.with_profile(profile))
        relist(uow, member.id)


def _message(uow: UndoUnit, found: Decision, now: datetime) -> None:
    """The message's text (or gift) back; both chats show it on their next reading."""
    message = uow.chats.message(int(found.item_id or 0))
    if message is None or not message.removed:
        return  # its conversation was deleted meanwhile: nothing to put back
    gift = found.undo.get("gift")
    uow.chats.set_content(message.id, str(found.undo.get("text") or ""),
                          str(gift) if gift else None)


def _hold(uow: UndoUnit, found: Decision, now: datetime) -> None:
    """The held member's waiting messages are delivered (notified like any message)."""
    end_hold(uow, _member(found))


def _limit(uow: UndoUnit, found: Decision, now: datetime) -> None:
    """Nothing more: reports lower the daily cap only while the decision is in force
    (application/opener_guard.py), so lifting it is the whole undoing."""


def _member(found: Decision) -> int:
    if found.member_id is None:
        raise DomainError("decision_not_found")  # erased: nothing to give back
    return found.member_id


UNDO: dict[Restriction, Undo] = {
    Restriction.BAN: _ban,
    Restriction.PHOTO_REJECTED: _photo,
    Restriction.PHOTO_REMOVED: _removed_photo,
    Restriction.PHOTO_HELD: _held_photo,
    Restriction.CREDITS_REVOKED: _credits,
    Restriction.DIRECT_DEBIT_BLOCKED: _direct_debit,
    Restriction.TEXT_REMOVED: _texts,
    Restriction.MESSAGE_REMOVED: _message,
    Restriction.ACCOUNT_HELD: _hold,
    Restriction.SENDING_LIMITED: _limit,
}


def undo(uow: UndoUnit, found: Decision, now: datetime) -> None:
    action = UNDO.get(found.restriction)
    if action is None:
        raise DomainError("cannot_undo", restriction=found.restriction.value)
    action(uow, found, now)
