"""A member's credentials: the password reset by mail link, a new password, a new e-mail
address confirmed by a link to it. Each change mails the address the account had, with
its undo link (application.account_recovery)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import timedelta

import attrs

from application.ports.clock import Clock
from application.ports.email_addresses import EmailAddresses
from application.ports.jobs import AccountMail, TaskQueue
from application.ports.security import PasswordHasher, Secrets
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.account_changes import announce_change
from application.shared.email_addresses import new_address_error
from application.shared.lookups import existing_member
from application.shared.password_checks import PasswordChecks, weak_password
from application.shared.site_lookup import resolve_site
from application.shared.step_up_checks import confirm_session, require_step_up
from domain.accounts import LockoutPolicy, check, email_error, normalise_email
from domain.errors import DomainError
from domain.members import Member

RESET_MAILS_PER_DAY = 3
# Past the daily quota one more reset mail per hour still goes out: a stranger asking
# for the member's address cannot keep the member from a fresh link for long, and the
# previous link (2 hours) is still valid during that hour.
RESET_MAIL_COOLDOWN = timedelta(hours=1)
log = logging.getLogger(__name__)


@attrs.frozen
class Credentials:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    passwords: PasswordHasher
    secrets: Secrets
    tasks: TaskQueue
    # (password, the member's own words) -> strength 0-4 on zxcvbn's scale
    password_strength: Callable[[str, Sequence[str]], int]
    lockout: LockoutPolicy = LockoutPolicy()
    # Checks every new address (application.shared.email_addresses; None: the shape only).
    addresses: EmailAddresses | None = None

    @property
    def password_checks(self) -> PasswordChecks:
        return PasswordChecks(self.passwords, self.lockout)

    def request_password_reset(self, host: str | None, email: str) -> None:
        """Answers alike whether or not the address has an account, and whether or not
        its mail quota is used up: past the quota no mail goes out (and the log says so)."""
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            member = uow.members.by_email(site.id, normalise_email(email))
            # Looked up first: a member's address stored before today's rule still works.
            if member is None and email_error(email):
                raise DomainError("invalid_email")
            if member is None or not member.can_log_in:
                return
            today = uow.tokens.count_since(member.id, "password_reset", now - timedelta(days=1))
            this_hour = uow.tokens.count_since(member.id, "password_reset",
                                               now - RESET_MAIL_COOLDOWN)
        if today >= RESET_MAILS_PER_DAY and this_hour:
            log.info("password reset mail for member %s withheld: %s sent in the last day",
                     member.id, today)
            return
        self.tasks.enqueue(AccountMail("password_reset", member.id))

    def reset_password(self, token: str, password: str, repeat: str) -> None:
        now = self.clock.now()
        if password != repeat:
            raise DomainError("passwords_differ")
        with self.uow() as uow:
            record = uow.tokens.find("password_reset", self.secrets.digest(token))
            if record is None or record.used_at or record.expires_at <= now:
                raise DomainError("reset_link_invalid")
            member = existing_member(uow, record.member_id)
            check(weak_password(self.password_strength, password, member.email,
                                member.profile.name))
            if not uow.tokens.claim(record.id, now):  # two clicks: one wins
                raise DomainError("reset_link_invalid")
            uow.members.save(member, member.with_password_hash(self.passwords.hash(password)))
            uow.tokens.use_all(member.id, "password_reset", now)
            uow.sessions.revoke_all(member.id, now)
            announce_change(uow, member, "password_reset", now)
            uow.commit()

    def change_password(self, member_id: int, session_token: str, old: str, new: str,
                        repeat: str, ip: str) -> None:
        """``ip``: where the request comes from (the old password is under the lockout)."""
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            self.password_checks.confirm(uow, member, old, ip, now, "old_password_wrong")
            if new != repeat:
                raise DomainError("passwords_differ")
            check(weak_password(self.password_strength, new, member.email, member.profile.name,
                                       "new_password"))
            uow.members.save(member, member.with_password_hash(self.passwords.hash(new)))
            uow.sessions.revoke_all(member.id, now, keep=self.secrets.digest(session_token))
            announce_change(uow, member, "password_change", now)
            uow.commit()

    def request_mail_change(self, member_id: int, new_email: str, password: str | None,
                            ip: str, session_token: str | None = None) -> None:
        """The step-up (issue 33.5): the password given here, or this session confirmed
        in the last 10 minutes (application.step_up)."""
        if new_address_error(self.addresses, new_email):
            raise DomainError("new_email_invalid")
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            if password is None:
                require_step_up(uow, self.secrets, session_token, now)
            else:
                self.password_checks.confirm(uow, member, password, ip, now)
                if session_token:
                    confirm_session(uow, self.secrets, session_token, now)
            taken = uow.members.by_email(member.site_id, normalise_email(new_email))
            if taken is not None:
                raise DomainError("email_taken")
            uow.commit()  # the right password forgets this address's failures
        self.tasks.enqueue(AccountMail("mail_change", member_id, normalise_email(new_email)))

    def confirm_mail_change(self, token: str) -> Member:
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find("mail_change", self.secrets.digest(token))
            if record is None or record.used_at or record.expires_at <= now \
                    or not record.new_email or not uow.tokens.claim(record.id, now):
                raise DomainError("mail_change_link_invalid")
            member = existing_member(uow, record.member_id)
            if uow.members.by_email(member.site_id, record.new_email):
                raise DomainError("email_taken")
            changed = member.with_email(record.new_email)
            uow.members.save(member, changed)
            uow.tokens.use_all(member.id, "mail_change", now)
            announce_change(uow, changed, "mail_change", now, mailed_to=member.email)
            uow.commit()
            return changed
