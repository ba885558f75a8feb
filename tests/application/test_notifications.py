"""The notifier on in-memory ports: which events become mails and pushes, each delivered
once however often its job runs, dead subscriptions dropped, reminders and weekly
updates. The settings: test_notification_settings.py."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.mail.texts import JsonMailTexts
from application.chat import Chat
from application.likes import Likes
from application.ports.events import NewLike, UnreadCount
from application.ports.jobs import Job, LikeNotice, ReceiptNotice, UnreadReminder, WeeklyUpdate
from application.shared.outbox import notification_for
from domain.members import AccountStatus, Member
from domain.notifications import PREFERENCE_KEYS, MailOff
from domain.orders import Order, OrderStatus
from tests.application.mailroom import FCM, post, subscribe
from tests.application.memory import MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, Bus, factory, give_credits


def test_a_message_mails_and_pushes_the_recipient_once_however_often_the_job_runs() -> None:
    p = post()
    subscribe(p, p.bob, "bob")
    Chat(factory(p.store), p.clock, Bus()).send(p.ann, p.bob.id, "hi")
    job = p.store.jobs[0]
    p.run()
    p.store.jobs = [job]
    p.run()  # delivered again: its keys are taken
    [mail] = p.outbox.sent
    assert mail["to"] == "bob@example.com" and mail["subject"] == "new_conversation:nl"
    assert mail["text"].startswith("https://amora.test/token-")  # a login link
    assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    [(endpoint, payload)] = p.pushes.delivered
    assert endpoint == FCM + "bob"
    assert payload["badge"] == 1 and payload["kind"] == "new_conversation"


def test_preferences_and_mail_off_decide_what_goes_out() -> None:
    p = post()
    subscribe(p, p.bob, "bob")
    p.settings.update(p.bob, {"like": False}, None, mail_on=False)
    Likes(factory(p.store), p.clock, Bus()).like(p.ann, p.bob.id)
    p.run()
    assert not p.outbox.sent and not p.pushes.delivered
    p.settings.set_mail_off(p.bob.id, MailOff.BOUNCE, actor="mailer")
    p.settings.update(p.bob, {"like": True}, None, mail_on=False)
    p.notifier.notify(LikeNotice(p.bob.id, p.ann.id))
    assert not p.outbox.sent and len(p.pushes.delivered) == 1  # push only: mail is off
    assert p.store.audit[-1]["details"] == {"reason": "bounce"}


@pytest.mark.parametrize("change", [{"status": AccountStatus.NOT_CONFIRMED},
                                    {"status": AccountStatus.BANNED}, {"is_fictional": True}])
def test_who_is_never_mailed(change: dict[str, object]) -> None:
    p = post()
    p.store.members[p.bob.id] = attrs.evolve(p.bob, **change)  # type: ignore[arg-type]
    p.notifier.notify(LikeNotice(p.bob.id, p.ann.id))
    assert not p.outbox.sent


def test_a_gone_subscription_is_dropped_and_a_failing_one_retried_alone() -> None:
    p = post()
    for name in ("gone", "flaky", "fine"):
        subscribe(p, p.bob, name)
    p.pushes.gone.add(FCM + "gone")
    p.pushes.failing.add(FCM + "flaky")
    with pytest.raises(ConnectionError):
        p.notifier.notify(LikeNotice(p.bob.id, p.ann.id))
    assert FCM + "gone" not in p.store.pushes and len(p.outbox.sent) == 1
    p.pushes.failing.clear()
    p.notifier.notify(LikeNotice(p.bob.id, p.ann.id))  # the job's retry
    assert [endpoint for endpoint, _ in p.pushes.delivered] == [FCM + "fine", FCM + "flaky"]
    assert len(p.outbox.sent) == 1


def test_unread_reminders_and_weekly_updates_find_their_members() -> None:
    p = post()
    Chat(factory(p.store), p.clock, Bus()).send(p.ann, p.bob.id, "hi")
    p.store.jobs.clear()
    queued: list[Job] = []
    assert p.notifier.remind_unread(queued.append) == 0  # not a day yet
    p.clock.current += timedelta(hours=25)
    assert p.notifier.remind_unread(queued.append) == 1
    [reminder] = queued
    assert reminder == UnreadReminder(p.bob.id, 1) and isinstance(reminder, UnreadReminder)
    p.notifier.notify(reminder)
    assert p.outbox.sent[-1]["subject"] == "unread_reminder:nl"
    weekly: list[Job] = []
    for member in (p.ann, p.bob):
        p.settings.update(member, {"weekly_updates": True}, None, mail_on=False)
    assert p.notifier.weekly_updates(weekly.append) == 2
    p.notifier.notify(WeeklyUpdate(p.ann.id))
    p.notifier.notify(WeeklyUpdate(p.ann.id))  # once per week
    assert [m["subject"] for m in p.outbox.sent].count("weekly_update:nl") == 1


def test_no_marketing_mail_goes_to_a_member_who_did_not_opt_in() -> None:
    """Issue 29.7: the weekly update (the one marketing mail sent so far) is neither
    queued for nor mailed to a member who never said yes, nor after they said no."""
    p = post()
    queued: list[Job] = []
    assert p.notifier.weekly_updates(queued.append) == 0
    p.notifier.notify(WeeklyUpdate(p.ann.id))  # a job queued before, say
    assert not p.outbox.sent
    p.settings.update(p.ann, {"weekly_updates": True}, None, mail_on=False)
    assert p.notifier.weekly_updates(queued.append) == 1
    [update] = queued
    assert update == WeeklyUpdate(p.ann.id) and isinstance(update, WeeklyUpdate)
    p.settings.update(p.ann, {"weekly_updates": False}, None, mail_on=False)
    p.notifier.notify(update)
    assert not p.outbox.sent


def test_old_delivery_keys_are_purged() -> None:
    p = post()
    p.notifier.notify(LikeNotice(p.bob.id, p.ann.id))
    p.clock.current += timedelta(days=91)
    assert p.notifier.purge() == 2 and not p.store.sent  # the mail's key and the push's


def test_only_news_for_a_member_on_their_own_channel_becomes_a_job() -> None:
    assert notification_for("member:2", NewLike(member=1)) == LikeNotice(2, 1)
    assert notification_for("site:1", NewLike(member=1)) is None
    assert notification_for("member:2", UnreadCount(3)) is None


@settings(max_examples=40, deadline=None)
@given(preferences=st.fixed_dictionaries({key: st.booleans() for key in PREFERENCE_KEYS}),
       off=st.sampled_from([None, *MailOff]))
def test_a_like_is_mailed_exactly_when_the_preference_and_mail_allow_it(
        preferences: dict[str, bool], off: MailOff | None) -> None:
    p = post()
    subscribe(p, p.bob, "bob")
    p.store.notifications[p.bob.id] = (preferences, off.value if off else None)
    p.notifier.notify(LikeNotice(p.bob.id, p.ann.id))
    assert bool(p.outbox.sent) == (preferences["like"] and off is None)
    assert bool(p.pushes.delivered) == preferences["like"]


def test_message_mails_come_once_per_conversation_and_hour_pushes_per_message() -> None:
    p = post(free_messages=5)
    subscribe(p, p.bob, "bob")
    chat = Chat(factory(p.store), p.clock, Bus())
    for text in ("hi", "are you there?", "Bob?"):
        chat.send(p.ann, p.bob.id, text)
        p.run()
    assert [m["subject"] for m in p.outbox.sent] == ["new_conversation:nl", "new_message:nl"]
    assert [payload["kind"] for _, payload in p.pushes.delivered] == [
        "new_conversation", "new_message", "new_message"]
    p.clock.current += timedelta(hours=1)
    chat.send(p.ann, p.bob.id, "hello?")
    p.run()
    assert [m["subject"] for m in p.outbox.sent][2:] == ["new_message:nl"]


def test_a_gift_is_pushed_a_match_told_and_a_receipt_mailed_whatever_the_preferences() -> None:
    p = post(gift_credits=1)
    subscribe(p, p.bob, "bob")
    give_credits(p.store, p.ann, 5)
    Chat(factory(p.store), p.clock, Bus()).send_gift(p.ann, p.bob.id, "rose")
    likes = Likes(factory(p.store), p.clock, Bus())
    likes.like(p.bob, p.ann.id)
    likes.like(p.ann, p.bob.id)
    p.run()
    assert [payload["kind"] for _, payload in p.pushes.delivered] == ["gift", "match"]
    to_bob = [m["subject"] for m in p.outbox.sent if m["to"] == "bob@example.com"]
    assert to_bob == ["match:nl"]  # gifts are not mailed
    p.settings.update(p.bob, dict.fromkeys(PREFERENCE_KEYS, False), None, mail_on=False)
    order = _paid_order(p.store, p.bob)
    p.notifier.notify(ReceiptNotice(p.bob.id, order))
    assert p.outbox.sent[-1]["subject"] == "payment_receipt:nl" and len(p.pushes.delivered) == 2
    mails = len(p.outbox.sent)
    p.notifier.notify(ReceiptNotice(p.ann.id, order))  # not Ann's
    assert len(p.outbox.sent) == mails


RECEIPT_DATES = {"da": "28. november 2026", "de": "28. November 2026",
                 "en": "28 November 2026", "es": "28 de noviembre de 2026",
                 "fi": "28. marraskuuta 2026", "fr": "28 novembre 2026",
                 "it": "28 novembre 2026", "nb": "28. november 2026",
                 "nl": "28 november 2026", "pl": "28 listopada 2026",
                 "sv": "28 november 2026"}


@pytest.mark.parametrize("language", sorted(RECEIPT_DATES))
def test_a_receipt_writes_the_day_of_payment_as_the_members_language_does(language: str) -> None:
    """Issue 29: the receipt said 2026-11-28 in every language."""
    p = post()
    notifier = attrs.evolve(p.notifier, texts=JsonMailTexts())
    with MemoryUnitOfWork(p.store) as uow:
        uow.members.save(p.bob, attrs.evolve(p.bob, language=language))
        uow.commit()
    order = _paid_order(p.store, p.bob, paid_at=NOW + timedelta(days=7))
    notifier.notify(ReceiptNotice(p.bob.id, order))
    text = p.outbox.sent[-1]["text"]
    assert RECEIPT_DATES[language] in text and "2026-11-28" not in text


def _paid_order(store: MemoryStore, member: Member,
                paid_at: datetime = NOW) -> int:
    with MemoryUnitOfWork(store) as uow:
        order = uow.orders.add(Order(id=0, member_id=member.id, site_id=1, bundle_id=1,
                                     credits=100, amount=1000, currency="EUR",
                                     method="ideal", status=OrderStatus.PAID,
                                     created_at=NOW, paid_at=paid_at))
        uow.commit()
    return order.id
