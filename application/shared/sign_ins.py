"""How a sign-in starts a session, whichever way the member signs in (password, mail link,
passkey, two-factor code, reactivation): who signs in (Visitor), the session and its
cookie's token (Login), a closed account refused, the password checked under the lockout,
a new device's mail queued (issue 33.3), a session's use noted."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

from application.ports.accounts import SessionRecord
from application.ports.jobs import NewDeviceMail
from application.ports.security import Secrets
from application.ports.shared_units import PasswordUnit
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.password_checks import PasswordChecks
from domain.accounts import normalise_email
from domain.errors import DomainError
from domain.members import AccountStatus, Member, Traffic
from domain.sign_ins import SEEN_EVERY, EarlierSignIn, is_new_device, use_due
from domain.sites import Site

SESSION_LIFETIME = timedelta(days=30)


@attrs.frozen
class Login:
    """A started session: the raw token goes into the cookie and nowhere else."""

    token: str
    member: Member
    site: Site


@attrs.frozen
class Visitor:
    ip: str
    user_agent: str | None
    language: str
    geoip_country: str | None = None
    traffic: Traffic = Traffic()
    device: str | None = None  # the browser's device cookie (issue 31.3)


END_LINK_PURPOSE = "end_session"  # account_tokens.purpose; target: the session's id


def start_session(uow: AccountsUnit, secrets: Secrets, user_agents: UserAgents | None,
                  member_id: int, visitor: Visitor, now: datetime,
                  expires_at: datetime) -> str:
    """A new session for the member, in the caller's transaction: the raw token for the
    cookie. A sign-in from a new device queues the "was this you?" mail with it
    (``user_agents`` None: none is told from another)."""
    new_device = user_agents is not None and _from_new_device(
        uow, user_agents, member_id, visitor)
    token = secrets.token()
    session_id = uow.sessions.add(member_id, secrets.digest(token), now, expires_at,
                                  visitor.ip, visitor.user_agent, visitor.device,
                                  visitor.geoip_country)
    if new_device:
        uow.jobs.add(NewDeviceMail(session_id))
    return token


def _from_new_device(uow: AccountsUnit, user_agents: UserAgents, member_id: int,
                     visitor: Visitor) -> bool:
    if not uow.sessions.has_any(member_id):
        return False  # the first session (signup): nothing to compare it with
    family = user_agents.describe(visitor.user_agent).family
    earlier = [EarlierSignIn(device, user_agents.describe(user_agent).family)
               for device, user_agent in uow.sessions.browsers_of(member_id, visitor.device)]
    # Only sessions from this device (or from before device cookies) are read: with none
    # of them, the member has sessions, all from other devices.
    return is_new_device(visitor.device, family, earlier) if earlier else True


def note_use(uow: UnitFactory[AccountsUnit], token_hash: str, session: SessionRecord,
             now: datetime) -> None:
    """The signed-in lookup found this open session: its last use is written when the
    one written is SEEN_EVERY old (one cheap UPDATE per session every few minutes)."""
    if not use_due(session.last_seen_at, session.created_at, now):
        return
    try:
        with uow() as work:
            work.sessions.used(token_hash, now, now - SEEN_EVERY)
            work.commit()
    except Exception:  # noqa: BLE001 - a best-effort note: the next lookup writes it
        # A database busy with another process's write (SQLite's one writer: a ban by
        # `amora members ban`, say) must not turn a signed-in read into an error that
        # signs the member out; "last active" is simply written a request later.
        return


def new_session(uow: AccountsUnit, secrets: Secrets, user_agents: UserAgents | None,
                member_id: int, visitor: Visitor, now: datetime) -> str:
    """Every sign-in's session, for SESSION_LIFETIME (a new device's is mailed)."""
    return start_session(uow, secrets, user_agents, member_id, visitor, now,
                         now + SESSION_LIFETIME)


def refuse_closed(member: Member, site: Site, now: datetime) -> None:
    """A banned or deleted account signs in no way at all."""
    if member.status is AccountStatus.BANNED:
        raise DomainError("account_banned")
    if member.status is AccountStatus.DELETED:
        code = ("account_deleted_reactivatable" if member.reactivatable(now)
                else "login_failed")
        raise DomainError(code, support_email=site.support_email)


def verified(uow: PasswordUnit, checks: PasswordChecks, site: Site, email: str,
             password: str, visitor: Visitor, now: datetime) -> Member:
    """The member whose address and password these are, whatever their status (a
    banned member appeals with them), under the lockout: a wrong password is
    counted (and committed) before the refusal."""
    address = normalise_email(email)
    member = uow.members.by_email(site.id, address)
    checks.check(uow, site.id, address, visitor.ip, now,
                 lambda: checks.matches(member, password), "login_failed",
                 lambda: member is not None and uow.two_factor.enrolled(member.id))
    assert member is not None
    return member
