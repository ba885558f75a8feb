"""Two-factor sign-in with an authenticator app (issue 33.2): turning it on (a secret
shown as a QR code and as text, confirmed by a first code, then ten recovery codes shown
once), the sign-in's second step (application.shared.second_step asks for it), new recovery
codes, and turning it off.

Every code counts once: an app code claims its time step, a recovery code its row, each
with one conditional UPDATE, so two requests with the same code cannot both get in. A
wrong or reused code at sign-in or when turning it off counts as a failed login of the
account from that address (application.shared.password_checks): whoever has the password
guesses codes no faster than passwords. Turning it on, off and new recovery codes need
the step-up (domain.step_up): this session confirmed by the password in the last ten
minutes; turning it off takes the password itself, which confirms the session."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.jobs import AccountMail
from application.ports.security import PasswordHasher, Secrets
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.two_factor import Authenticator, TwoFactorRecord
from application.ports.units import AccountsUnit
from application.shared.lookups import existing_member, site_of_member
from application.shared.password_checks import PasswordChecks
from application.shared.sign_ins import Login, Visitor, new_session, refuse_closed
from application.shared.site_lookup import resolve_site
from domain.errors import DomainError
from domain.members import Member
from domain.notifications import safe_target
from domain.step_up import check_reconfirmed
from domain.two_factor import (
    CHALLENGE_PURPOSE,
    RECOVERY_CODES,
    is_app_code,
    is_recovery_shape,
    matching_step,
    normalise_code,
    recovery_hint,
    shown_recovery_code,
)

ON_MAIL, OFF_MAIL = "two_factor_on", "two_factor_off"  # account mails (AccountMails)


@attrs.frozen
class TwoFactorSetup:
    """What the member's app needs: the secret as text (typed in by hand) and as the
    otpauth:// address, drawn as a QR code."""

    secret: str
    uri: str
    qr_svg: str


@attrs.frozen
class TwoFactorStatus:
    enabled: bool
    recovery_codes_left: int


@attrs.frozen
class SecondStepDone:
    login: Login
    target: str | None  # where a login link was to land; None after a password


@attrs.frozen
class TwoFactor:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    secrets: Secrets
    passwords: PasswordHasher  # the recovery codes' argon2 hashes
    authenticator: Authenticator
    password_checks: PasswordChecks  # the lockout, as at the password's step
    # A sign-in's session: one from a new device is mailed (None: none is told apart).
    user_agents: UserAgents | None = None

    def status(self, member_id: int) -> TwoFactorStatus:
        with self.uow() as uow:
            enabled = uow.two_factor.enrolled(member_id)
            left = uow.two_factor.recovery_codes_left(member_id) if enabled else 0
        return TwoFactorStatus(enabled, left)

    # --- turning it on -----------------------------------------------------------------

    def set_up(self, member_id: int, session_token: str | None) -> TwoFactorSetup:
        """A new secret for the app (one being set up before is replaced)."""
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            self._require_step_up(uow, session_token, now)
            if uow.two_factor.enrolled(member.id):
                raise DomainError("two_factor_already_on")
            secret = self.authenticator.new_secret()
            uow.two_factor.start(member.id, secret, now)
            site = site_of_member(uow, member)
            uow.commit()
        uri = self.authenticator.setup_uri(secret, member.email, site.name)
        return TwoFactorSetup(secret, uri, self.authenticator.qr_svg(uri))

    def turn_on(self, member_id: int, session_token: str | None, code: str) -> list[str]:
        """The first code of the app confirms the set-up: two-factor sign-in is on, and
        the ten recovery codes are answered, once (only their hashes are kept). A wrong
        first code is not counted towards the lockout: the member is signed in and has
        just confirmed the password."""
        typed = _typed(code)
        with self.uow() as uow:  # checked before ten hashes are spent on a wrong code
            now = self.clock.now()
            record = self._pending(uow, member_id, session_token, now)
            if matching_step(typed, now, self._code_of(record)) is None:
                raise DomainError("two_factor_code_wrong")
        codes, hashes = self._recovery_codes()
        now = self.clock.now()
        with self.uow() as uow:
            record = self._pending(uow, member_id, session_token, now)
            step = matching_step(typed, now, self._code_of(record))
            if step is None:
                raise DomainError("two_factor_code_wrong")
            if not uow.two_factor.claim_step(member_id, step):
                raise DomainError("two_factor_code_used")
            if not uow.two_factor.confirm(member_id, now):
                raise DomainError("two_factor_already_on")
            uow.two_factor.replace_recovery_codes(member_id, hashes)
            uow.jobs.add(AccountMail(ON_MAIL, member_id))
            uow.commit()
        return codes

    def _pending(self, uow: AccountsUnit, member_id: int, session_token: str | None,
                 now: datetime) -> TwoFactorRecord:
        existing_member(uow, member_id)
        self._require_step_up(uow, session_token, now)
        record = uow.two_factor.get(member_id)
        if record is None:
            raise DomainError("two_factor_not_set_up")
        if record.confirmed_at is not None:
            raise DomainError("two_factor_already_on")
        return record

    def new_recovery_codes(self, member_id: int, session_token: str | None) -> list[str]:
        """Ten new recovery codes; the old ones, used or not, stop working."""
        with self.uow() as uow:
            self._require_enabled(uow, member_id, session_token, self.clock.now())
        codes, hashes = self._recovery_codes()
        with self.uow() as uow:
            self._require_enabled(uow, member_id, session_token, self.clock.now())
            uow.two_factor.replace_recovery_codes(member_id, hashes)
            uow.commit()
        return codes

    def _require_enabled(self, uow: AccountsUnit, member_id: int, session_token: str | None,
                         now: datetime) -> None:
        existing_member(uow, member_id)
        self._require_step_up(uow, session_token, now)
        if not uow.two_factor.enrolled(member_id):
            raise DomainError("two_factor_not_on")

    def _recovery_codes(self) -> tuple[list[str], list[tuple[str, str]]]:
        """New codes as shown to the member, and what is kept of them: hint and hash
        (hashed outside any transaction: ten argon2 hashes take a while)."""
        codes = [self.authenticator.recovery_code() for _ in range(RECOVERY_CODES)]
        return [shown_recovery_code(code) for code in codes], \
            [(recovery_hint(code), self.passwords.hash(code)) for code in codes]

    # --- turning it off ----------------------------------------------------------------

    def turn_off(self, member_id: int, session_token: str | None, password: str, code: str,
                 ip: str) -> None:
        """The password and a current code (or a recovery code), both under the lockout.
        The password typed here is the step-up itself: it confirms the session."""
        now = self.clock.now()
        typed = _typed(code)
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            self.password_checks.confirm(uow, member, password, ip, now)
            if session_token:
                uow.sessions.confirm(self.secrets.digest(session_token), now)
            if not uow.two_factor.enrolled(member.id):
                uow.commit()  # the right password forgets this address's failures
                raise DomainError("two_factor_not_on")
            self._use_code(uow, member, typed, ip, now)
            uow.two_factor.remove(member.id)
            uow.jobs.add(AccountMail(OFF_MAIL, member.id))
            uow.commit()

    def turn_off_for_member(self, member_id: int, actor: str, reason: str) -> None:
        """Support's way back for a member who lost their phone and their recovery codes
        (`amora members two-factor-off`), once support knows it is them: the member is
        mailed as when they turn it off themselves, the audit log keeps who and why."""
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            if not uow.two_factor.enrolled(member.id):
                raise DomainError("two_factor_not_on")
            uow.two_factor.remove(member.id)
            uow.jobs.add(AccountMail(OFF_MAIL, member.id))
            uow.audit.record(now, actor, "members.two_factor_off", str(member.id),
                             {"reason": reason})
            uow.commit()

    # --- the sign-in's second step -----------------------------------------------------

    def sign_in(self, host: str | None, challenge: str, code: str,
                visitor: Visitor) -> SecondStepDone:
        """The challenge the first step answered, with a code: the session starts."""
        now = self.clock.now()
        typed = _typed(code)
        with self.uow() as uow:
            site = resolve_site(uow, host)
            record = uow.tokens.find(CHALLENGE_PURPOSE, self.secrets.digest(challenge.strip()))
            member = uow.members.get(record.member_id) if record else None
            if record is None or member is None or record.used_at is not None \
                    or record.expires_at <= now or member.site_id != site.id:
                raise DomainError("two_factor_challenge_invalid")
            refuse_closed(member, site, now)  # banned meanwhile
            self._use_code(uow, member, typed, visitor.ip, now)
            if not uow.tokens.claim(record.id, now):  # the same challenge twice at once
                raise DomainError("two_factor_challenge_invalid")
            token = new_session(uow, self.secrets, self.user_agents, member.id, visitor, now)
            uow.commit()
        return SecondStepDone(Login(token, member, site),
                              safe_target(record.target) if record.target else None)

    # --- codes -------------------------------------------------------------------------

    def _use_code(self, uow: AccountsUnit, member: Member, typed: str, ip: str,
                  now: datetime) -> None:
        """An app code or a recovery code of the member's, used up; else the failure is
        counted (and committed) and refused: two_factor_code_used for a code whose time
        step was used already, two_factor_code_wrong for anything else."""
        reused: list[bool] = []

        def matches() -> bool:
            if is_app_code(typed):
                record = uow.two_factor.get(member.id)
                step = None if record is None or record.confirmed_at is None \
                    else matching_step(typed, now, self._code_of(record))
                if step is None:
                    return False
                if uow.two_factor.claim_step(member.id, step):
                    return True
                reused.append(True)
                return False
            return is_recovery_shape(typed) and self._use_recovery_code(uow, member, typed, now)

        checks = self.password_checks
        try:
            checks.check(uow, member.site_id, member.email, ip, now, matches,
                         "two_factor_code_wrong")
        except DomainError as error:
            if error.code == "two_factor_code_wrong" and reused:
                raise DomainError("two_factor_code_used") from None
            raise

    def _use_recovery_code(self, uow: AccountsUnit, member: Member, code: str,
                           now: datetime) -> bool:
        candidates = uow.two_factor.unused_recovery_codes(member.id, recovery_hint(code))
        if not candidates:
            self.passwords.hash(code)  # the same work either way: the hint tells nothing
            return False
        for stored in candidates:
            if self.passwords.verify(stored.code_hash, code):
                return uow.two_factor.use_recovery_code(stored.id, now)
        return False

    def _code_of(self, record: TwoFactorRecord) -> Callable[[int], str]:
        secret = record.secret
        return lambda step: self.authenticator.code_at(secret, step)

    def _require_step_up(self, uow: AccountsUnit, session_token: str | None,
                         now: datetime) -> None:
        confirmed = uow.sessions.confirmed_at(self.secrets.digest(session_token)) \
            if session_token else None
        check_reconfirmed(confirmed, now)


def _typed(code: str) -> str:
    """The code as typed, normalised; an empty one is refused before anything counts."""
    typed = normalise_code(code)
    if not typed:
        raise DomainError("two_factor_code_required")
    return typed
