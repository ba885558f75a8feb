"""An account closed by its member and opened again: deletion (the password again), the
reactivation link within 14 days, and the scheduler's erasure of accounts deleted longer
ago (their personal data and photos go for good)."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.jobs import AccountMail, DeleteFiles, ErasureMail
from application.ports.security import PasswordHasher, Secrets
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.concurrency import on_member_conflict
from application.shared.listings import relist
from application.shared.lookups import existing_member, site_of_member
from application.shared.password_checks import PasswordChecks
from application.shared.second_step import ask_second_step
from application.shared.sign_ins import Login, Visitor, new_session
from domain.accounts import TOKEN_LIFETIMES, LockoutPolicy
from domain.errors import DomainError
from domain.notifications import MailOff, may_mail_account


@attrs.frozen
class AccountClosing:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    passwords: PasswordHasher
    secrets: Secrets
    lockout: LockoutPolicy = LockoutPolicy()
    # Tells one browser from another: sign-ins from a new device are mailed (issue 33.3;
    # None: none is).
    user_agents: UserAgents | None = None

    @property
    def password_checks(self) -> PasswordChecks:
        return PasswordChecks(self.passwords, self.lockout)

    @on_member_conflict
    def delete(self, member_id: int, reason: str, password: str, ip: str) -> None:
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            self.password_checks.confirm(uow, member, password, ip, now)
            uow.members.save(member, member.deleted(now, reason))
            uow.sessions.revoke_all(member.id, now)
            uow.jobs.add(AccountMail("reactivation", member_id))
            uow.commit()

    @on_member_conflict
    def reactivate(self, token: str, visitor: Visitor) -> Login:
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find("reactivation", self.secrets.digest(token))
            member = uow.members.get(record.member_id) if record else None
            if record is None or member is None or record.used_at \
                    or not uow.tokens.claim(record.id, now):
                raise DomainError("reactivation_link_invalid")
            before, member = member, member.reactivated(now)
            uow.members.save(before, member)
            uow.tokens.use_all(member.id, "reactivation", now)
            site = site_of_member(uow, member)
            uow.jobs.add(AccountMail("reactivated", member.id))
            ask_second_step(uow, self.secrets, member.id, now)  # reactivated all the same
            session = new_session(uow, self.secrets, self.user_agents, member.id, visitor, now)
            uow.commit()
        return Login(session, member, site)

    def erase_expired(self) -> int:
        """Personal data and photos of accounts deleted more than 14 days ago go for good.
        The member's last mail says so: queued in the same transaction with the address
        it goes to (the outbox row, gone once sent, is the only place it is left)."""
        now = self.clock.now()
        with self.uow() as uow:
            expired = uow.members.deleted_before(now - TOKEN_LIFETIMES["reactivation"])
            files = [name for member in expired for name in [
                *uow.photos.files_of(member.id), *uow.tokens.targets(member.id, "export_ready")]]
            for member in expired:
                _, off = uow.notifications.preferences(member.id)
                if may_mail_account(MailOff(off) if off else None):
                    uow.jobs.add(ErasureMail(member.id, member.site_id, member.language,
                                             member.email, member.profile.name,
                                             member.profile.country))
                # Decisions stay for the transparency report's counts, without the member,
                # the item or the facts (issue 30.1).
                uow.decisions.anonymise(member.id)
                uow.members.erase(member.id, now)
                relist(uow, member.id)
                uow.audit.record(now, "scheduler", "members.erase", str(member.id), {})
            if files:  # the files go once the rows are gone, retried until the store answers
                uow.jobs.add(DeleteFiles(files))
            uow.commit()
        return len(expired)
