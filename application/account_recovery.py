"""Undo for the owner (issue 33.4). Whoever takes over an account changes its e-mail
address and password and so locks the owner out for good; here the owner gets it back.

Every change of the address or the password (also a reset by mail link) mails the
address the account had until then, with a link that undoes it for UNDO_LIFETIME. The
link works without a login and once (its token is stored hashed, in account_tokens with
the purpose "undo" and the address to go back to). Using it, in one transaction:

- the account gets that address back;
- every session ends (open pages and sockets close at once, as at a ban);
- the password no longer works (none is set) until the owner sets a new one, in the
  next step of the same page with a token of its own (NEW_PASSWORD, 2 hours; after that
  "forgot password" mails a reset link to the restored address);
- every link still out for the account is void: other undo links, a pending address
  change, reset and login links, a data export's download.

Two-factor sign-in and passkeys stay as they are: an attacker who added their own would
still need the new password, which only the owner sets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, SessionRevoked, member_channel
from application.ports.security import PasswordHasher, Secrets
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.account_changes import MEMBER, UNDO
from domain.accounts import PASSWORD_MAX, check, password_error
from domain.errors import DomainError
from domain.members import Member

# The undo link is made when its mail is sent, a job that may run some minutes after the
# change: passkeys and authenticators added this long before the link count as added
# since the change.
CHANGE_MAILED_WITHIN = timedelta(hours=1)
NEW_PASSWORD = "undo_password"  # the step after the undo
NEW_PASSWORD_LIFETIME = timedelta(hours=2)
# Links an undo voids: whatever else is out for the account might be the intruder's.
VOIDED = (UNDO, NEW_PASSWORD, "mail_change", "password_reset", "login", "export_ready")


@attrs.frozen
class Undone:
    """What the undo page shows, and the key to its next step."""

    member_id: int
    email: str  # the account's address again
    change: str  # what was undone: mail_changed or password_changed
    password_token: str  # sets the new password (NEW_PASSWORD)


@attrs.frozen
class AccountRecovery:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    secrets: Secrets
    passwords: PasswordHasher
    # (password, the member's own words) -> strength 0-4 on zxcvbn's scale
    password_strength: Callable[[str, Sequence[str]], int]
    events: EventBus

    def undo(self, token: str) -> Undone:
        now = self.clock.now()
        fresh = self.secrets.token()
        with self.uow() as uow:
            record = uow.tokens.find(UNDO, self.secrets.digest(token.strip()))
            member = uow.members.get(record.member_id) if record else None
            if record is None or member is None or record.used_at \
                    or record.expires_at <= now:
                raise DomainError("undo_link_invalid")
            address = record.new_email or member.email
            self._refuse_taken(uow, member, address)
            if not uow.tokens.claim(record.id, now):  # two clicks at once: one wins
                raise DomainError("undo_link_invalid")
            restored = attrs.evolve(member.with_email(address), password_hash=None)
            uow.members.save(member, restored)
            for purpose in VOIDED:
                uow.tokens.use_all(member.id, purpose, now)
            uow.sessions.revoke_all(member.id, now)
            dropped = _drop_sign_ins_added_since(uow, member.id,
                                                 record.created_at - CHANGE_MAILED_WITHIN)
            uow.tokens.add(member.id, NEW_PASSWORD, self.secrets.digest(fresh), now,
                           now + NEW_PASSWORD_LIFETIME)
            change = record.target or "mail_changed"
            uow.audit.record(now, MEMBER, "members.undo_change", str(member.id), {
                "change": change, "address_restored": address != member.email, **dropped})
            uow.commit()
        # Open pages and sockets close at once (through Redis in every process).
        self.events.publish(member_channel(member.id), SessionRevoked())
        return Undone(member_id=member.id, email=address, change=change, password_token=fresh)

    @staticmethod
    def _refuse_taken(uow: AccountsUnit, member: Member, address: str) -> None:
        """The old address was free for 48 hours: should another account hold it now,
        support sorts it out (nothing changes)."""
        if address == member.email:
            return
        taken = uow.members.by_email(member.site_id, address)
        if taken is not None and taken.id != member.id:
            site = uow.sites.get(member.site_id)
            raise DomainError("undo_address_taken",
                              support_email=site.support_email if site else "")

    def set_password(self, token: str, password: str, repeat: str) -> None:
        """The undo page's second step: the owner's new password. A weak one is refused
        as at signup; the link is void once used."""
        now = self.clock.now()
        if password != repeat:
            raise DomainError("passwords_differ")
        with self.uow() as uow:
            record = uow.tokens.find(NEW_PASSWORD, self.secrets.digest(token.strip()))
            member = uow.members.get(record.member_id) if record else None
            if record is None or member is None or record.used_at \
                    or record.expires_at <= now:
                raise DomainError("reset_link_invalid")
            score = self.password_strength(password[:PASSWORD_MAX],
                                           [member.email, member.profile.name])
            check(password_error(password, score, member.email, member.profile.name))
            if not uow.tokens.claim(record.id, now):
                raise DomainError("reset_link_invalid")
            uow.members.save(member, member.with_password_hash(self.passwords.hash(password)))
            uow.audit.record(now, MEMBER, "members.password_set_after_undo", str(member.id), {})
            uow.commit()


def _drop_sign_ins_added_since(uow: AccountsUnit, member_id: int,
                               changed_at: datetime) -> dict[str, int | bool]:
    """Whoever made the change may have added their own way in: a passkey (which skips
    the password) or an authenticator app (which would lock the owner out at the second
    step). Those added since the undone change go with it; the owner's older ones stay."""
    passkeys = [key for key in uow.passkeys.of_member(member_id) if key.created_at >= changed_at]
    for key in passkeys:
        uow.passkeys.remove(key.id)
    app = uow.two_factor.get(member_id)
    app_dropped = app is not None and app.created_at >= changed_at
    if app_dropped:
        uow.two_factor.remove(member_id)
    return {"passkeys_removed": len(passkeys), "two_factor_removed": app_dropped}
