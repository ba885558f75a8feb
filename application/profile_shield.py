"""The scam shield on profile texts (issue 31.2): the name and about text are screened
as a member writes them (profile edits and signup), and an operator clears a flag found
harmless (`amora safety clear-profile`). The rules are domain/profile_flags.py's.

A profile text is read by everyone who opens the profile, so a lure there reaches more
members than a message: it is nudged the same way, and when saved anyway, visitors are
warned and the operators' queue shows it (application/safety_queue.py)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.clock import Clock
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.concurrency import on_member_conflict
from domain.errors import DomainError


@attrs.frozen
class ClearedFlags:
    member_id: int
    fields: tuple[str, ...]  # the fields whose flags were cleared


@attrs.frozen
class ProfileFlagReview:
    """The operator's side: a flagged profile text judged harmless loses its flags (the
    visitors' warning goes); one judged a lure is removed with `amora members
    remove-text`, a decision the member is told."""

    uow: UnitFactory[SafetyUnit]
    clock: Clock

    @on_member_conflict
    def clear(self, member_id: int, fields: Sequence[str], note: str,
              actor: str) -> ClearedFlags:
        """Clears the flags of `fields` (all flagged texts when empty)."""
        if not note.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            uow.members.lock(member_id)
            member = uow.members.get(member_id)
            if member is None:
                raise DomainError("member_not_found")
            flags = member.profile.text_flags
            chosen = tuple(field for field in flags.flagged_fields()
                           if not fields or field in fields)
            if not chosen:
                raise DomainError("not_flagged", id=member_id)
            uow.members.save(member, member.with_profile(
                attrs.evolve(member.profile, text_flags=flags.without(chosen))))
            uow.audit.record(now, actor, "safety.clear_profile", str(member_id),
                             {"fields": list(chosen), "reasons": list(flags.reasons(chosen)),
                              "note": note.strip()})
            uow.commit()
        return ClearedFlags(member_id, chosen)
