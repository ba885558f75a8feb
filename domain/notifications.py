"""Who is told what, by e-mail and web push (issue 8; spec sections 3, 4 and 8).

A member keeps eight preferences. The four about their own conversations and likes are on
from signup; the four that come from the site itself (the weekly update, offers, news and
visit reminders) are marketing and stay off until the member opts in, at signup or on the
notifications screen (issue 29.7). E-mail can also be off as a whole,
for a reason the member did not choose on the preferences screen: a spam complaint
(fbl), a bounce, or unsubscribing from all mail. Mails the member asked for
themselves (activation, password reset, receipts, ...) are not notifications and go
out regardless of the preferences, but never while e-mail is off for a bounce.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from urllib.parse import urlsplit

import attrs

from domain.errors import DomainError

PREFERENCE_KEYS = (
    "new_conversations", "new_messages", "like", "unread_message_reminders",
    "promotions", "weekly_updates", "news", "reminders",
)

# Mail the member did not ask for about anything that happened to them: opt-in only.
MARKETING = frozenset({"weekly_updates", "promotions", "news", "reminders"})
DEFAULTS: Mapping[str, bool] = {key: key not in MARKETING for key in PREFERENCE_KEYS}


class MarketingVia(enum.StrEnum):
    """Where the member last gave or withdrew their consent to marketing mail."""

    SIGNUP = "signup"  # the opt-in box of the signup wizard
    SETTINGS = "settings"  # the notifications screen
    UNSUBSCRIBE = "unsubscribe"  # a marketing mail's one-click link


class MailOff(enum.StrEnum):
    FBL = "fbl"  # the member marked one of our mails as spam
    BOUNCE = "bounce"  # the address does not take mail
    UNSUBSCRIBED = "unsubscribed"  # the member unsubscribed from all mail


class Kind(enum.StrEnum):
    """What happened; each kind has its preference, its mail and/or its push."""

    NEW_CONVERSATION = "new_conversation"
    NEW_MESSAGE = "new_message"
    GIFT = "gift"
    LIKE = "like"
    MATCH = "match"
    UNREAD_REMINDER = "unread_reminder"
    WEEKLY_UPDATE = "weekly_update"
    PAYMENT_RECEIPT = "payment_receipt"


# The preference that allows each kind; None: the member's own business, always sent.
PREFERENCE_OF: Mapping[Kind, str | None] = {
    Kind.NEW_CONVERSATION: "new_conversations",
    Kind.NEW_MESSAGE: "new_messages",
    Kind.GIFT: "new_messages",
    Kind.LIKE: "like",
    Kind.MATCH: "like",
    Kind.UNREAD_REMINDER: "unread_message_reminders",
    Kind.WEEKLY_UPDATE: "weekly_updates",
    Kind.PAYMENT_RECEIPT: None,
}
MAILED = frozenset({Kind.NEW_CONVERSATION, Kind.NEW_MESSAGE, Kind.LIKE, Kind.MATCH,
                    Kind.UNREAD_REMINDER, Kind.WEEKLY_UPDATE, Kind.PAYMENT_RECEIPT})
PUSHED = frozenset({Kind.NEW_CONVERSATION, Kind.NEW_MESSAGE, Kind.GIFT, Kind.LIKE,
                    Kind.MATCH})

# One mail per conversation per this long: a chat in full flow is not a mail per line.
MESSAGE_MAIL_QUIET = timedelta(hours=1)
REMINDER_AFTER = timedelta(hours=24)  # unread this long before a reminder
LOGIN_LINK_LIFETIME = timedelta(hours=24)


@attrs.frozen
class Preferences:
    values: Mapping[str, bool] = attrs.field(factory=lambda: dict(DEFAULTS))

    def allows(self, key: str) -> bool:
        return self.values.get(key, DEFAULTS.get(key, False))

    @property
    def marketing(self) -> bool:
        """Whether the member takes any marketing mail: their consent stands."""
        return any(self.allows(key) for key in MARKETING)

    def changed(self, changes: Mapping[str, bool]) -> Preferences:
        unknown = set(changes) - set(PREFERENCE_KEYS)
        if unknown:
            raise DomainError("invalid_request", detail=sorted(unknown)[0])
        return Preferences({**self.values, **changes})


def marketing_choice(before: Preferences, after: Preferences) -> bool | None:
    """True when a change gives consent to marketing mail (the first kind turned on),
    False when it withdraws it (the last one turned off), None when it stays as it was."""
    if before.marketing == after.marketing:
        return None
    return after.marketing


def may_mail(kind: Kind, preferences: Preferences, mail_off: MailOff | None) -> bool:
    if kind not in MAILED or mail_off is not None:
        return False
    key = PREFERENCE_OF[kind]
    return key is None or preferences.allows(key)


def may_push(kind: Kind, preferences: Preferences) -> bool:
    key = PREFERENCE_OF[kind]
    return kind in PUSHED and (key is None or preferences.allows(key))


def may_mail_account(mail_off: MailOff | None) -> bool:
    """Account mails (asked for by the member) go unless the address bounces."""
    return mail_off is not MailOff.BOUNCE


def delivery_key(kind: Kind, member_id: int, subject_id: int, now: datetime) -> str:
    """The idempotency key of one notification: a job delivered twice finds its key
    taken. Message mails share a key per conversation and quiet period; reminders one
    per day; weekly updates one per ISO week."""
    if kind in (Kind.NEW_MESSAGE, Kind.GIFT):
        slot = int(now.timestamp() // MESSAGE_MAIL_QUIET.total_seconds())
        return f"{kind.value}:{member_id}:{subject_id}:{slot}"
    if kind is Kind.UNREAD_REMINDER:
        return f"{kind.value}:{member_id}:{now.date().isoformat()}"
    if kind is Kind.WEEKLY_UPDATE:
        year, week, _ = now.isocalendar()
        return f"{kind.value}:{member_id}:{year}-W{week:02d}"
    return f"{kind.value}:{member_id}:{subject_id}"


# The push services browsers hand out endpoints of: Chrome, Edge, Opera (FCM), Firefox
# (autopush), Safari (Apple) and older Edge (WNS). The worker POSTs to a member's
# endpoint, so any other host would let a member aim our servers at whatever they like.
PUSH_HOSTS = ("fcm.googleapis.com", "updates.push.services.mozilla.com", "*.push.apple.com",
              "*.notify.windows.com")
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
# A name's last label is letters (or punycode): never 127.1, 2130706433 or 0x7f.1, which
# resolvers read as IP addresses.
_HOST = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]+)")


def _host_matches(host: str, pattern: str) -> bool:
    pattern = pattern.strip().lower()
    if pattern.startswith("*."):
        return host.endswith(pattern[1:])
    return host == pattern


def push_endpoint_allowed(endpoint: str, hosts: Sequence[str], loopback: bool = False) -> bool:
    """Whether the worker may POST pushes to ``endpoint``: https on the default port to a
    host of ``hosts`` ("*.example.com" for its subdomains), by name, without userinfo.
    ``loopback`` (development and tests only) also lets a push service on this machine in."""
    if not endpoint.isascii() or any(c <= " " or c in "\\\x7f" for c in endpoint):
        return False
    parts = urlsplit(endpoint)
    try:
        port = parts.port
    except ValueError:
        return False
    host = parts.hostname or ""
    if "@" in parts.netloc:
        return False
    if loopback and host in LOOPBACK_HOSTS and parts.scheme in ("http", "https"):
        return True
    if parts.scheme != "https" or port not in (None, 443) or not _HOST.fullmatch(host):
        return False
    return any(_host_matches(host, pattern) for pattern in hosts)


@attrs.frozen
class PushPolicy:
    """The push services this deployment sends to (settings PUSH_HOSTS, PUSH_ALLOW_LOOPBACK)."""

    hosts: tuple[str, ...] = PUSH_HOSTS
    loopback: bool = False

    def allows(self, endpoint: str) -> bool:
        return push_endpoint_allowed(endpoint, self.hosts, self.loopback)


@attrs.frozen
class LoginLink:
    """What a login token was made for: one member of one site, one target, once."""

    member_id: int
    site_id: int
    target: str
    expires_at: datetime
    used_at: datetime | None


def check_login_link(link: LoginLink | None, site_id: int, enabled: bool,
                     now: datetime) -> LoginLink:
    if not enabled:
        raise DomainError("login_links_disabled")
    if link is None or link.used_at is not None or now >= link.expires_at \
            or link.site_id != site_id:
        raise DomainError("login_link_invalid")
    return link


def safe_target(path: str) -> str:
    """Only paths on our own site: a link can never send the member elsewhere."""
    if not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/members"
    return path
