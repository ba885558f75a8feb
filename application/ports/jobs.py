"""Background jobs: one record per job, and the ports that take them.

Each record's ``kind`` is its tag in the outbox and on the queue (as a live event's is
on the wire, application.ports.events); adapters.jobs.codec turns a record into its tag
and JSON fields and back. A job's handler is registered by the record's type
(adapters.container), so a job nobody runs is a failing test, not a worker's log line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Protocol

import attrs

# --- mails ---------------------------------------------------------------------------


@attrs.frozen
class SendMail:
    """One e-mail as it is, through the mailer port."""

    kind: ClassVar[str] = "send_mail"
    to: str
    subject: str
    text: str
    html: str | None = None
    sender_name: str | None = None
    headers: dict[str, str] | None = None
    message_id: str | None = None


@attrs.frozen
class AccountMail:
    """An account mail (activation, password reset, a decision, ...) of one member."""

    kind: ClassVar[str] = "account_mail"
    mail: str  # application.account_mails: "activation", "password_reset", ...
    member_id: int
    new_email: str | None = None  # where a changed address's confirmation goes
    target: str | None = None  # what the mail's link opens (an export's file, a decision)


@attrs.frozen
class ErasureMail:
    """The erasure's confirmation: the member's row holds no address or name any more,
    so the job carries them."""

    kind: ClassVar[str] = "erasure_mail"
    member_id: int
    site_id: int
    language: str
    email: str
    name: str
    country: str


@attrs.frozen
class NewDeviceMail:
    """"Was this you?" (issue 33.3): a sign-in from a new device."""

    kind: ClassVar[str] = "new_device_mail"
    session_id: int


@attrs.frozen
class SiteClosedMails:
    """A closed site's members, a batch at a time after ``after`` (issue 32.5)."""

    kind: ClassVar[str] = "site_closed_mails"
    site_id: int
    after: int


@attrs.frozen
class NoticeMail:
    """A notice's acknowledgement or outcome to whoever filed it."""

    kind: ClassVar[str] = "notice_mail"
    mail: str  # application.notice_mails: NOTICE_RECEIVED or NOTICE_OUTCOME
    complaint_id: int


@attrs.frozen
class WithdrawalMail:
    kind: ClassVar[str] = "withdrawal_mail"
    order_id: int


# --- money, data and files -----------------------------------------------------------


@attrs.frozen
class WithdrawalRefund:
    """A withdrawal's money back through the gateway, until it takes it."""

    kind: ClassVar[str] = "withdrawal_refund"
    order_id: int


@attrs.frozen
class BuildExport:
    """A copy of the member's data, mailed as a link when built."""

    kind: ClassVar[str] = "build_export"
    member_id: int


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen
class DeleteFiles:
    """Image and export files of deleted photos and erased accounts (twice is harmless)."""

    kind: ClassVar[str] = "delete_files"
    names: tuple[str, ...] = attrs.field(converter=_names)


@attrs.frozen
class SandboxWebhook:
    """What Mollie does, for the payment sandbox: call the shop's webhook."""

    kind: ClassVar[str] = "sandbox_webhook"
    url: str
    payment_id: str


# --- notifications (issue 8): mail and push to one member about one thing ------------


@attrs.frozen
class MessageNotice:
    """A message (new conversation, message or gift) for ``member_id``."""

    kind: ClassVar[str] = "notify_message"
    member_id: int
    sender: int
    conversation: int
    message: int
    gift: str | None = None


@attrs.frozen
class LikeNotice:
    kind: ClassVar[str] = "notify_like"
    member_id: int
    liker: int


@attrs.frozen
class MatchNotice:
    kind: ClassVar[str] = "notify_match"
    member_id: int
    other: int


@attrs.frozen
class ReceiptNotice:
    """A paid order's receipt."""

    kind: ClassVar[str] = "notify_payment_receipt"
    member_id: int
    order_id: int


@attrs.frozen
class UnreadReminder:
    kind: ClassVar[str] = "notify_unread_reminder"
    member_id: int
    count: int


@attrs.frozen
class WeeklyUpdate:
    kind: ClassVar[str] = "notify_weekly_update"
    member_id: int


Notification = (MessageNotice | LikeNotice | MatchNotice | ReceiptNotice | UnreadReminder
                | WeeklyUpdate)
NOTIFICATIONS: tuple[type[Notification], ...] = (
    MessageNotice, LikeNotice, MatchNotice, ReceiptNotice, UnreadReminder, WeeklyUpdate)


# --- periodic (adapters.jobs.scheduler) -----------------------------------------------


@attrs.frozen
class EraseExpiredAccounts:
    kind: ClassVar[str] = "erase_expired_accounts"


@attrs.frozen
class RemindUnread:
    """Members with messages unread for a day: an UnreadReminder each."""

    kind: ClassVar[str] = "remind_unread"


@attrs.frozen
class WeeklyUpdates:
    """Everyone who opted in: a WeeklyUpdate each."""

    kind: ClassVar[str] = "weekly_updates"


@attrs.frozen
class PurgeNotifications:
    kind: ClassVar[str] = "purge_notifications"


@attrs.frozen
class PurgeExports:
    """Copies of members' data whose mailed link expired unused."""

    kind: ClassVar[str] = "purge_exports"


@attrs.frozen
class PurgeOpenerFingerprints:
    """The scam shield's, older than two days (issue 31.2)."""

    kind: ClassVar[str] = "purge_opener_fingerprints"


Job = (SendMail | AccountMail | ErasureMail | NewDeviceMail | SiteClosedMails | NoticeMail
       | WithdrawalMail | WithdrawalRefund | BuildExport | DeleteFiles | SandboxWebhook
       | Notification | EraseExpiredAccounts | RemindUnread | WeeklyUpdates
       | PurgeNotifications | PurgeExports | PurgeOpenerFingerprints)
JOBS: tuple[type[Job], ...] = (
    SendMail, AccountMail, ErasureMail, NewDeviceMail, SiteClosedMails, NoticeMail,
    WithdrawalMail, WithdrawalRefund, BuildExport, DeleteFiles, SandboxWebhook,
    *NOTIFICATIONS, EraseExpiredAccounts, RemindUnread, WeeklyUpdates, PurgeNotifications,
    PurgeExports, PurgeOpenerFingerprints)
JOB_OF: dict[str, type[Job]] = {job.kind: job for job in JOBS}


class JobOutbox(Protocol):
    """Background jobs written in the unit of work: they run only if it commits, and
    they run (at least once) even if the process dies right after the commit."""

    def add(self, job: Job) -> None: ...


class TaskQueue(Protocol):
    """Background work outside a unit of work (the scheduler, a job that fans out)."""

    def enqueue(self, job: Job) -> None: ...
