"""Jobs as records (issue 35.3): every record reads back as written, through the JSON the
outbox and the queue keep; every record has a handler and every handler a record; every
notification says something; and a tag nobody knows is an error, never a guess."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.container import Container
from adapters.jobs.codec import UnknownJob, job_json, job_of
from application.ports.jobs import JOB_OF, JOBS, NOTIFICATIONS, DeleteFiles, Job
from application.shared.deliveries import DESCRIBE

# Field types as classes, not the strings `from __future__ import annotations` leaves.
any_job = st.one_of(*(st.builds(attrs.resolve_types(kind)) for kind in JOBS))


def _stored(fields: Any) -> Any:
    """What a JSON column gives back."""
    return json.loads(json.dumps(fields))


@given(any_job)
def test_every_job_reads_back_from_its_tag_and_fields(job: Job) -> None:
    tag, fields = job_json(job)
    assert tag == job.kind and job_of(tag, _stored(fields)) == job


@given(any_job)
def test_every_job_reads_back_from_the_positional_form_of_old(job: Job) -> None:
    """Rows and messages written before jobs were records: the arguments in field order."""
    _, fields = job_json(job)
    assert job_of(job.kind, _stored(list(fields.values()))) == job


def test_each_record_has_its_own_tag_and_a_handler_and_each_handler_a_record(
        container: Container) -> None:
    assert len(JOB_OF) == len(JOBS) and all(JOB_OF[kind.kind] is kind for kind in JOBS)
    assert set(container.tasks().handlers) == set(JOBS)
    assert all(attrs.has(kind) for kind in JOBS)


def test_every_notification_is_a_job_and_has_something_to_say() -> None:
    assert set(NOTIFICATIONS) <= set(JOBS)
    assert set(DESCRIBE) == set(NOTIFICATIONS)


def test_the_notify_job_of_old_becomes_the_notification_its_kind_names() -> None:
    kinds = {"new_message": {"sender": 1, "conversation": 2, "message": 3, "gift": None},
             "new_conversation": {"sender": 1, "conversation": 2, "message": 3},
             "gift": {"sender": 1, "conversation": 2, "message": 3, "gift": "rose"},
             "like": {"member": 1}, "match": {"member": 1}, "payment_receipt": {"order": 4},
             "unread_reminder": {"count": 2}, "weekly_update": {}}
    read = {kind: job_of("notify", [kind, 9, refs]) for kind, refs in kinds.items()}
    assert all(isinstance(job, NOTIFICATIONS) and job.member_id == 9 for job in read.values())
    assert {type(job) for job in read.values()} == set(NOTIFICATIONS)


@pytest.mark.parametrize(("tag", "fields"), [
    ("acount_mail", {"mail": "activation", "member_id": 1}),  # a typo
    ("account_mail", {"mail": "activation"}),  # no member
    ("account_mail", {"mail": "activation", "member_id": "one"}),
    ("notify", ["birthday", 1, {}]),
    ("notify", ["like", 1, {}]),
])
def test_what_no_record_takes_is_refused_by_name(tag: str, fields: Any) -> None:
    with pytest.raises(UnknownJob, match=tag):
        job_of(tag, fields)


def test_a_list_of_names_is_kept_as_a_tuple() -> None:
    assert DeleteFiles(["a.jpg", "b.jpg"]).names == ("a.jpg", "b.jpg")
    assert job_of("delete_files", [["a.jpg"]]) == DeleteFiles(("a.jpg",))
