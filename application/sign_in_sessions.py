"""Where a member is signed in (issue 33.3): the list in Settings (device and browser,
rough place, when each session began and was last used), ending one session or all the
others, and the "was this you?" mail's link that ends the session it tells of.

Every session starts in application.shared.sign_ins (new_session): it keeps
where the sign-in came from and, for a sign-in from a device the member has not used
before (domain.sign_ins.is_new_device), queues the mail in the same transaction.

A session that ends here stops working at once, everywhere: its row is revoked (every
signed-in lookup reads it afresh after a change the member made, or is told by the
AccountChanged that SessionRevoked brings about), and its open sockets close when they
hear the SessionRevoked that names it."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

import attrs

from application.ports.accounts import SessionDetails
from application.ports.clock import Clock
from application.ports.events import EventBus, SessionRevoked, member_channel
from application.ports.security import Secrets
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.sign_ins import END_LINK_PURPOSE
from domain.errors import DomainError
from domain.sign_ins import Browser


@attrs.frozen
class SignedInDevice:
    """One place the member is signed in, as Settings lists it."""

    id: int
    device: Browser  # what its browser's user agent says
    country: str | None  # ISO 3166-1 alpha-2; the page names it in the member's language
    started_at: datetime
    last_active: datetime
    current: bool  # the session this list was asked for with


@attrs.frozen
class EndedByLink:
    member_id: int
    ended: bool  # False: the session had ended already (logged out, ended, expired)


@attrs.frozen
class SignInSessions:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    secrets: Secrets
    user_agents: UserAgents
    events: EventBus

    def of_member(self, member_id: int, token: str) -> list[SignedInDevice]:
        """The member's open sessions: this one first, then the most recently used."""
        now = self.clock.now()
        current = self.secrets.digest(token)
        with self.uow(reads_only=True) as uow:
            sessions = uow.sessions.open_of(member_id, now)
        listed = [self._listed(session, session.token_hash == current)
                  for session in sessions]
        return sorted(listed, key=lambda each: (not each.current,
                                                -each.last_active.timestamp(), -each.id))

    def _listed(self, session: SessionDetails, current: bool) -> SignedInDevice:
        return SignedInDevice(
            id=session.id, device=self.user_agents.describe(session.user_agent),
            country=session.country, started_at=session.created_at,
            last_active=max(session.last_seen_at or session.created_at, session.created_at),
            current=current)

    def end(self, member_id: int, token: str, session_id: int) -> bool:
        """End one of the member's open sessions (404 session_not_found for one that is
        not theirs or not open). Answers whether it was the session asking."""
        now = self.clock.now()
        with self.uow() as uow:
            found = uow.sessions.details(session_id)
            ended = uow.sessions.end(member_id, [session_id], now)
            if not ended or found is None:
                raise DomainError("session_not_found")
            uow.commit()
        self._revoked(member_id, ended)
        return found.token_hash == self.secrets.digest(token)

    def end_others(self, member_id: int, token: str) -> int:
        """End every open session of the member but the one asking; answers how many."""
        now = self.clock.now()
        current = self.secrets.digest(token)
        with self.uow() as uow:
            others = [session.id for session in uow.sessions.open_of(member_id, now)
                      if session.token_hash != current]
            ended = uow.sessions.end(member_id, others, now)
            uow.commit()
        self._revoked(member_id, ended)
        return len(ended)

    def end_by_link(self, token: str) -> EndedByLink:
        """The "was this you?" mail's link: ends the session it tells of, once, without a
        sign-in (the token is the proof). A used, expired or unknown link: 400
        end_session_link_invalid."""
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find(END_LINK_PURPOSE, self.secrets.digest(token.strip()))
            if record is None or record.used_at or record.expires_at <= now \
                    or not (record.target or "").isdigit() \
                    or not uow.tokens.claim(record.id, now):  # two clicks: one wins
                raise DomainError("end_session_link_invalid")
            ended = uow.sessions.end(record.member_id, [int(record.target or 0)], now)
            uow.commit()
        self._revoked(record.member_id, ended)
        return EndedByLink(record.member_id, bool(ended))

    def _revoked(self, member_id: int, ended: Collection[int]) -> None:
        """Open sockets of the ended sessions close at once (in every process); every
        process forgets what it remembers of the member's sign-ins."""
        if ended:
            self.events.publish(member_channel(member_id),
                                SessionRevoked(sessions=tuple(sorted(ended))))
