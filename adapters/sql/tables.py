"""The relational schema (SQLAlchemy Core); Alembic migrations create and evolve it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    Date,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    TypeDecorator,
    false,
    text,
    true,
)


class UtcDateTime(TypeDecorator[datetime]):
    """Stores UTC without a zone (SQLite has none) and always hands back aware UTC."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the database")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

companies = Table(
    "companies",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("kvk", String(50), nullable=False),
    Column("addresses", JSON, nullable=False),
    Column("tradenames", JSON, nullable=False),
    Column("vat_numbers", JSON, nullable=False),
    Column("support_phone", String(50), nullable=False),
    Column("delete_discount", Integer, nullable=False),
    Column("added", UtcDateTime, nullable=False),
    Column("support_email", String(254), nullable=False, server_default=""),
    Index("uq_companies_name", "name", unique=True),
)

sites = Table(
    "sites",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("domain", String(253), nullable=False, unique=True),
    Column("company_id", ForeignKey("companies.id"), nullable=False),
    Column("is_default", Boolean, nullable=False, default=False),
    # Every other setting of the spec's Settings entity, as one document.
    Column("settings", JSON, nullable=False),
    # Closed by an operator (issue 32.5): no sign-ups or purchases; why, for operators.
    Column("closed_at", UtcDateTime),
    Column("closed_reason", String(500)),
)

# A renamed site's former domains (issue 32.5): requests to one are redirected (301) to
# the same path on the site's domain; no other site may take it.
site_aliases = Table(
    "site_aliases",
    metadata,
    Column("domain", String(253), primary_key=True),
    Column("site_id", ForeignKey("sites.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("created_at", UtcDateTime, nullable=False),
)

members = Table(
    "members",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site_id", ForeignKey("sites.id"), nullable=False),
    Column("email", String(254), nullable=False),
    Column("password_hash", String(255)),
    Column("status", String(20), nullable=False),
    Column("language", String(5), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("is_fictional", Boolean, nullable=False, default=False),
    Column("invisible", Boolean, nullable=False, default=False),
    # Quiet mode (issue 21.2): the live signals the member shares.
    Column("share_typing", Boolean, nullable=False, server_default=true()),
    Column("share_read_receipts", Boolean, nullable=False, server_default=true()),
    Column("show_online", Boolean, nullable=False, server_default=true()),
    Column("paid_user", Boolean, nullable=False, default=False),
    # Where the member comes in lists (domain.discovery.Listing, issue 19.1): 0 photo
    # and filled profile, 1 photo only, 2 no photo; kept by application.shared.listings.
    Column("listing", SmallInteger, nullable=False, server_default="2"),
    Column("activated_at", UtcDateTime),
    Column("deleted_at", UtcDateTime),
    Column("delete_reason", String(500)),
    Column("banned_at", UtcDateTime),
    Column("ban_reason", String(500)),
    Column("erased_at", UtcDateTime),
    Column("traffic", JSON),
    Index("uq_members_site_email", "site_id", "email", unique=True),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    # Only a SHA-256 of the cookie's token is kept: a leaked table opens no session.
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("revoked_at", UtcDateTime),
    # The member typed their password again in this session (data export, issue 21.1).
    Column("confirmed_at", UtcDateTime),
    Column("ip", String(45)),
    Column("user_agent", String(300)),
    # The browser's device cookie (amora_device) when the session began (issue 31.3).
    Column("device", String(64)),
    # Where the session began, as the proxy's GeoIP header said (issue 33.3), and when
    # it was last used (written at most every few minutes: application.sign_in_sessions).
    Column("country", String(2)),
    Column("last_seen_at", UtcDateTime),
    Index("ix_sessions_device", "device"),
    # A member's sessions, and their latest log-in from the index alone (issue 32.1:
    # `amora members list --sort active`).
    Index("ix_sessions_member_created", "member_id", "created_at"),
    # The sessions from an address or a network (`amora members list --ip`, the accounts a
    # dossier links by address): equality and LIKE 'prefix%' on PostgreSQL in any collation.
    Index("ix_sessions_ip", "ip", postgresql_ops={"ip": "varchar_pattern_ops"}),
)

account_tokens = Table(
    "account_tokens",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("purpose", String(20), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("new_email", String(254)),
    Column("target", String(300)),  # login links: where the member lands
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("used_at", UtcDateTime),
)

login_failures = Table(
    "login_failures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site_id", ForeignKey("sites.id", ondelete="CASCADE"), nullable=False),
    Column("email", String(254), nullable=False),
    Column("ip", String(45), nullable=False),
    Column("at", UtcDateTime, nullable=False),
    Index("ix_login_failures_account", "site_id", "email", "at"),
    Index("ix_login_failures_ip", "ip", "at"),
)

# Two-factor sign-in with an authenticator app (issue 33.2, domain.two_factor). The
# secret the app and the server share (the server must compute the codes, so it cannot
# be hashed); confirmed_at is NULL while it is being set up. last_step: the time step of
# the last code used; a code of that step or an earlier one is refused (single use).
two_factor = Table(
    "two_factor",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("secret", String(64), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("confirmed_at", UtcDateTime),
    Column("last_step", BigInteger),
)

# The ten recovery codes, each an argon2 hash, usable once; hint: the code's first two
# characters, so that a typed code is checked against one hash, not ten.
two_factor_recovery_codes = Table(
    "two_factor_recovery_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("hint", String(2), nullable=False),
    Column("code_hash", String(200), nullable=False),
    Column("used_at", UtcDateTime),
)

# Passkeys (issue 33.1, domain.passkeys). A member's WebAuthn user handle: random, made
# with their first passkey; the authenticator returns it at a sign-in without the address.
passkey_users = Table(
    "passkey_users",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("handle", String(64), nullable=False, unique=True),
)

passkeys = Table(
    "passkeys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False,
           index=True),
    # As the authenticator made them, base64url: the credential's id (at most 1023 bytes)
    # and its COSE public key.
    Column("credential_id", String(1400), nullable=False, unique=True),
    Column("public_key", String(2048), nullable=False),
    Column("sign_count", BigInteger, nullable=False),  # an unsigned 32-bit counter
    Column("name", String(60), nullable=False),
    Column("transports", String(100), nullable=False, server_default=""),  # comma-separated
    Column("created_at", UtcDateTime, nullable=False),
    Column("last_used_at", UtcDateTime),
)

# A ceremony's challenge, single use and short-lived; only its SHA-256 is kept. Register
# and confirm challenges belong to a member's session, sign-in ones to a site only.
passkey_challenges = Table(
    "passkey_challenges",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("challenge_hash", String(64), nullable=False, unique=True),
    Column("ceremony", String(10), nullable=False),
    Column("site_id", ForeignKey("sites.id", ondelete="CASCADE"), nullable=False),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), index=True),
    Column("session_hash", String(64)),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False, index=True),
    Column("used_at", UtcDateTime),
)

profiles = Table(
    "profiles",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("gender", String(10), nullable=False),
    Column("sexuality", String(20), nullable=False),
    Column("birth_date", Date, nullable=False),
    Column("country", String(2), nullable=False),
    Column("region", String(10)),
    Column("city", String(100)),
    Column("about_me", Text, nullable=False, default=""),
    Column("interests", JSON, nullable=False),
    Column("hair_colour", String(20)),
    Column("eye_colour", String(20)),
    Column("body_type", String(20)),
    Column("relationship_status", String(20)),
    Column("tattoos", String(20)),
    Column("status", String(20), nullable=False),
    # Where the place is (issue 29.2): the centre of its grid cell (domain.distance),
    # kept by the members repository as the place changes; NULL when not known.
    Column("lat", Float),
    Column("lon", Float),
    # The scam shield's findings in the name and about text the member saved anyway
    # (issue 31.2; domain.profile_flags.TextFlags.stored): "name=phone;about_me=iban";
    # NULL when nothing is flagged.
    Column("text_flags", String(300)),
    # What search checks of the member, kept here by triggers as members and profiles
    # change (migration 0045, issue 36.2), so a search reads profiles' indexes alone: the
    # member's site while they can be found (domain.discovery.findable), else NULL; and
    # their listing (members.listing).
    Column("findable_site", Integer),
    Column("listing", SmallInteger, nullable=False, server_default="2"),
    # A small radius's box, and (issue 29 item 2) what else a search checks of those
    # members, so counting them reads no table row.
    Index("ix_profiles_position", "lat", "lon", "gender", "sexuality", "birth_date",
          "findable_site", "member_id", "listing"),
)

photos = Table(
    "photos",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("filename", String(200), nullable=False),
    Column("thumb_filename", String(200), nullable=False),
    Column("status", String(20), nullable=False),
    Column("is_main", Boolean, nullable=False, default=False),
    Column("created_at", UtcDateTime, nullable=False),
    # Its perceptual hashes (issue 31.3, domain.blocklists.PhotoHash: 80 hex digits) and
    # the 64-bit hash's quarters, by which a new photo finds those it may match.
    Column("phash", String(80)),
    Column("phash_0", Integer, index=True),
    Column("phash_1", Integer, index=True),
    Column("phash_2", Integer, index=True),
    Column("phash_3", Integer, index=True),
    # /media/ finds a photo by either of its names (migration 0023).
    Index("ix_photos_filename", "filename"),
    Index("ix_photos_thumb_filename", "thumb_filename"),
)

blocks = Table(
    "blocks",
    metadata,
    Column("blocker_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("blocked_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", UtcDateTime, nullable=False),
    Index("ix_blocks_blocked", "blocked_id"),
)

likes = Table(
    "likes",
    metadata,
    Column("liker_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("liked_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", UtcDateTime, nullable=False),
    # The liked member has not opened the liker's profile yet (the likes badge counts it).
    Column("is_new", Boolean, nullable=False, default=True),
    # The liked member's like modal has offered this like already (auto-like).
    Column("modal_shown", Boolean, nullable=False, default=False),
    # The liker has seen the match celebration (false while the other side matched later).
    Column("match_seen", Boolean, nullable=False, default=False),
    Index("ix_likes_liked", "liked_id", "created_at"),
)

swipes = Table(
    "swipes",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("target_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("liked", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Index("ix_swipes_day", "member_id", "liked", "created_at"),
)

credit_balances = Table(
    "credit_balances",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("balance", Integer, nullable=False),
    # The database refuses a negative balance too: a last guard under the domain rule.
    CheckConstraint("balance >= 0", name="balance_not_negative"),
)

credit_ledger = Table(
    "credit_ledger",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("amount", Integer, nullable=False),
    Column("balance_after", Integer, nullable=False),
    Column("idempotency_key", String(100), nullable=False),
    Column("reason", String(500), nullable=False, default=""),
    Column("created_at", UtcDateTime, nullable=False),
    Index("uq_credit_ledger_key", "member_id", "idempotency_key", unique=True),
)

conversations = Table(
    "conversations",
    metadata,
    Column("id", Integer, primary_key=True),
    # The pair in id order, so one conversation exists per pair of members.
    Column("member_low", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("member_high", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("started_by", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("last_message_at", UtcDateTime, nullable=False),
    Index("uq_conversations_pair", "member_low", "member_high", unique=True),
    Index("ix_conversations_started_by", "started_by"),
)

conversation_members = Table(
    "conversation_members",
    metadata,
    Column("conversation_id", ForeignKey("conversations.id", ondelete="CASCADE"),
           primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("unread", Integer, nullable=False, default=0),
    # Deleting a chat hides it for this member until a new message arrives.
    Column("hidden_before", Integer),
    Index("ix_conversation_members_member", "member_id"),
)

messages = Table(
    "messages",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("conversation_id", ForeignKey("conversations.id", ondelete="CASCADE"),
           nullable=False),
    Column("sender_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("cost", Integer, nullable=False, default=0),
    Column("free", Boolean, nullable=False, default=False),
    Column("gift", String(20)),  # a gift's key when the message is a gift
    # The sender's idempotency key: a retried send finds its first try.
    Column("client_key", String(64)),
    # The scam shield (issue 31.2): the screening's reasons of a message sent anyway
    # (comma-separated; the recipient is warned), and a held sender's message waiting.
    Column("flags", String(200)),
    Column("held", Boolean, nullable=False, server_default=false()),
    Index("ix_messages_conversation", "conversation_id", "id"),
    Index("ix_messages_sender_held", "sender_id", "held"),
    # The safety queue's flagged messages: few among many.
    Index("ix_messages_flagged", "created_at", sqlite_where=text("flags IS NOT NULL"),
          postgresql_where=text("flags IS NOT NULL")),
    Index("uq_messages_client_key", "sender_id", "client_key", unique=True),
    Index("ix_messages_sender_free", "sender_id", "free"),
)

presence = Table(
    "presence",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    # When the member's page last went to the background (POST /api/page-hidden):
    # notifications may then reach them by push or mail instead of on screen.
    Column("hidden_at", UtcDateTime, nullable=False),
)

# When each member last had a live connection (issue 21.2): their online status.
last_seen = Table(
    "last_seen",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("seen_at", UtcDateTime, nullable=False),
    Index("ix_last_seen_seen_at", "seen_at"),  # search's "online now"
)

# How often each member was shown in search results on a day (issue 29.3): best-first
# search demotes members past a daily cap. Written in batches (adapters/sql/impressions.py).
impressions = Table(
    "impressions",
    metadata,
    Column("day", Date, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("shown", Integer, nullable=False),
)

bundles = Table(
    "bundles",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site_id", ForeignKey("sites.id", ondelete="CASCADE"), nullable=False),
    Column("credits", Integer, nullable=False),
    Column("price", Integer, nullable=False),  # cents
    Column("currency", String(3), nullable=False),
    Column("position", Integer, nullable=False, default=0),
    Column("active", Boolean, nullable=False, default=True),
    Index("ix_bundles_site", "site_id", "currency", "position"),
)

discount_codes = Table(
    "discount_codes",
    metadata,
    Column("code", String(40), primary_key=True),
    Column("value_percentage", String(10), nullable=False),  # a Decimal, kept exact
    Column("status", String(20), nullable=False),
    Column("validity", String(20), nullable=False),
    Column("expires", UtcDateTime),
    Column("country", String(2)),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE")),
    Column("currency", String(3)),
    Column("minimum_order_value", Integer, nullable=False, default=0),
    Column("paymentmethods", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("site_ids", JSON),  # only on these sites; NULL: every site
)

orders = Table(
    "orders",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("site_id", ForeignKey("sites.id"), nullable=False),
    Column("bundle_id", ForeignKey("bundles.id"), nullable=False),
    Column("credits", Integer, nullable=False),
    Column("amount", Integer, nullable=False),
    Column("currency", String(3), nullable=False),
    Column("method", String(20), nullable=False),
    Column("issuer", String(60)),
    Column("discount_code", String(40)),
    Column("reserved_code", String(40)),
    Column("status", String(20), nullable=False),
    Column("provider", String(20), nullable=False),
    Column("payment_id", String(100)),
    Column("checkout_url", String(500)),
    Column("created_at", UtcDateTime, nullable=False),
    Column("paid_at", UtcDateTime),
    Column("refunded_at", UtcDateTime),  # refunded or charged back (revenue figures)
    # Where the member was taken to be (domain.pricing.whereabouts): the country priced
    # by and its evidence, the GeoIP country and the profile's (VAT, issue 34).
    Column("country", String(2)),
    Column("geoip_country", String(2)),
    Column("profile_country", String(2)),
    # Cents given back so far (refunds, several partial ones add up; a chargeback): at
    # most the amount, which one conditional UPDATE keeps (SqlOrders.give_back).
    Column("refunded", Integer, nullable=False, server_default="0"),
    # The checkout's tick (issue 34.1, domain.checkout_consent): the wording's version and
    # when; NULL on orders from before it was asked.
    Column("consent_version", String(20)),
    Column("consent_at", UtcDateTime),
    # VAT (issue 34.3, domain.vat): the payment's country as the provider reports it, and
    # the country, rate (basis points, 2100 = 21 %) and split of the VAT-inclusive amount.
    Column("payment_country", String(2)),
    Column("vat_country", String(2)),
    Column("vat_rate_bp", Integer),
    Column("vat_amount", Integer),  # cents
    Column("net_amount", Integer),  # cents
    Index("ix_orders_member", "member_id", "id"),
    Index("ix_orders_paid_at", "paid_at"),
    Index("uq_orders_payment", "provider", "payment_id", unique=True),
    # One live order per member and once-per-member code, the first-purchase discount
    # counting as one code (domain.pricing.reservation); NULLs never collide.
    Index("uq_orders_reserved_code", "member_id", "reserved_code", unique=True),
)

# Every time money of an order went back (issue 32.4): an operator's refund (whole or
# part, with the reason and who gave it), or one the gateway reported (a refund made at
# the provider, a chargeback). The revenue figures count refunds from here.
order_refunds = Table(
    "order_refunds",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("order_id", ForeignKey("orders.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("amount", Integer, nullable=False),  # cents
    Column("credits", Integer),  # taken back from the balance (NULL: before 0036)
    Column("missing", Integer),  # owed back but spent already (flagged)
    Column("kind", String(20), nullable=False),  # refunded | charged_back
    Column("reason", String(500), nullable=False),
    Column("actor", String(100), nullable=False),
    Column("created_at", UtcDateTime, nullable=False, index=True),
)

# Receipts numbered without gaps per company and year (issue 34.4): a company's counter
# for a year is claimed by one conditional UPDATE ... RETURNING in the transaction that
# marks an order paid, so parallel payments queue on its row (SqlReceipts.issue).
receipt_counters = Table(
    "receipt_counters",
    metadata,
    Column("company_id", ForeignKey("companies.id"), primary_key=True),
    Column("year", Integer, primary_key=True),
    Column("last_number", Integer, nullable=False),
)

receipts = Table(
    "receipts",
    metadata,
    # No cascade: the books keep a receipt as long as its order (erasure keeps both).
    Column("order_id", ForeignKey("orders.id"), primary_key=True),
    Column("company_id", ForeignKey("companies.id"), nullable=False),
    Column("year", Integer, nullable=False),
    Column("number", Integer, nullable=False),
    Column("issued_at", UtcDateTime, nullable=False),
    # The seller as it stood then (domain.receipts.Seller): a later move of the company
    # does not rewrite the receipts it gave.
    Column("seller", JSON, nullable=False),
    Index("uq_receipts_company_year_number", "company_id", "year", "number", unique=True),
)

member_flags = Table(
    "member_flags",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("flag", String(40), nullable=False),
    Column("details", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

sandbox_payments = Table(
    "sandbox_payments",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("amount", Integer, nullable=False),
    Column("currency", String(3), nullable=False),
    Column("description", String(200), nullable=False),
    Column("method", String(20), nullable=False),
    Column("status", String(20), nullable=False),
    Column("redirect_url", String(500), nullable=False),
    Column("webhook_url", String(500), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("refunded", Integer, nullable=False, server_default="0"),  # cents, as Mollie's
)

# The sandbox gateway's refunds by their idempotency key, as Mollie keeps them: a refund
# asked again with the same key (a job run twice) gives back nothing more (issue 34.2).
sandbox_refunds = Table(
    "sandbox_refunds",
    metadata,
    Column("key", String(100), primary_key=True),
    Column("payment_id", String(40), nullable=False),
    Column("amount", Integer, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

# Withdrawals from purchases (issue 34.2, domain.withdrawal): one an order at most (the
# primary key decides between two clicks). Written with the credits taken back and the
# order's refund in one transaction; the money goes back through the gateway after it
# (refund_state pending, then refunded), retried from the outbox until it has.
order_withdrawals = Table(
    "order_withdrawals",
    metadata,
    Column("order_id", ForeignKey("orders.id", ondelete="CASCADE"), primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("requested_at", UtcDateTime, nullable=False),
    Column("credits", Integer, nullable=False),  # unused: taken back
    Column("used", Integer, nullable=False),  # spent: kept and paid for
    Column("refund", Integer, nullable=False),  # cents
    Column("currency", String(3), nullable=False),
    Column("refund_state", String(20), nullable=False),  # pending | refunded
    Column("refunded_at", UtcDateTime),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("last_error", String(500)),
)

photo_unlocks = Table(
    "photo_unlocks",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("photo_id", ForeignKey("photos.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", UtcDateTime, nullable=False),
)

sms_codes = Table(
    "sms_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("phone", String(20), nullable=False),
    Column("code_hash", String(64), nullable=False),  # only a digest, like session tokens
    Column("expires_at", UtcDateTime, nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("created_at", UtcDateTime, nullable=False),
    Index("ix_sms_codes_member", "member_id", "created_at"),
)

mandates = Table(
    "mandates",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("account_holder", String(100), nullable=False),
    Column("iban", String(34), nullable=False),
    Column("street", String(100), nullable=False),
    Column("house_number", String(20), nullable=False),
    Column("postcode", String(20), nullable=False),
    Column("city", String(100), nullable=False),
    Column("phone", String(20), nullable=False),
    Column("signed_at", UtcDateTime, nullable=False),
)

notification_settings = Table(
    "notification_settings",
    metadata,
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
    Column("preferences", JSON, nullable=False),  # only the keys a member turned off or on
    Column("mail_off", String(20)),  # fbl, bounce, unsubscribed: no e-mail at all
    Column("mail_off_at", UtcDateTime),
    # The member's last word on marketing mail (issue 29.7): consent given (True) or
    # withdrawn, when and where (domain.notifications.MarketingVia); NULL: never asked.
    Column("marketing_consent", Boolean),
    Column("marketing_consent_at", UtcDateTime),
    Column("marketing_consent_via", String(20)),
)

push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("endpoint", String(1000), nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

# One row per notification delivered: jobs run at least once, so each checks its key.
notifications_sent = Table(
    "notifications_sent",
    metadata,
    Column("key", String(120), primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("kind", String(30), nullable=False),
    Column("sent_at", UtcDateTime, nullable=False),
)

lander_visits = Table(
    "lander_visits",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("visit_key", String(64), nullable=False, unique=True),  # the page's handle
    Column("site_id", ForeignKey("sites.id"), nullable=False),
    Column("lander", String(40), nullable=False),
    Column("source", String(60), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("engaged_at", UtcDateTime),  # a click on the call to action: no bounce
    Index("ix_lander_visits_stats", "site_id", "created_at"),
)

complaints = Table(
    "complaints",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site_id", ForeignKey("sites.id"), nullable=False),
    Column("reporter_id", ForeignKey("members.id", ondelete="SET NULL")),
    Column("email", String(254)),
    Column("category", String(30), nullable=False),
    Column("text", Text, nullable=False),
    Column("member_id", ForeignKey("members.id", ondelete="SET NULL")),
    Column("message_id", ForeignKey("messages.id", ondelete="SET NULL")),
    Column("status", String(20), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("resolved_at", UtcDateTime),
    Column("resolution", Text),
    # Notices (issue 30.4, DSA Art. 16): the exact item, who gives notice and in which
    # language they are answered, their good-faith statement, and the outcome.
    Column("item_kind", String(20)),  # profile, photo or message
    Column("item_id", String(60)),
    Column("reporter_name", String(100)),
    Column("good_faith", Boolean, nullable=False, server_default=false()),
    Column("language", String(5)),
    Column("outcome", String(20)),  # action_taken or no_action, once resolved
    Index("ix_complaints_status", "status", "created_at"),
    Index("ix_complaints_reporter", "reporter_id"),
    Index("ix_complaints_email", "email"),
    # The members reporting a member (issue 31.2: reports lower their daily cap).
    Index("ix_complaints_member", "member_id"),
)

# Appeals against bans (issue 21.3): one per ban, the ban known by when it began.
appeals = Table(
    "appeals",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("banned_at", UtcDateTime),  # a ban's appeal only
    Column("ban_reason", String(500)),
    Column("text", Text, nullable=False),
    Column("status", String(20), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("decided_at", UtcDateTime),
    Column("decided_by", String(100)),
    Column("note", Text),
    # An appeal against any decision (issue 30.3); a ban's appeal names its decision too.
    Column("decision_id", ForeignKey("decisions.id", ondelete="CASCADE")),
    Index("uq_appeals_ban", "member_id", "banned_at", unique=True),
    Index("ix_appeals_status", "status", "id"),
    Index("uq_appeals_open_decision", "decision_id", unique=True,
          sqlite_where=text("status = 'open'"), postgresql_where=text("status = 'open'")),
)

# Statements of reasons (issue 30.1): one for every restriction of a member or their
# content, written in the restriction's transaction. Erasure keeps the row for the counts of
# the transparency report but empties member_id, item_id, facts and undo.
decisions = Table(
    "decisions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site_id", ForeignKey("sites.id"), nullable=False),
    Column("member_id", ForeignKey("members.id", ondelete="SET NULL")),
    Column("restriction", String(30), nullable=False),
    Column("item_kind", String(20), nullable=False),
    Column("item_id", String(60)),
    Column("facts", Text, nullable=False),
    Column("ground_kind", String(10), nullable=False),
    Column("ground_code", String(60), nullable=False),
    Column("detected_automatically", Boolean, nullable=False),
    Column("decided_automatically", Boolean, nullable=False),
    Column("decided_by", String(100), nullable=False),
    Column("decided_at", UtcDateTime, nullable=False),
    Column("contest_until", UtcDateTime, nullable=False),
    Column("status", String(20), nullable=False),
    Column("notice_id", ForeignKey("complaints.id", ondelete="SET NULL")),
    Column("lifted_at", UtcDateTime),
    Column("lifted_by", String(100)),
    Column("undo", JSON, nullable=False),
    Index("ix_decisions_member", "member_id", "decided_at"),
    Index("ix_decisions_decided_at", "decided_at"),
    Index("ix_decisions_item", "restriction", "item_id"),
)

# Block lists (issue 31.3): e-mail addresses, e-mail domains, IP networks, device ids and
# photo hashes a banned member left behind; a signup or photo matching one is held for
# review (domain/blocklists.py says how each kind is written and matched).
blocklist = Table(
    "blocklist",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kind", String(20), nullable=False),
    Column("value", String(200), nullable=False),
    Column("note", String(500), nullable=False),
    Column("member_id", ForeignKey("members.id", ondelete="SET NULL")),
    Column("decision_id", ForeignKey("decisions.id", ondelete="SET NULL")),
    Column("added_by", String(100), nullable=False),
    Column("added_at", UtcDateTime, nullable=False),
    Index("uq_blocklist_value", "kind", "value", unique=True),
    Index("ix_blocklist_member", "member_id"),
)

# The scam shield's opener fingerprints (issue 31.2; domain/mass_openers.py): the MinHash
# signature of each opener long enough to be a script, to whom and when; the rule reads a
# sender's last 24 hours, and rows older than two days are deleted.
opener_fingerprints = Table(
    "opener_fingerprints",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("member_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("recipient_id", ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("signature", String(1024), nullable=False),  # eight hex digits a hash
    Column("created_at", UtcDateTime, nullable=False),
    Index("ix_opener_fingerprints_member", "member_id", "created_at"),
    Index("ix_opener_fingerprints_created", "created_at"),
)

# Messages a reporter selected in a conversation, attached to the complaint (issue 21.4).
complaint_messages = Table(
    "complaint_messages",
    metadata,
    Column("complaint_id", ForeignKey("complaints.id", ondelete="CASCADE"), primary_key=True),
    Column("message_id", ForeignKey("messages.id", ondelete="CASCADE"), primary_key=True),
)

# Search reads these together; the partial order matches the filters members use most.
# The trailing columns make counting and keyset pages index-only on PostgreSQL: the
# filters and the join key come from the index, never from the table (issue 17), and so
# do the two-way rule's sexuality and the position a radius is measured to (issue 29
# item 2: without them each candidate's table row was read, 1,400 pages a count).
Index("ix_profiles_search", profiles.c.gender, profiles.c.country, profiles.c.birth_date,
      profiles.c.region, profiles.c.findable_site, profiles.c.member_id, profiles.c.sexuality,
      profiles.c.lat, profiles.c.lon, profiles.c.listing)
Index("ix_profiles_region", profiles.c.country, profiles.c.region)
# The flagged profiles for `amora safety queue` (issue 31.2), without reading the others.
Index("ix_profiles_text_flags", profiles.c.member_id,
      sqlite_where=text("text_flags IS NOT NULL"),
      postgresql_where=text("text_flags IS NOT NULL"))
# Searches by gender and age without a country ("men 40-41").
Index("ix_profiles_age", profiles.c.gender, profiles.c.birth_date, profiles.c.findable_site,
      profiles.c.member_id, profiles.c.sexuality, profiles.c.lat, profiles.c.lon,
      profiles.c.listing)
# One listing's members (of a gender, or of all), newest first, with all a search checks:
# a page of a listing walks one range backwards and stops when full (issue 36.2).
Index("ix_profiles_listed", profiles.c.gender, profiles.c.listing, profiles.c.member_id,
      profiles.c.findable_site, profiles.c.birth_date, profiles.c.sexuality, profiles.c.lat,
      profiles.c.lon, profiles.c.country, profiles.c.region)
Index("ix_profiles_listing", profiles.c.listing, profiles.c.member_id,
      profiles.c.findable_site, profiles.c.gender, profiles.c.birth_date,
      profiles.c.sexuality, profiles.c.lat, profiles.c.lon, profiles.c.country,
      profiles.c.region)
Index("ix_members_findable", members.c.site_id, members.c.invisible, members.c.status,
      members.c.created_at)  # newest first is by id (the primary key), which stops early
Index("ix_photos_main", photos.c.member_id, photos.c.is_main, photos.c.status)

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("at", UtcDateTime, nullable=False),
    Column("actor", String(100), nullable=False),
    Column("action", String(100), nullable=False),
    Column("subject", String(200), nullable=False),
    Column("details", JSON, nullable=False),
)

# The transactional outbox (issue 16.2): a job is written by the transaction that calls
# for it and deleted once it ran (embedded) or was handed to dramatiq (scaled out).
outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(60), nullable=False),
    Column("args", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("run_after", UtcDateTime, nullable=False),
    Column("leased_until", UtcDateTime),  # a runner holds it until then; past it, anyone may
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("last_error", Text),
    Column("failed_at", UtcDateTime),  # gave up: kept for operators, never run again
    Index("ix_outbox_due", "failed_at", "run_after"),
)

# 5xx responses per minute and status (issue 32.6): `amora today` reads the last hour.
# Each server process counts its own in memory and adds them here a few seconds later
# (adapters/sql/server_errors.py); minutes older than two days are deleted as it writes.
server_errors = Table(
    "server_errors",
    metadata,
    Column("minute", UtcDateTime, primary_key=True),
    Column("status", SmallInteger, primary_key=True),
    Column("count", Integer, nullable=False),
)

# The photo review queue (new photos and those the block lists hold), oldest first:
# `amora today` and /metrics read its size and age without reading the other photos.
Index("ix_photos_queue", photos.c.created_at,
      sqlite_where=text("status IN ('pending', 'held')"),
      postgresql_where=text("status IN ('pending', 'held')"))
# `amora today`'s days (issue 32.6): sign-ups and activations of two days, failed payments.
Index("ix_members_created_at", members.c.created_at)
Index("ix_members_activated_at", members.c.activated_at)
Index("ix_orders_failed", orders.c.created_at, sqlite_where=text("status = 'failed'"),
      postgresql_where=text("status = 'failed'"))
