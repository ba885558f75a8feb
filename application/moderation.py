"""Operators' member use cases (`amora members`): look members up, ban and unban.
Every action is audit-logged with who, what, when and why."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, SessionRevoked, member_channel
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.blocklist_matches import list_entries
from application.shared.concurrency import on_member_conflict
from application.shared.decisions import lift_decision, record_decision
from application.shared.lookups import existing_member
from domain.blocklists import NewEntry
from domain.decisions import OTHER_TERMS, Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.members import Member


@attrs.frozen
class Moderation:
    uow: UnitFactory[SafetyUnit]
    clock: Clock
    events: EventBus

    def show(self, member_id: int) -> Member:
        with self.uow() as uow:
            return existing_member(uow, member_id)

    @on_member_conflict
    def ban(self, member_id: int, reason: str, actor: str, *, ground: Ground = OTHER_TERMS,
            facts: str | None = None, notice_id: int | None = None,
            blocklist: Sequence[NewEntry] = ()) -> Member:
        """A ban ends every session of the member at once; its decision tells them why.
        ``blocklist``: what of theirs to list (Blocklists.of_member), in the ban's
        transaction, each entry naming the ban's decision (issue 31.3)."""
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            banned = member.banned(now, reason)
            uow.members.save(member, banned)
            uow.sessions.revoke_all(member.id, now)
            uow.audit.record(now, actor, "members.ban", str(member.id),
                             {"reason": reason.strip(), "previous_status": member.status.value})
            made = record_decision(uow, member, Restricting(
                restriction=Restriction.BAN, item_kind=ItemKind.ACCOUNT,
                item_id=str(member.id), facts=facts or reason, ground=ground,
                notice_id=notice_id, undo={"status": member.status.value}), actor, now)
            list_entries(uow, blocklist, made.id, actor, now)
            uow.commit()
        # Open sockets close at once (through Redis when the ban comes from the CLI).
        self.events.publish(member_channel(member_id), SessionRevoked())
        return banned

    def set_fictional(self, member_id: int, fictional: bool, actor: str) -> Member:
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            changed = attrs.evolve(member, is_fictional=fictional)
            uow.members.save(member, changed)
            uow.audit.record(now, actor, "members.set_fictional", str(member_id),
                             {"fictional": fictional})
            uow.commit()
            return changed

    @on_member_conflict
    def unban(self, member_id: int, reason: str, actor: str) -> Member:
        if not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            restored = member.unbanned()
            uow.members.save(member, restored)
            uow.audit.record(now, actor, "members.unban", str(member.id),
                             {"reason": reason.strip()})
            lift_decision(uow, member.id, Restriction.BAN, str(member.id), actor, now)
            uow.commit()
            return restored
