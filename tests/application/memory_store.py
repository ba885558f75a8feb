"""The rows the in-memory adapters keep: one plain object, copied whole for each unit of
work and published back on commit (tests/application/memory.py)."""

from __future__ import annotations

import copy
from datetime import datetime
from typing import TYPE_CHECKING, Any

import attrs

from application.ports.accounts import TokenRecord
from application.ports.complaints import Complaint
from application.ports.direct_debit import SignedMandate
from application.ports.jobs import Job
from application.ports.notifications import MarketingConsent, PushSubscription
from application.ports.photos import Photo
from application.ports.shop import MemberFlag, Refund
from application.ports.two_factor import TwoFactorRecord
from application.ports.withdrawals import Withdrawal
from domain.appeals import Appeal
from domain.blocklists import Entry, PhotoHash
from domain.credits import LedgerEntry
from domain.decisions import Decision
from domain.mass_openers import Signature
from domain.members import Member
from domain.orders import Order
from domain.passkeys import Challenge, Passkey
from domain.pricing import DiscountCode
from domain.receipts import Receipt
from domain.sites import Company, Site

if TYPE_CHECKING:
    from tests.application.memory_chat import ConversationRow, MemberInChat, MessageRow
    from tests.application.memory_money import BundleRow, SmsRow
    from tests.application.memory_social import LikeRow


class Duplicate(Exception):
    """A unique key taken: what the database's IntegrityError is to the SQL adapters."""


class Row:
    """A row the in-memory adapters change in place (a like's flags, an unread counter):
    each unit of work gets its own copy. Everything else in the store is immutable (frozen
    records, strings, numbers) and is shared, which keeps a unit of work cheap to open."""


def copied(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    if isinstance(value, tuple):
        return tuple(copied(item) for item in value)
    if isinstance(value, set):
        return set(value)  # of tuples of ids
    return copy.copy(value) if isinstance(value, Row) else value


def snapshot(store: MemoryStore) -> MemoryStore:
    return MemoryStore(**{field.name: copied(getattr(store, field.name))
                          for field in attrs.fields(MemoryStore)})


@attrs.define
class MemoryStore:
    sites: dict[int, Site] = attrs.Factory(dict)
    site_aliases: dict[str, int] = attrs.Factory(dict)  # a former domain: its site's id
    companies: dict[int, Company] = attrs.Factory(dict)
    members: dict[int, Member] = attrs.Factory(dict)
    photos: list[Photo] = attrs.Factory(list)
    photo_times: dict[int, datetime] = attrs.Factory(dict)  # photo id: when added
    photo_hashes: dict[int, PhotoHash] = attrs.Factory(dict)  # photo id: its hash, if any
    audit: list[dict[str, Any]] = attrs.Factory(list)
    sessions: dict[str, dict[str, Any]] = attrs.Factory(dict)
    tokens: list[TokenRecord] = attrs.Factory(list)
    # two-factor sign-in: member: authenticator; recovery codes (id, member, hash, used_at)
    two_factor: dict[int, TwoFactorRecord] = attrs.Factory(dict)
    recovery_codes: list[tuple[int, int, str, datetime | None]] = attrs.Factory(list)
    # passkeys: by id; each member's user handle; challenges by their digest
    passkeys: dict[int, Passkey] = attrs.Factory(dict)
    passkey_handles: dict[int, str] = attrs.Factory(dict)
    passkey_challenges: dict[str, Challenge] = attrs.Factory(dict)
    token_hashes: dict[int, str] = attrs.Factory(dict)
    failures: list[tuple[int, str, str, datetime]] = attrs.Factory(list)
    jobs: list[Job] = attrs.Factory(list)  # the outbox
    # discovery, likes, the swipe game
    blocks: set[tuple[int, int]] = attrs.Factory(set)  # (blocker, blocked)
    listings: dict[int, int] = attrs.Factory(dict)  # member: stored Listing (else 2)
    likes: dict[tuple[int, int], LikeRow] = attrs.Factory(dict)  # (liker, liked)
    swipes: dict[tuple[int, int], tuple[bool, datetime]] = attrs.Factory(dict)
    # chat
    conversations: dict[int, ConversationRow] = attrs.Factory(dict)
    in_chat: dict[tuple[int, int], MemberInChat] = attrs.Factory(dict)  # (chat, member)
    messages: list[MessageRow] = attrs.Factory(list)  # by id
    unlocks: set[tuple[int, int]] = attrs.Factory(set)  # (member, photo)
    presence: dict[int, datetime] = attrs.Factory(dict)
    last_seen: dict[int, datetime] = attrs.Factory(dict)  # member: last live connection
    # credits and the shop
    balances: dict[int, int] = attrs.Factory(dict)
    ledger: list[LedgerEntry] = attrs.Factory(list)  # by id
    bundles: list[BundleRow] = attrs.Factory(list)  # by id
    codes: dict[str, DiscountCode] = attrs.Factory(dict)
    orders: dict[int, Order] = attrs.Factory(dict)
    refunds: list[Refund] = attrs.Factory(list)  # by id
    withdrawals: dict[int, Withdrawal] = attrs.Factory(dict)  # by order (issue 34.2)
    receipts: dict[int, Receipt] = attrs.Factory(dict)  # by order
    receipt_counters: dict[tuple[int, int], int] = attrs.Factory(dict)  # company, year
    flags: list[tuple[int, MemberFlag]] = attrs.Factory(list)
    sms_codes: list[SmsRow] = attrs.Factory(list)  # by id
    mandates: list[tuple[int, SignedMandate]] = attrs.Factory(list)
    # notifications: member: (changed preferences, mail-off reason)
    notifications: dict[int, tuple[dict[str, bool], str | None]] = attrs.Factory(dict)
    marketing: dict[int, MarketingConsent] = attrs.Factory(dict)  # member: last word
    pushes: dict[str, PushSubscription] = attrs.Factory(dict)  # by endpoint
    sent: dict[str, tuple[int, str, datetime]] = attrs.Factory(dict)  # key: member, kind, at
    complaints: dict[int, Complaint] = attrs.Factory(dict)
    complaint_messages: list[tuple[int, int]] = attrs.Factory(list)  # complaint, message
    decisions: dict[int, Decision] = attrs.Factory(dict)  # by id
    # opener fingerprints (issue 31.2): (id, member, recipient, signature, at)
    openers: list[tuple[int, int, int, Signature, datetime]] = attrs.Factory(list)
    appeals: dict[int, Appeal] = attrs.Factory(dict)  # by id
    blocklist: dict[int, Entry] = attrs.Factory(dict)  # by id
    # landing-page visits by key: site, lander, source, when, engaged when
    visits: dict[str, tuple[int, str, str, datetime, datetime | None]] = attrs.Factory(dict)
