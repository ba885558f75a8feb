"""Members and their profiles: the values every later rule reads."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import TypeVar

import attrs

from domain.errors import DomainError
from domain.profile_flags import TextFlags
from domain.sites import LEGAL_MIN_AGE


class AccountStatus(StrEnum):
    NOT_CONFIRMED = "not_confirmed"
    ACTIVE = "active"
    DELETED = "deleted"
    BANNED = "banned"


SIGNING_IN = frozenset({AccountStatus.ACTIVE, AccountStatus.NOT_CONFIRMED})


def refuse_unless_signed_in(status: AccountStatus) -> None:
    """What an account whose sign-in was taken from memory may do is checked against its
    row as read now: a ban shows as a ban (its page), a closed account as signed out."""
    if status is AccountStatus.BANNED:
        raise DomainError("account_banned")
    if status not in SIGNING_IN:
        raise DomainError("authentication_required")


class ProfileStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"


GENDERS = ("male", "female")
SEXUALITIES = ("straight", "gay", "bisexual")
HAIR_COLOURS = ("black", "brown", "blond", "red", "grey", "other")
EYE_COLOURS = ("brown", "blue", "green", "grey", "hazel")
BODY_TYPES = ("slim", "athletic", "average", "curvy", "large")
RELATIONSHIP_STATUSES = ("single", "divorced", "widowed", "in_relationship", "married")
TATTOOS = ("none", "one", "several")
INTERESTS = (
    "art", "astronomy", "baking", "board_games", "camping", "cars", "cinema", "classical_music",
    "climbing", "cooking", "cycling", "dancing", "diy", "dogs", "cats", "fashion", "fishing",
    "fitness", "football", "gardening", "hiking", "history", "jazz", "karaoke", "languages",
    "literature", "martial_arts", "meditation", "motorcycles", "museums", "nature", "nightlife",
    "painting", "photography", "poetry", "pop_music", "rock_music", "running", "sailing",
    "science", "skiing", "swimming", "tennis", "theatre", "travel", "video_games", "volunteering",
    "wine", "writing", "yoga",
)


def age_on(birth_date: date, today: date) -> int:
    """Completed years on ``today``; someone born on 29 February ages on 1 March."""
    years = today.year - birth_date.year
    if (today.month, today.day) < (birth_date.month, birth_date.day):
        years -= 1
    return years


def is_adult(birth_date: date, today: date, min_age: int = LEGAL_MIN_AGE) -> bool:
    return age_on(birth_date, today) >= max(min_age, LEGAL_MIN_AGE)


@attrs.frozen(kw_only=True)
class Profile:
    name: str
    gender: str
    birth_date: date
    country: str
    sexuality: str = "straight"
    region: str | None = None
    city: str | None = None
    about_me: str = ""
    interests: tuple[str, ...] = ()
    hair_colour: str | None = None
    eye_colour: str | None = None
    body_type: str | None = None
    relationship_status: str | None = None
    tattoos: str | None = None
    status: ProfileStatus = ProfileStatus.ACTIVE
    # The scam shield's findings in the name and about text, kept when the member saved
    # them anyway after the nudge (domain/profile_flags.py); visitors see a warning.
    text_flags: TextFlags = TextFlags()


@attrs.frozen
class Traffic:
    """Where a visitor came from (query parameters network, ref, sub1-3), kept with the account."""

    network: str | None = None
    ref: str | None = None
    sub1: str | None = None
    sub2: str | None = None
    sub3: str | None = None
    lander: str | None = None  # the landing page the visitor first came through

    @property
    def has_source(self) -> bool:
        return bool(self.network)


REACTIVATION_WINDOW = timedelta(days=14)
T = TypeVar("T")


def keep(given: T | None, current: T) -> T:
    """A setting the member left out (None) stays as it was."""
    return current if given is None else given


@attrs.frozen(kw_only=True)
class Member:
    id: int
    site_id: int
    email: str
    status: AccountStatus
    language: str
    created_at: datetime
    profile: Profile
    password_hash: str | None = None
    is_fictional: bool = False
    invisible: bool = False
    # Quiet mode (domain/privacy.py): the live signals the member shares.
    share_typing: bool = True
    share_read_receipts: bool = True
    show_online: bool = True
    paid_user: bool = False
    activated_at: datetime | None = None
    deleted_at: datetime | None = None
    delete_reason: str | None = None
    banned_at: datetime | None = None
    ban_reason: str | None = None
    traffic: Traffic = Traffic()

    @property
    def can_log_in(self) -> bool:
        return self.status in SIGNING_IN

    def reactivatable(self, now: datetime) -> bool:
        """A deleted account comes back through its mail link within 14 days (spec section 4)."""
        return (self.status is AccountStatus.DELETED and self.deleted_at is not None
                and now - self.deleted_at <= REACTIVATION_WINDOW)

    # --- the life cycle: the only ways an account's status changes --------------------
    # Each transition checks the state it starts from and returns the member after it;
    # the repository writes only what changed (see SqlMembers.save).

    def activated(self, now: datetime) -> Member:
        """The e-mail is confirmed: the account and its profile go live."""
        if self.status is not AccountStatus.NOT_CONFIRMED:
            raise DomainError("activation_failed")
        return attrs.evolve(self, status=AccountStatus.ACTIVE, activated_at=now,
                            profile=attrs.evolve(self.profile, status=ProfileStatus.ACTIVE))

    def banned(self, now: datetime, reason: str) -> Member:
        if not reason.strip():
            raise DomainError("reason_required")
        if self.status is AccountStatus.BANNED:
            raise DomainError("already_banned")
        if self.status is AccountStatus.DELETED:
            raise DomainError("member_deleted")
        return attrs.evolve(self, status=AccountStatus.BANNED, banned_at=now,
                            ban_reason=reason.strip()[:500])

    def unbanned(self) -> Member:
        if self.status is not AccountStatus.BANNED:
            raise DomainError("not_banned")
        return attrs.evolve(self, status=self._status_before_leaving(), banned_at=None,
                            ban_reason=None)

    def deleted(self, now: datetime, reason: str) -> Member:
        """The member deletes the account; it can come back within 14 days."""
        if self.status is AccountStatus.BANNED:
            raise DomainError("account_banned")
        if self.status is AccountStatus.DELETED:
            raise DomainError("account_deleted")
        return attrs.evolve(self, status=AccountStatus.DELETED, deleted_at=now,
                            delete_reason=reason.strip()[:500] or None)

    def reactivated(self, now: datetime) -> Member:
        if not self.reactivatable(now):
            raise DomainError("reactivation_link_invalid")
        return attrs.evolve(self, status=self._status_before_leaving(), deleted_at=None,
                            delete_reason=None)

    def became_premium(self) -> Member:
        """The first purchase makes a member premium, for good."""
        return attrs.evolve(self, paid_user=True)

    # --- what members change themselves ---------------------------------------------

    def with_preferences(self, language: str | None = None, invisible: bool | None = None,
                         share_typing: bool | None = None,
                         share_read_receipts: bool | None = None,
                         show_online: bool | None = None) -> Member:
        """The member's own switches; None leaves one as it is."""
        return attrs.evolve(
            self, language=keep(language, self.language),
            invisible=keep(invisible, self.invisible),
            share_typing=keep(share_typing, self.share_typing),
            share_read_receipts=keep(share_read_receipts, self.share_read_receipts),
            show_online=keep(show_online, self.show_online))

    def with_password_hash(self, password_hash: str) -> Member:
        return attrs.evolve(self, password_hash=password_hash)

    def with_email(self, email: str) -> Member:
        return attrs.evolve(self, email=email)

    def with_profile(self, profile: Profile) -> Member:
        return attrs.evolve(self, profile=profile)

    def _status_before_leaving(self) -> AccountStatus:
        return AccountStatus.ACTIVE if self.activated_at else AccountStatus.NOT_CONFIRMED
