"""Operators' member use cases (`amora members`): look members up, ban and unban.
Every action is audit-logged with who, what, when and why."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.accounts import existing_member
from application.ports import Clock, EventBus, UnitOfWorkFactory, member_channel
from domain.errors import DomainError
from domain.members import AccountStatus, Member


@attrs.frozen
class Moderation:
    uow: UnitOfWorkFactory
    clock: Clock
    events: EventBus

    def list(self, site_domain: str | None = None, text: str | None = None,
             status: str | None = None, limit: int = 50, offset: int = 0) -> Sequence[Member]:
        if status and status not in {s.value for s in AccountStatus}:
            raise DomainError("invalid_request", detail="status")
        with self.uow() as uow:
            site_id = None
            if site_domain:
                site = uow.sites.by_domain(site_domain)
                if site is None:
                    raise DomainError("site_not_found", domain=site_domain)
                site_id = site.id
            return uow.members.search(site_id, text, status, limit, offset)

    def show(self, member_id: int) -> Member:
        with self.uow() as uow:
            return existing_member(uow, member_id)

    def ban(self, member_id: int, reason: str, actor: str) -> Member:
        """A ban ends every session of the member at once."""
        if not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            if member.status is AccountStatus.BANNED:
                raise DomainError("already_banned")
            if member.status is AccountStatus.DELETED:
                raise DomainError("member_deleted")
            banned = attrs.evolve(member, status=AccountStatus.BANNED, banned_at=now,
                                  ban_reason=reason.strip()[:500])
            uow.members.update(banned)
            uow.sessions.revoke_all(member.id, now)
            uow.audit.record(now, actor, "members.ban", str(member.id),
                             {"reason": reason.strip(), "previous_status": member.status.value})
            uow.commit()
        # Open sockets close at once (through Redis when the ban comes from the CLI).
        self.events.publish(member_channel(member_id), {"type": "session_revoked"})
        return banned

    def set_fictional(self, member_id: int, fictional: bool, actor: str) -> Member:
        now = self.clock.now()
        with self.uow() as uow:
            member = attrs.evolve(existing_member(uow, member_id), is_fictional=fictional)
            uow.members.update(member)
            uow.audit.record(now, actor, "members.set_fictional", str(member_id),
                             {"fictional": fictional})
            uow.commit()
            return member

    def unban(self, member_id: int, reason: str, actor: str) -> Member:
        if not reason.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            if member.status is not AccountStatus.BANNED:
                raise DomainError("not_banned")
            status = AccountStatus.ACTIVE if member.activated_at else AccountStatus.NOT_CONFIRMED
            restored = attrs.evolve(member, status=status, banned_at=None, ban_reason=None)
            uow.members.update(restored)
            uow.audit.record(now, actor, "members.unban", str(member.id),
                             {"reason": reason.strip()})
            uow.commit()
            return restored
