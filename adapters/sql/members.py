"""Members with their profiles, in two tables joined one-to-one."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import (
    Connection,
    Integer,
    String,
    bindparam,
    cast,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from adapters.sql import account_writes
from adapters.sql import tables as t
from adapters.sql.engine import inserted_id
from application.ports.members import MemberChanged
from domain.distance import snapped
from domain.errors import DomainError
from domain.members import AccountStatus, Member, Profile, ProfileStatus, Traffic
from domain.profile_flags import TextFlags

_PROFILE_FIELDS = [f.name for f in attrs.fields(Profile)]
_ACCOUNT_FIELDS = ("email", "password_hash", "language", "is_fictional", "invisible",
                   "share_typing", "share_read_receipts", "show_online", "paid_user",
                   "activated_at", "deleted_at", "delete_reason", "banned_at",
                   "ban_reason")


def _profile_values(profile: Profile) -> dict[str, Any]:
    values = {name: getattr(profile, name) for name in _PROFILE_FIELDS}
    values.update(interests=list(profile.interests), status=profile.status.value,
                  text_flags=profile.text_flags.stored())
    return values


_PLACE = ("country", "region", "city")


def _with_position(values: dict[str, Any], profile: Profile) -> dict[str, Any]:
    """Profile values with where the place is (issue 29.2), when they name the place:
    its grid cell (domain.distance), or nothing known."""
    if not any(name in values for name in _PLACE):
        return values
    from adapters.geo.places import place_position  # loads the towns on first use

    found = place_position(profile.country, profile.region, profile.city)
    cell = snapped(found) if found else None
    return {**values, "lat": cell.lat if cell else None, "lon": cell.lon if cell else None}


def _account_values(member: Member) -> dict[str, Any]:
    values = {name: getattr(member, name) for name in _ACCOUNT_FIELDS}
    values.update(status=member.status.value, traffic=attrs.asdict(member.traffic))
    return values


def _address_taken(clash: IntegrityError, code: str) -> Exception:
    """The one unique rule a member write can break is the address per site."""
    if "uq_members_site_email" in str(clash.orig) or "members.site_id, members.email" in str(
            clash.orig):
        return DomainError(code)
    return clash


def _changed(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in after.items() if before.get(name) != value}


def member_from_row(row: Any) -> Member:
    # The row's values by name, made at once: reading 45 of them as the row's attributes
    # was 50 us (each a lookup of its own), a chat message's recipient among them.
    values = dict(zip(row._fields, row, strict=True))
    profile = Profile(**{
        **{name: values[name] for name in _PROFILE_FIELDS},
        "interests": tuple(values["interests"]),
        "status": ProfileStatus(values["profile_status"]),
        "text_flags": TextFlags.from_stored(values["text_flags"]),
    })
    return Member(
        id=values["id"], site_id=values["site_id"], created_at=values["created_at"],
        profile=profile, status=AccountStatus(values["status"]),
        traffic=Traffic(**(values["traffic"] or {})),
        **{name: values[name] for name in _ACCOUNT_FIELDS},
    )


def profile_columns(profiles: Any = t.profiles) -> list[Any]:
    """A profile's own columns as a member is read with it: not its key, its status (read
    as profile_status) nor what search copies of the member (findable_site, listing)."""
    return [column for column in profiles.c
            if column.name not in ("member_id", "status", "findable_site", "listing")]


members_with_profiles = select(
    t.members, *profile_columns(),
    t.profiles.c.status.label("profile_status"),
).join(t.profiles, t.profiles.c.member_id == t.members.c.id)


# SqlMembers.lock's statements, built once (a chat message's first statement, issue 36.3).
# NO KEY UPDATE: rows that merely reference the member (a message to them, a like) are not
# held up by it. SQLite's no-op write takes the database's write lock.
_LOCK = (select(t.members.c.id).where(t.members.c.id == bindparam("member", type_=Integer))
         .with_for_update(key_share=True))
_LOCK_BY_WRITING = (update(t.members)
                    .where(t.members.c.id == bindparam("member", type_=Integer))
                    .values(id=t.members.c.id))


@attrs.define
class SqlMembers:
    connection: Connection

    def count(self, site_id: int | None = None) -> int:
        query = select(func.count()).select_from(t.members)
        if site_id is not None:
            query = query.where(t.members.c.site_id == site_id)
        return int(self.connection.execute(query).scalar_one())

    def add(self, member: Member) -> Member:
        try:
            result = self.connection.execute(
                insert(t.members).values(site_id=member.site_id, created_at=member.created_at,
                                         **_account_values(member)))
        except IntegrityError as clash:  # a parallel signup with the address won
            raise _address_taken(clash, "account_exists") from clash
        member_id = inserted_id(result)
        self.connection.execute(
            insert(t.profiles).values(member_id=member_id, **_with_position(
                _profile_values(member.profile), member.profile))
        )
        return attrs.evolve(member, id=member_id)

    def get(self, member_id: int) -> Member | None:
        query = members_with_profiles.where(t.members.c.id == member_id)
        row = self.connection.execute(query).first()
        return member_from_row(row) if row else None

    def by_email(self, site_id: int, email: str) -> Member | None:
        query = members_with_profiles.where(t.members.c.site_id == site_id,
                              func.lower(t.members.c.email) == email.strip().lower())
        row = self.connection.execute(query).first()
        return member_from_row(row) if row else None

    def save(self, before: Member, after: Member) -> None:
        """Targeted writes: only the columns a use case changed go to the database, so
        use cases that change different things of one member never undo each other (a
        profile save in flight cannot revert a ban, a language change cannot revert
        premium). A status change is also a compare-and-set on the status read: if
        another transaction moved it in between, MemberChanged makes the use case start
        again from a fresh read (application/concurrency.py). We chose this over a
        version column because most writes (profile, language, password) do not compete
        on the same fields and should not fail or retry because of each other."""
        account = _changed(_account_values(before), _account_values(after))
        if account:
            query = update(t.members).where(t.members.c.id == after.id)
            if "status" in account:
                query = query.where(t.members.c.status == before.status.value)
            try:
                written = self.connection.execute(query.values(**account)).rowcount
            except IntegrityError as clash:  # a parallel e-mail change to the address won
                raise _address_taken(clash, "email_taken") from clash
            if written != 1:
                raise MemberChanged()
        profile = _with_position(
            _changed(_profile_values(before.profile), _profile_values(after.profile)),
            after.profile)
        if profile:
            if not account and self.connection.dialect.name == "postgresql":
                # Members' row first, then the profile's, as the trigger that copies a
                # member's findability to the profile takes them (migration 0045): a
                # profile save that relists the member cannot deadlock with a ban.
                self.lock(after.id)
            self.connection.execute(
                update(t.profiles).where(t.profiles.c.member_id == after.id).values(**profile))
        if account or profile:  # what a remembered sign-in shows is out of date
            account_writes.note(self.connection, after.id)

    def lock(self, member_id: int) -> None:
        """Holds the member's row until the transaction ends, so one member's sends,
        gifts and unlocks run one after another and a counted allowance cannot be
        exceeded. Call it first in the unit of work: on SQLite the no-op write takes the
        database's write lock before anything is read."""
        postgres = self.connection.dialect.name == "postgresql"
        self.connection.execute(_LOCK if postgres else _LOCK_BY_WRITING, {"member": member_id})

    def text_flagged(self, limit: int) -> Sequence[Member]:
        """Members whose name or about text the scam shield flagged (saved anyway), for
        the operators' queue: newest members first, banned and deleted ones left out.
        Only the flagged rows are read (ix_profiles_text_flags, partial)."""
        query = members_with_profiles.where(
            t.profiles.c.text_flags.is_not(None),
            t.members.c.status.in_((AccountStatus.ACTIVE.value,
                                    AccountStatus.NOT_CONFIRMED.value)),
        ).order_by(t.members.c.id.desc()).limit(limit)
        return [member_from_row(row) for row in self.connection.execute(query)]

    def deleted_before(self, moment: datetime) -> Sequence[Member]:
        query = members_with_profiles.where(t.members.c.status == AccountStatus.DELETED.value,
                              t.members.c.deleted_at < moment, t.members.c.erased_at.is_(None))
        return [member_from_row(row) for row in self.connection.execute(query)]

    def erase(self, member_id: int, now: datetime) -> None:
        """Personal data goes for good (issue 21.5; tests/adapters/test_erasure.py checks
        every table). What the books must keep stays, anonymous: the member's row (its id
        keys the ledger and orders), the credit balance and ledger amounts, and orders
        with their amounts and the payment provider's reference."""
        member = self.connection.execute(
            select(t.members.c.site_id, t.members.c.email).where(t.members.c.id == member_id)
        ).one()
        for table, column in _ERASED_ROWS:
            self.connection.execute(delete(table).where(table.c[column] == member_id))
        self.connection.execute(delete(t.complaints).where(or_(
            t.complaints.c.reporter_id == member_id, t.complaints.c.member_id == member_id)))
        self.connection.execute(delete(t.login_failures).where(
            t.login_failures.c.site_id == member.site_id,
            func.lower(t.login_failures.c.email) == member.email.lower()))
        self.connection.execute(
            update(t.audit_log).where(t.audit_log.c.subject == str(member_id)).values(details={}))
        self.connection.execute(
            update(t.credit_ledger).where(t.credit_ledger.c.member_id == member_id).values(
                reason="", idempotency_key=literal("erased:").concat(
                    cast(t.credit_ledger.c.id, String))))
        self.connection.execute(
            update(t.orders).where(t.orders.c.member_id == member_id).values(
                issuer=None, checkout_url=None, discount_code=None, reserved_code=None))
        # A refund's reason is an operator's words about the member; its amount stays.
        self.connection.execute(
            update(t.order_refunds).where(t.order_refunds.c.order_id.in_(
                select(t.orders.c.id).where(t.orders.c.member_id == member_id)))
            .values(reason=""))
        # A withdrawal is the books' too (what was taken back and refunded); the
        # provider's last error may quote the member's payment details.
        self.connection.execute(
            update(t.order_withdrawals).where(t.order_withdrawals.c.member_id == member_id)
            .values(last_error=None))
        # A block-list entry outlives the account it came from (it keeps a banned person
        # from coming back: issue 31.3), but no longer names the member or says why.
        self.connection.execute(
            update(t.blocklist).where(t.blocklist.c.member_id == member_id)
            .values(member_id=None, note=""))
        self.connection.execute(
            update(t.members).where(t.members.c.id == member_id).values(
                email=f"erased-{member_id}@invalid", password_hash=None, traffic=None,
                delete_reason=None, ban_reason=None, status=AccountStatus.DELETED.value,
                erased_at=now))
        account_writes.note(self.connection, member_id)


# Rows that are the member's alone, deleted at erasure: (table, the column naming them).
# A conversation goes with both members' messages in it (the other member no longer
# sees it: it was with an account that is gone) and the complaints citing them.
_ERASED_ROWS = (
    (t.profiles, "member_id"), (t.photos, "member_id"), (t.sessions, "member_id"),
    (t.account_tokens, "member_id"), (t.blocks, "blocker_id"), (t.blocks, "blocked_id"),
    (t.likes, "liker_id"), (t.likes, "liked_id"), (t.swipes, "member_id"),
    (t.swipes, "target_id"), (t.conversation_members, "member_id"),
    (t.conversations, "member_low"), (t.conversations, "member_high"),
    (t.conversations, "started_by"), (t.presence, "member_id"),
    (t.discount_codes, "member_id"), (t.member_flags, "member_id"),
    (t.photo_unlocks, "member_id"), (t.sms_codes, "member_id"), (t.mandates, "member_id"),
    (t.notification_settings, "member_id"), (t.push_subscriptions, "member_id"),
    (t.notifications_sent, "member_id"), (t.appeals, "member_id"), (t.last_seen, "member_id"),
    (t.impressions, "member_id"), (t.messages, "sender_id"),
    (t.opener_fingerprints, "member_id"), (t.opener_fingerprints, "recipient_id"),
    (t.two_factor_recovery_codes, "member_id"), (t.two_factor, "member_id"),
    (t.passkeys, "member_id"), (t.passkey_users, "member_id"),
    (t.passkey_challenges, "member_id"),
)
