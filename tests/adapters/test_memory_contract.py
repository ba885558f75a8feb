"""The in-memory adapters (tests/application/memory*.py) answer as the SQL ones do: each
scenario runs once on SQLite or PostgreSQL and once in memory, and both must tell the
same. This is what lets the use-case tests trust their fakes on lists' visibility and
order, unique keys, counters and what a hidden chat still shows."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import attrs

from application.ports.complaints import NewComplaint
from application.ports.direct_debit import BankMandate
from application.ports.discovery import SearchQuery
from application.ports.shop import Refund
from application.ports.unit_of_work import UnitOfWork
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.members import AccountStatus, Member, Profile, ProfileStatus
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle, DiscountCode
from tests.application.memory import MemoryStore, MemoryUnitOfWork
from tests.conftest import UowFactory, sample_company, sample_site

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
Scenario = Callable[[UnitOfWork], Any]


def same_in_memory(sql: Callable[[], UnitOfWork], scenario: Scenario) -> None:
    """The scenario's answers (a tuple of them) on the database and in memory, compared
    one by one so that a difference names the answer it is in."""
    with sql() as work:
        on_sql = scenario(work)
    with MemoryUnitOfWork(MemoryStore()) as work:
        in_memory = scenario(work)
    assert len(in_memory) == len(on_sql)
    for number, (memory_answer, sql_answer) in enumerate(zip(in_memory, on_sql, strict=True)):
        assert memory_answer == sql_answer, f"answer {number} differs"


def _people(work: UnitOfWork, *names: str, **changes: Any) -> list[Member]:
    if work.sites.default() is None:
        work.sites.add(sample_site(work.companies.add(sample_company()).id))
    added = []
    for n, name in enumerate(names):
        member = Member(id=0, site_id=1, email=f"{name.lower()}@example.com",
                        status=AccountStatus.ACTIVE, language="nl",
                        created_at=T0 + timedelta(minutes=n),
                        profile=Profile(name=name, gender="male" if n % 2 else "female",
                                        birth_date=date(1990, 1, 1 + n), country="NL"))
        added.append(work.members.add(attrs.evolve(member, **changes.get(name, {}))))
    return added


def _member_changed(work: UnitOfWork, member: Member, **changes: Any) -> None:
    work.members.save(member, attrs.evolve(member, **changes))


def test_chats(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob, cat, dan, eve = _people(work, "Ann", "Bob", "Cat", "Dan", "Eve")
        with_bob = work.chats.start(ann.id, bob.id, T0)
        with_cat = work.chats.start(cat.id, ann.id, T0)
        with_dan = work.chats.start(ann.id, dan.id, T0)
        with_eve = work.chats.start(ann.id, eve.id, T0)
        sent = []
        for n, (chat, sender) in enumerate([(with_bob, ann), (with_cat, cat), (with_bob, bob),
                                            (with_dan, dan), (with_bob, ann)]):
            sent.append(work.chats.add_message(chat, sender.id, f"m{n}", T0, 0, n < 2,
                                               key=f"k{n}"))
        work.photos.add(bob.id, "b.jpg", "b_t.jpg", True, "active", T0)
        work.photos.add(cat.id, "c.jpg", "c_t.jpg", True, "pending", T0)
        work.chats.add_message(with_eve, eve.id, "hi", T0 - timedelta(days=1), 0, False)
        listed_while_active = len(work.chat_queries.chats_of(ann.id))
        _member_changed(work, eve, status=AccountStatus.BANNED)
        before_hiding = work.chat_queries.chats_of(ann.id)
        work.chats.hide(with_cat, ann.id)
        work.chats.mark_read(with_bob, bob.id)
        work.discovery.block(dan.id, ann.id, T0)
        history = [work.chat_queries.history(with_bob, ann.id, before, 2, oldest)
                   for before, oldest in [(None, None), (sent[4].id, None), (None, sent[2].id),
                                          (None, None)]]
        return (listed_while_active, before_hiding, work.chat_queries.chats_of(ann.id),
                work.chat_queries.chats_of(cat.id), history,
                work.chat_queries.history(with_cat, ann.id, None, 10, None),
                work.chat_queries.history(with_bob, cat.id, None, 10, None),
                [work.chat_queries.oldest_kept(with_bob, keep) for keep in (0, 1, 3, 4)],
                [work.chat_queries.unread_total(m.id) for m in (ann, bob, cat, dan)],
                work.chats.started_by(ann.id), work.chats.free_messages_used(ann.id),
                work.chats.sent_with_key(ann.id, "k0"), work.chats.sent_with_key(bob.id, "k0"),
                work.chats.has_written(with_bob, bob.id), work.chats.has_written(with_cat, ann.id),
                work.chats.between(cat.id, ann.id), work.chats.get(999),
                # One per pair. Last: PostgreSQL spends an id on the insert it skips.
                work.chats.start(bob.id, ann.id, T0) == with_bob)
    same_in_memory(uow, scenario)


def test_the_shields_flags_and_waiting_messages(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob, cat = _people(work, "Ann", "Bob", "Cat")
        with_bob, with_cat = work.chats.start(ann.id, bob.id, T0), \
            work.chats.start(ann.id, cat.id, T0)
        work.chats.add_message(with_bob, ann.id, "whatsapp me", T0, 0, True,
                               flags=("messenger",))
        work.chats.add_message(with_cat, ann.id, "send money", T0 + timedelta(hours=2), 0,
                               False, flags=("money_request", "transfer_service"), held=True)
        work.chats.add_message(with_bob, ann.id, "still there?", T0 + timedelta(hours=3), 0,
                               False, held=True)
        seen = (work.chat_queries.history(with_bob, bob.id, None, 10, None),
                work.chat_queries.history(with_bob, ann.id, None, 10, None),
                work.chat_queries.chats_of(cat.id), work.chat_queries.chats_of(bob.id),
                [work.chat_queries.unread_total(m.id) for m in (ann, bob, cat)],
                work.chats.flags_sent_since(ann.id, T0 + timedelta(hours=1)),
                work.chat_queries.flagged_since(T0, 10),
                work.chat_queries.waiting_of(ann.id, 1))
        released = work.chats.release_held(ann.id)
        return (*seen, released, work.chats.release_held(ann.id),
                work.chat_queries.history(with_cat, cat.id, None, 10, None),
                [work.chat_queries.unread_total(m.id) for m in (ann, bob, cat)])
    same_in_memory(uow, scenario)


def test_likes_and_swipes(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob, cat, dan, eve, fay, gus = _people(
            work, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus",
            Cat={"invisible": True}, Eve={"status": AccountStatus.NOT_CONFIRMED},
            Fay={"status": AccountStatus.NOT_CONFIRMED,
                 "profile": Profile(name="Fay", gender="female", birth_date=date(1990, 1, 1),
                                    country="NL", status=ProfileStatus.DISABLED)})
        for n, (liker, liked) in enumerate([(bob, ann), (cat, ann), (ann, cat), (dan, ann),
                                            (eve, ann), (fay, ann), (gus, ann), (ann, bob),
                                            (ann, dan)]):
            work.likes.add(liker.id, liked.id, T0 + timedelta(minutes=n % 3), n % 2 == 0)
        work.likes.add(bob.id, ann.id, T0 + timedelta(hours=1), True)  # kept: the first
        work.likes.update(bob.id, ann.id, is_new=False)
        work.likes.update(dan.id, ann.id, modal_shown=True)
        work.discovery.block(ann.id, gus.id, T0)
        lists = (work.like_queries.given(ann.id), work.like_queries.received(ann.id),
                 work.like_queries.new_likes(ann.id), work.like_queries.next_for_modal(ann.id),
                 work.like_queries.given(cat.id))
        work.likes.remove(cat.id, ann.id)
        for n, target in enumerate((bob, cat, dan)):
            work.likes.swipe(ann.id, target.id, n != 1, T0 + timedelta(hours=n))
        return (lists, work.like_queries.given(ann.id), work.likes.get(cat.id, ann.id),
                work.likes.get(bob.id, ann.id), work.likes.swiped(ann.id, cat.id),
                work.likes.swiped(cat.id, ann.id),
                work.likes.swipe_likes_between(ann.id, T0, T0 + timedelta(hours=2)),
                work.like_queries.next_for_modal(bob.id),
                sorted(work.likes.liked_among(ann.id, [bob.id, cat.id, dan.id, eve.id, 999])),
                work.likes.liked_among(ann.id, []))
    same_in_memory(uow, scenario)


def test_search_candidates_and_blocks(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, *others = _people(work, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay",
                               Dan={"status": AccountStatus.BANNED}, Eve={"invisible": True})
        bob, cat = others[0], others[1]
        work.photos.add(bob.id, "b.jpg", "b_t.jpg", True, "active", T0)
        work.likes.add(ann.id, bob.id, T0, False)
        work.likes.swipe(ann.id, cat.id, False, T0)
        work.discovery.block(others[4].id, ann.id, T0)
        query = SearchQuery(site_ids=(1,), viewer_id=ann.id, born_from=date(1980, 1, 1),
                            born_until=date(2000, 1, 1))
        return ([work.discovery.search(q, 10, 0) for q in (
                    query, attrs.evolve(query, gender="male"),
                    attrs.evolve(query, before_id=cat.id), attrs.evolve(query, exclude=(bob.id,)),
                    attrs.evolve(query, viewer_id=None))],
                work.discovery.count(query, 1), work.discovery.search(query, 1, 1),
                work.discovery.candidates(attrs.evolve(query, not_liked=True, not_swiped=True),
                                          10),
                work.discovery.blocks(others[4].id, ann.id), work.discovery.blocks(ann.id, bob.id))
    same_in_memory(uow, scenario)


def test_ledger(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        [ann] = _people(work, "Ann")
        booked = [work.ledger.apply(ann.id, kind, change, key, "r", T0) for kind, change, key in [
            (EntryKind.GRANT, 10, "a"), (EntryKind.MESSAGE, -11, "b"),
            (EntryKind.MESSAGE, -10, "c"), (EntryKind.GRANT, 5, "d")]]
        return (booked, work.ledger.balance(ann.id), work.ledger.balance(999),
                work.ledger.find(ann.id, "c"), work.ledger.find(ann.id, "b"),
                work.ledger.entries(ann.id, limit=2))
    same_in_memory(uow, scenario)


def test_orders_codes_and_bundles(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob = _people(work, "Ann", "Bob")
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="EUR") for c, p in ((50, 500), (10, 200))])
        work.bundles.replace(1, "USD", [Bundle(id=0, site_id=1, credits=9, price=900,
                                               currency="USD")])
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=20, price=300,
                                               currency="EUR")])
        for name in ("SPRING", "AUTUMN"):
            work.discount_codes.add(DiscountCode(code=name, value_percentage=Decimal("12.5")),
                                    T0)
        kept = work.discount_codes.keep(DiscountCode(code="SPRING", value_percentage=Decimal(1)),
                                        T0)
        order = Order(id=0, member_id=ann.id, site_id=1, bundle_id=1, credits=50, amount=437,
                      currency="EUR", method="ideal", discount_code="SPRING",
                      reserved_code="SPRING", created_at=T0, country="DE",
                      geoip_country="DE", profile_country="NL")
        first = work.orders.add(order)
        second = work.orders.add(attrs.evolve(order, member_id=bob.id, method="directdebit"))
        work.orders.set_payment(first.id, "tr_1", "https://pay/1")
        moves = [work.orders.advance(first.id, before, after, T0 + timedelta(hours=1))
                 for before, after in [(OrderStatus.PENDING, OrderStatus.PAID),
                                       (OrderStatus.OPEN, OrderStatus.PAID),
                                       (OrderStatus.PAID, OrderStatus.REFUNDED)]]
        work.orders.advance(second.id, OrderStatus.OPEN, OrderStatus.FAILED, None)
        third = work.orders.add(attrs.evolve(order, member_id=bob.id))  # the code is free
        work.member_flags.add(ann.id, "x", {"order": 1}, T0)
        work.member_flags.add(ann.id, "y", {}, T0)
        work.member_flags.remove(ann.id, "x")
        seen = (work.bundles.of_site(1), work.bundles.of_site(1, "USD"), kept,
                work.discount_codes.all(), moves, work.orders.get(first.id),
                work.orders.by_payment("sandbox", "tr_1"), work.orders.get(third.id),
                work.discount_codes.used_by(ann.id, "SPRING"),
                work.discount_codes.used_by(bob.id, "AUTUMN"),
                work.orders.last_paid(ann.id),
                work.orders.holding(ann.id, "SPRING"), work.orders.holding(bob.id, "SPRING"),
                work.orders.holding(ann.id, "AUTUMN"),
                work.orders.count_by_method_since(bob.id, "directdebit", T0),
                work.shop_queries.orders_of(bob.id), work.shop_queries.recent_orders(1, "open", 5),
                work.shop_queries.code_figures(), work.member_flags.of_member(ann.id))
        try:  # last: on PostgreSQL the clash ends the transaction
            work.orders.add(attrs.evolve(order, id=0, amount=1, member_id=bob.id))
        except DomainError as refused:
            return seen, refused.code
        return seen, None
    same_in_memory(uow, scenario)


def test_refunds_and_price_lists(uow: UowFactory) -> None:
    """Issue 32.4: a bundle given again keeps its id; refunds add up to at most the
    amount; orders listed by member and time."""
    def scenario(work: UnitOfWork) -> Any:
        ann, bob = _people(work, "Ann", "Bob")
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="EUR") for c, p in ((10, 200), (50, 500))])
        first = work.bundles.of_site(1, "EUR")
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=5, price=100,
                                               currency="EUR"), first[1],
                                        attrs.evolve(first[0], price=250)])
        order = work.orders.add(Order(id=0, member_id=ann.id, site_id=1, bundle_id=1,
                                      credits=50, amount=500, currency="EUR", method="ideal",
                                      created_at=T0))
        later = work.orders.add(attrs.evolve(order, member_id=bob.id,
                                             created_at=T0 + timedelta(days=1)))
        totals = [work.orders.give_back(order.id, cents) for cents in (200, 301, 300, 1)]
        refund = Refund(order_id=order.id, amount=200, credits=20, missing=0,
                        kind="refunded", reason="late", actor="ops", created_at=T0)
        work.orders.add_refund(refund)
        work.orders.add_refund(attrs.evolve(refund, amount=300, credits=None, missing=None,
                                            kind="charged_back", actor="sandbox"))
        return (first, work.bundles.of_site(1, "EUR"), totals, work.orders.get(order.id),
                work.orders.refunds(order.id), work.orders.refunds(later.id),
                work.shop_queries.recent_orders(None, None, 5, member_id=bob.id),
                work.shop_queries.recent_orders(1, None, 5, since=T0 + timedelta(hours=1)),
                work.shop_queries.recent_orders(None, "open", 1))
    same_in_memory(uow, scenario)


def test_notifications(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob, cat = _people(work, "Ann", "Bob", "Cat", Cat={"is_fictional": True})
        work.notifications.save_preferences(ann.id, {"like": False})
        work.notifications.set_mail_off(ann.id, "bounce", T0)
        dan, eve = _people(work, "Dan", "Eve")
        work.notifications.save_preferences(dan.id, {"weekly_updates": True})
        work.notifications.save_preferences(eve.id, {"weekly_updates": False, "news": True})
        work.notifications.record_marketing_choice(dan.id, True, "signup", T0)
        work.notifications.record_marketing_choice(dan.id, False, "settings",
                                                   T0 + timedelta(days=1))
        work.notifications.record_marketing_choice(eve.id, True, "signup", T0)
        work.notifications.add_push(ann.id, "https://push/1", "k", "a", T0)
        work.notifications.add_push(ann.id, "https://push/2", "k", "a", T0)
        work.notifications.add_push(bob.id, "https://push/1", "k2", "a2", T0)  # moves to Bob
        work.notifications.remove_push("https://push/2", bob.id)  # not Bob's
        marks = [work.notifications.mark_sent(key, ann.id, "like", at) for key, at in
                 [("a", T0), ("a", T0), ("b", T0 + timedelta(days=1))]]
        chat = work.chats.start(ann.id, bob.id, T0)
        work.chats.add_message(chat, ann.id, "hi", T0, 0, True)
        other = work.chats.start(cat.id, bob.id, T0)
        work.chats.add_message(other, cat.id, "hi", T0, 0, True)
        work.likes.add(bob.id, ann.id, T0, False)
        return (work.notifications.preferences(ann.id), work.notifications.preferences(bob.id),
                work.notifications.pushes_of(ann.id), work.notifications.pushes_of(bob.id),
                marks, work.notifications.was_sent("b"),
                work.notifications.purge_sent_before(T0 + timedelta(hours=1)),
                work.notifications.was_sent("a"),
                work.notification_queries.message_count(chat),
                work.notification_queries.unread_to_remind(T0 + timedelta(seconds=1), 10),
                work.notification_queries.unread_to_remind(T0, 10),
                work.notification_queries.weekly_figures(ann.id, T0),
                work.notification_queries.opted_in("weekly_updates", 0, 5),
                work.notification_queries.opted_in("news", 0, 5),
                work.notifications.marketing_consent(dan.id),
                work.notifications.marketing_consent(eve.id),
                work.notifications.marketing_consent(bob.id),
                work.notifications.preferences(dan.id))
    same_in_memory(uow, scenario)


def test_complaints_direct_debit_and_the_review_queue(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob, cat = _people(work, "Ann", "Bob", "Cat")
        chat = work.chats.start(ann.id, bob.id, T0)
        message = work.chats.add_message(chat, bob.id, "pay me", T0, 0, False)
        for status in ("open", "open", "resolved"):
            work.complaints.add(NewComplaint(
                site_id=1, reporter_id=ann.id, email=None, category="spam", text="x" * 10,
                member_id=bob.id, message_id=message.id, status=status, created_at=T0))
        resolved = [work.complaints.resolve(n, "done", T0, outcome)
                    for n, outcome in ((1, "no_action"), (1, "no_action"),
                                       (3, "action_taken"), (9, "no_action"))]
        later = work.chats.add_message(chat, ann.id, "no", T0, 0, False)
        work.complaints.attach(1, [later.id, message.id])
        work.complaints.attach(2, [])
        seen_before_hiding = work.complaints.visible_messages([message.id, later.id], bob.id)
        work.chats.hide(chat, bob.id)
        evidence = (seen_before_hiding,
                    work.complaints.visible_messages([message.id, later.id, 999], bob.id),
                    work.complaints.visible_messages([message.id], cat.id),
                    work.complaint_queries.attached(1), work.complaint_queries.attached(2))
        for n in range(3):
            work.direct_debit.add_sms_code(ann.id, "+31612345678", f"h{n}",
                                           T0 + timedelta(minutes=10), T0 + timedelta(minutes=n))
        latest = work.direct_debit.latest_sms_code(ann.id)
        assert latest is not None
        work.direct_debit.sms_attempt(latest[0])
        tried = work.direct_debit.latest_sms_code(ann.id)
        work.direct_debit.forget_sms_codes(ann.id)
        for holder in ("Ann", "Ann de Vries"):
            work.direct_debit.add_mandate(ann.id, BankMandate(
                account_holder=holder, iban="NL91ABNA0417164300", street="Dam",
                house_number="1", postcode="1012 JS", city="Amsterdam", phone="+31612345678"), T0)
        for n, status in enumerate(("pending", "active", "pending")):
            work.photos.add(n + 1, f"{n}.jpg", f"{n}_t.jpg", False, status, T0)
        return (work.complaint_queries.recent(None, 2), work.complaint_queries.recent("open", 5),
                resolved, work.complaints.get(1), work.complaints.decided(1),
                work.complaint_queries.reporter_records(work.complaint_queries.recent(None, 5)),
                work.complaint_queries.count_for_site(1), work.complaint_queries.count_for_site(2),
                tried, work.direct_debit.latest_sms_code(ann.id),
                work.direct_debit.sms_sent_since(ann.id, T0 + timedelta(minutes=1)),
                work.direct_debit.latest_mandate(ann.id), work.direct_debit.latest_mandate(bob.id),
                work.photo_queries.pending(1, 1), work.photo_queries.pending_count(), evidence,
                # one site's queue and the waiting photos of a range (issue 32.3)
                work.photo_queries.pending(5, 0, 1), work.photo_queries.pending_count(1),
                work.photo_queries.pending_count(2), work.photo_queries.waiting_between(1, 3, 1, 5),
                work.photo_queries.waiting_between(2, 9, None, 1),
                work.photo_queries.waiting_between(1, 3, 2, 5),
                work.photo_queries.sheet(5, None), work.photo_queries.sheet(1, 2),
                work.photo_queries.states([1, 2, 99]))
    same_in_memory(uow, scenario)
