"""Signing in and out: the password (under the lockout), a notification mail's login link,
the session cookie read on every request, the live sockets' periodic check, and the
signed-in member's own preferences (language, visibility, typing and read receipts)."""

from __future__ import annotations

from collections.abc import Collection

import attrs

from application.ports.accounts import SignedIn
from application.ports.clock import Clock
from application.ports.security import PasswordHasher, Secrets
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.lookups import existing_member
from application.shared.password_checks import PasswordChecks
from application.shared.second_step import ask_second_step
from application.shared.sign_ins import (
    Login,
    Visitor,
    new_session,
    note_use,
    refuse_closed,
    verified,
)
from application.shared.site_lookup import resolve_site
from domain.accounts import LockoutPolicy
from domain.errors import DomainError
from domain.members import AccountStatus, Member
from domain.notifications import LoginLink, check_login_link, safe_target


@attrs.frozen
class SignIn:
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

    def log_in(self, host: str | None, email: str, password: str, visitor: Visitor) -> Login:
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            member = verified(uow, self.password_checks, site, email, password, visitor, now)
            refuse_closed(member, site, now)
            ask_second_step(uow, self.secrets, member.id, now)  # two-factor sign-in on
            token = new_session(uow, self.secrets, self.user_agents, member.id, visitor, now)
            uow.commit()
            return Login(token, member, site)

    def log_in_by_link(self, host: str | None, token: str, visitor: Visitor) -> tuple[Login, str]:
        """A notification mail's login link: once, within 24 hours, for that member on
        that site, never for a closed account. Answers the session and where to land."""
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            record = uow.tokens.find("login", self.secrets.digest(token.strip()))
            member = uow.members.get(record.member_id) if record else None
            link = None if record is None or member is None else LoginLink(
                member_id=member.id, site_id=member.site_id, target=record.target or "",
                expires_at=record.expires_at, used_at=record.used_at)
            check_login_link(link, site.id, site.login_links, now)
            assert record is not None and member is not None
            refuse_closed(member, site, now)
            if not uow.tokens.claim(record.id, now):  # two clicks at once: one wins
                raise DomainError("login_link_invalid")
            ask_second_step(uow, self.secrets, member.id, now, record.target or "/members")
            session = new_session(uow, self.secrets, self.user_agents, member.id, visitor, now)
            uow.commit()
        return Login(session, member, site), safe_target(record.target or "/members")

    def member_for(self, token: str | None) -> Member | None:
        """The member a session cookie belongs to, while the session and account are open.
        A session ended by a ban says so, so the member is shown the ban page."""
        found = self.signed_in(token)
        return found.member if found else None

    def signed_in(self, token: str | None) -> SignedIn | None:
        """member_for, with what the member's own page shows, read in one go."""
        if not token:
            return None
        now = self.clock.now()
        digest = self.secrets.digest(token)
        with self.uow(reads_only=True) as uow:
            found = uow.sessions.signed_in(digest)
        if found is None:
            return None
        if found.member.status is AccountStatus.BANNED:
            raise DomainError("account_banned")
        if not (found.session.open_at(now) and found.member.can_log_in):
            return None
        note_use(self.uow, digest, found.session, now)  # "last active" (issue 33.3)
        return found

    def open_sessions(self, tokens: Collection[str]) -> set[str]:
        """Those of these session tokens that still sign their member in, as member_for
        would say, in one read: the live sockets' periodic check, for all of a process's
        sockets at once instead of one query per socket. Their members are marked seen
        now, in one write (their online status)."""
        by_digest = {self.secrets.digest(token): token for token in tokens}
        now = self.clock.now()
        with self.uow() as uow:
            found = uow.sessions.with_members(list(by_digest))
            live = {digest: member for digest, (session, member) in found.items()
                    if session.open_at(now) and member.can_log_in}
            # Their members are online (issue 21.2): marked in the same round, one write.
            uow.last_seen.seen([member.id for member in live.values()], now)
            uow.commit()
        return {by_digest[digest] for digest in live}

    def log_out(self, token: str | None) -> None:
        if not token:
            return
        with self.uow() as uow:
            uow.sessions.revoke(self.secrets.digest(token), self.clock.now())
            uow.commit()

    def update_preferences(self, member_id: int, language: str | None = None,
                           invisible: bool | None = None, share_typing: bool | None = None,
                           share_read_receipts: bool | None = None,
                           show_online: bool | None = None) -> Member:
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            changed = member.with_preferences(
                language=language, invisible=invisible, share_typing=share_typing,
                share_read_receipts=share_read_receipts, show_online=show_online)
            uow.members.save(member, changed)
            uow.commit()
            return changed
