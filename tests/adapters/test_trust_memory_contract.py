"""The trust repository in memory answers as the SQL one does (issue 31.2): opener
fingerprints kept, read by sender and time and pruned, conversations started since a
moment, and the distinct members whose reports count (open or upheld, not dismissed, not a
visitor's)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from application.ports.complaints import NewComplaint
from application.ports.unit_of_work import UnitOfWork
from domain.mass_openers import signature
from tests.adapters.test_memory_contract import T0, _people, same_in_memory
from tests.conftest import UowFactory


def _report(work: UnitOfWork, reporter: int | None, member: int, minutes: int) -> int:
    return work.complaints.add(NewComplaint(
        site_id=1, reporter_id=reporter, email=None if reporter else "v@example.com",
        category="spam", text="Sends the same text to everyone.", member_id=member,
        message_id=None, status="open", created_at=T0 + timedelta(minutes=minutes)))


def test_trust(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob, cat, dan, eve = _people(work, "Ann", "Bob", "Cat", "Dan", "Eve")
        script = signature("Hello, I am a widowed engineer looking for honest true love")
        other = signature("Do you climb too? Which crag do you like best near Utrecht?")
        for n, (recipient, fingerprint) in enumerate([(bob, script), (cat, other),
                                                      (dan, script)]):
            work.trust.add_opener(ann.id, recipient.id, fingerprint, T0 + timedelta(hours=n))
        work.trust.add_opener(bob.id, ann.id, other, T0)
        read = (work.trust.openers_since(ann.id, T0), work.trust.openers_since(ann.id, T0 +
                timedelta(hours=1)), work.trust.openers_since(eve.id, T0))
        pruned = (work.trust.prune_openers(T0 + timedelta(hours=1), ann.id),
                  work.trust.openers_since(bob.id, T0),
                  work.trust.prune_openers(T0 + timedelta(hours=5)),
                  work.trust.openers_since(ann.id, T0))
        for n, recipient in enumerate((bob, cat, dan)):
            chat = work.chats.start(ann.id, recipient.id, T0 + timedelta(hours=n))
            work.chats.add_message(chat, ann.id, "hi", T0 + timedelta(hours=n), 0, True)
            if recipient is bob:  # a later message is no new conversation
                work.chats.add_message(chat, bob.id, "hey", T0 + timedelta(hours=9), 0, True)
        work.chats.add_message(work.chats.start(eve.id, ann.id, T0 + timedelta(hours=4)),
                               eve.id, "hello", T0 + timedelta(hours=4), 0, True)
        started = [work.trust.started_since(ann.id, T0 + timedelta(hours=h)) for h in (0, 1, 3)]
        reports = [_report(work, bob.id, ann.id, 1), _report(work, bob.id, ann.id, 2),
                   _report(work, cat.id, ann.id, 3), _report(work, dan.id, ann.id, 4),
                   _report(work, None, ann.id, 5), _report(work, ann.id, eve.id, 6)]
        counted = [work.trust.reporters_against(ann.id)]
        work.complaints.resolve(reports[2], "fine", T0, "no_action")
        work.complaints.resolve(reports[3], "upheld", T0, "action_taken")
        counted += [work.trust.reporters_against(ann.id), work.trust.reporters_against(eve.id),
                    work.trust.reporters_against(cat.id)]
        return read, pruned, started, counted
    same_in_memory(uow, scenario)
