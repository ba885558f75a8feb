"""A job as its tag and JSON fields, and back: how the outbox table and the queue keep it.

The outbox row's ``name`` is the job's tag and its ``args`` the record's fields as a JSON
object. Rows and queued messages written before jobs were records (up to issue 35.3) hold
the same tag with the fields as a JSON array, in the record's field order; they still
read, and the ``notify`` job of those days becomes the notification its kind names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import cattrs

from application.ports.jobs import (
    JOB_OF,
    Job,
    LikeNotice,
    MatchNotice,
    MessageNotice,
    ReceiptNotice,
    UnreadReminder,
    WeeklyUpdate,
)

_converter = cattrs.Converter()


class UnknownJob(LookupError):
    """A tag no record has, or fields its record cannot take."""


def job_json(job: Job) -> tuple[str, dict[str, Any]]:
    """The job's tag and fields, as the outbox and the queue keep them."""
    fields: dict[str, Any] = _converter.unstructure(job)
    return job.kind, fields


def job_of(tag: str, fields: Mapping[str, Any] | Sequence[Any]) -> Job:
    """The job back from its tag and fields (an object; an array in rows of old)."""
    try:
        if isinstance(fields, Mapping):
            named = dict(fields)
        elif tag == "notify":
            return _old_notification(*fields)
        else:  # by the record's field order
            named = dict(zip((field.name for field in attrs.fields(JOB_OF[tag])), fields,
                             strict=False))
        job: Job = _converter.structure(named, JOB_OF[tag])
    except (KeyError, TypeError, ValueError, cattrs.BaseValidationError) as error:
        raise UnknownJob(f"no job {tag!r} with fields {fields!r}: {error}") from error
    return job


def _old_notification(kind: str, member_id: int, refs: Mapping[str, Any]) -> Job:
    """The ``notify`` job as application.shared.outbox wrote it before (kind, member,
    references)."""
    match kind:
        case "new_message" | "new_conversation" | "gift":
            return MessageNotice(member_id, int(refs["sender"]), int(refs["conversation"]),
                                 int(refs["message"]), refs.get("gift"))
        case "like":
            return LikeNotice(member_id, int(refs["member"]))
        case "match":
            return MatchNotice(member_id, int(refs["member"]))
        case "payment_receipt":
            return ReceiptNotice(member_id, int(refs["order"]))
        case "unread_reminder":
            return UnreadReminder(member_id, int(refs["count"]))
        case "weekly_update":
            return WeeklyUpdate(member_id)
    raise KeyError(kind)
