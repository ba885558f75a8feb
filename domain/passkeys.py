"""Passkeys (issue 33.1): a member signs in with a key their device keeps (WebAuthn),
without typing the e-mail address or a password, and may use one to prove it is them
again (the step-up, domain.step_up).

The rules here are the ones that do not depend on the cryptography: what a passkey's name
may be, how many a member keeps, how long a ceremony's challenge lives and what it is
good for, and which relying-party id a site's passkeys are bound to."""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta
from enum import StrEnum

import attrs

from domain.errors import DomainError

# A challenge is answered by the browser within its ceremony's timeout (a minute or two
# while the member finds their device); it is good for one answer and this long.
CHALLENGE_LIFETIME = timedelta(minutes=5)
NAME_MAX = 60
MOST_PASSKEYS = 20  # per member: a phone, a laptop, a security key or two...


class Ceremony(StrEnum):
    """What a challenge was issued for; an answer counts only for that."""

    REGISTER = "register"  # adding a passkey in the settings
    SIGN_IN = "sign_in"  # signing in without the e-mail address
    CONFIRM = "confirm"  # "confirm it's you" within a session (the step-up)


@attrs.frozen
class Passkey:
    """A member's credential: its id and public key as the authenticator made them
    (base64url), the signature counter last seen, and the member's name for it."""

    id: int
    member_id: int
    credential_id: str
    public_key: str
    sign_count: int
    name: str
    created_at: datetime
    last_used_at: datetime | None = None
    transports: tuple[str, ...] = ()


@attrs.frozen
class Challenge:
    """An issued challenge, as stored (only its digest is kept)."""

    id: int
    ceremony: Ceremony
    site_id: int
    member_id: int | None  # the member it was issued to (register, confirm)
    session_hash: str | None  # and their session's digest
    expires_at: datetime
    used_at: datetime | None = None


def check_challenge(challenge: Challenge | None, ceremony: Ceremony, site_id: int,
                    now: datetime, member_id: int | None = None,
                    session_hash: str | None = None) -> Challenge:
    """The challenge an answer was made for, if it may be used for this: issued for this
    ceremony on this site (to this member in this session), not used, not expired.
    Anything else is passkey_expired: the browser starts again with a new one."""
    if (challenge is None or challenge.ceremony is not ceremony
            or challenge.site_id != site_id or challenge.used_at is not None
            or challenge.expires_at <= now
            or (member_id is not None and challenge.member_id != member_id)
            or (session_hash is not None and challenge.session_hash != session_hash)):
        raise DomainError("passkey_expired")
    return challenge


def clean_name(name: str) -> str:
    """A passkey's name as the member typed it, spaces tidied; 1 to NAME_MAX characters
    without control characters, else passkey_name_invalid."""
    tidy = " ".join(name.split())
    if not tidy or len(tidy) > NAME_MAX or any(
            unicodedata.category(char).startswith("C") for char in tidy):
        raise DomainError("passkey_name_invalid", max=NAME_MAX)
    return tidy


def check_room(count: int) -> None:
    if count >= MOST_PASSKEYS:
        raise DomainError("too_many_passkeys", most=MOST_PASSKEYS)


def relying_party_id(host: str, site_domain: str) -> str:
    """The domain a site's passkeys are bound to: the site's own domain when the page is
    on it or one of its subdomains (www.), so that a passkey made on one works on the
    others; else the host itself (a development or test host such as localhost).
    ``host`` is the bare lower-case host name, without a port."""
    if host == site_domain or host.endswith(f".{site_domain}"):
        return site_domain
    return host

