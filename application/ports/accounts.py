"""Sessions, one-time tokens and login failures."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Protocol

import attrs

from application.ports.photos import MainPhoto
from domain.members import Member


@attrs.frozen
class SessionRecord:
    member_id: int
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None = None
    id: int | None = None  # the session's own (None: a record made without it)
    last_seen_at: datetime | None = None  # written at most every SEEN_EVERY (issue 33.3)

    def open_at(self, now: datetime) -> bool:
        return self.revoked_at is None and now < self.expires_at


@attrs.frozen
class SignedIn:
    session: SessionRecord
    member: Member
    credits: int
    main_photo: MainPhoto | None
    mail_off: str | None  # why e-mail to the member is off, if it is


@attrs.frozen
class SessionDetails:
    """A session as the member's list of sign-ins shows it (issue 33.3)."""

    id: int
    member_id: int
    token_hash: str
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    last_seen_at: datetime | None
    ip: str | None
    user_agent: str | None
    device: str | None
    country: str | None


class SessionRepository(Protocol):
    def add(self, member_id: int, token_hash: str, created_at: datetime, expires_at: datetime,
            ip: str | None, user_agent: str | None, device: str | None = None,
            country: str | None = None) -> int:
        """``device``: the browser's device cookie (issue 31.3), kept for block lists;
        ``country``: the GeoIP country at sign-in. Answers the session's id."""
        ...
    def find(self, token_hash: str) -> SessionRecord | None: ...
    def signed_in(self, token_hash: str) -> SignedIn | None:
        """The session with its member and what the member's own page shows, in one read
        (every signed-in request starts here)."""
        ...
    def with_members(self, token_hashes: Collection[str]
                     ) -> dict[str, tuple[SessionRecord, Member]]:
        """Those of these sessions that exist, with their members, in one read (the live
        sockets' periodic check)."""
        ...
    def revoke(self, token_hash: str, now: datetime) -> None: ...
    def confirm(self, token_hash: str, now: datetime) -> None:
        """The member typed their password again in this session (data export)."""
        ...
    def confirmed_at(self, token_hash: str) -> datetime | None: ...
    def revoke_all(self, member_id: int, now: datetime, keep: str | None = None) -> None: ...
    # --- where the member is signed in (issue 33.3) ---
    def used(self, token_hash: str, now: datetime, unless_after: datetime) -> None:
        """The session was used now: written unless it was written after
        ``unless_after`` (so many requests at once write it once)."""
        ...
    def open_of(self, member_id: int, now: datetime) -> list[SessionDetails]:
        """The member's sessions that are neither ended nor expired, newest first."""
        ...
    def details(self, session_id: int) -> SessionDetails | None: ...
    def has_any(self, member_id: int) -> bool:
        """Whether the member ever had a session (ended or not)."""
        ...
    def browsers_of(self, member_id: int, device: str | None
                    ) -> list[tuple[str | None, str | None]]:
        """The (device cookie, user agent) pairs of the member's sessions, ended or not,
        from this device or from before device cookies (device NULL); each pair once."""
        ...
    def end(self, member_id: int, session_ids: Collection[int], now: datetime) -> list[int]:
        """End those of these sessions that are the member's and still open; answers
        the ids it ended."""
        ...


@attrs.frozen
class TokenRecord:
    id: int
    member_id: int
    purpose: str
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None
    new_email: str | None = None
    target: str | None = None


class TokenRepository(Protocol):
    def add(self, member_id: int, purpose: str, token_hash: str, created_at: datetime,
            expires_at: datetime, new_email: str | None = None,
            target: str | None = None) -> None: ...
    def find(self, purpose: str, token_hash: str) -> TokenRecord | None: ...
    def use(self, token_id: int, now: datetime) -> None: ...
    def claim(self, token_id: int, now: datetime) -> bool:
        """Use an unused token; False when another request used it first."""
        ...
    def use_all(self, member_id: int, purpose: str, now: datetime) -> None: ...
    def count_since(self, member_id: int, purpose: str, since: datetime) -> int: ...
    def targets(self, member_id: int, purpose: str) -> list[str]:
        """What the member's tokens of this purpose point at (data exports' files)."""
        ...
    def take_expired_targets(self, purpose: str, now: datetime) -> list[str]:
        """What expired tokens of this purpose point at; they point at nothing after."""
        ...


class LoginFailureLog(Protocol):
    def add(self, site_id: int, email: str, ip: str, at: datetime) -> None: ...
    def for_account(self, site_id: int, email: str,
                    since: datetime) -> list[tuple[datetime, str]]: ...
    def for_address(self, ip: str, since: datetime) -> list[datetime]: ...
    def clear(self, site_id: int, email: str, ip: str) -> None: ...
