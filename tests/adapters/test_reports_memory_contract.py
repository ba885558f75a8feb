"""The in-memory fakes completed for issue 35.2 (appeals, block lists, landing-page
visits, the figures, the audit trail's search, the transparency counts) answer as the
SQL adapters do: each scenario runs on SQLite or PostgreSQL and in memory, and both must
tell the same (tests/adapters/test_memory_contract.py's way)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from application.ports.audit import AuditFilter
from application.ports.complaints import NewComplaint
from application.ports.shop import Refund
from application.ports.unit_of_work import UnitOfWork
from domain.appeals import Appeal, AppealStatus, decided
from domain.blocklists import EntryKind, NewEntry, PhotoHash
from domain.decisions import Ground, ItemKind, Restricting, Restriction, decision
from domain.errors import DomainError
from domain.members import Traffic
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle
from tests.adapters.test_memory_contract import T0, _people, same_in_memory
from tests.conftest import UowFactory

LATER = T0 + timedelta(days=1)


def _decided(work: UnitOfWork, member_id: int, restriction: Restriction) -> int:
    return work.decisions.add(decision(Restricting(
        restriction=restriction, item_kind=ItemKind.ACCOUNT, item_id=str(member_id),
        facts="Spam", ground=Ground.parse("terms:spam")), 1, member_id, "eva", T0))


def test_appeals(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob = _people(work, "Ann", "Bob")
        ban, hold = (_decided(work, ann.id, Restriction.BAN),
                     _decided(work, bob.id, Restriction.ACCOUNT_HELD))
        first = work.appeals.add(Appeal(id=0, member_id=ann.id, banned_at=None,
                                        ban_reason=None, text="Not me", decision_id=ban,
                                        status=AppealStatus.OPEN, created_at=T0))
        work.appeals.add(Appeal(id=0, member_id=bob.id, banned_at=T0, ban_reason="spam",
                                text="Sorry", decision_id=hold, status=AppealStatus.OPEN,
                                created_at=LATER))
        # Last: PostgreSQL spends an id on the insert that fails.
        try:
            work.appeals.add(Appeal(id=0, member_id=ann.id, banned_at=None, ban_reason=None,
                                    text="Again", decision_id=ban, status=AppealStatus.OPEN,
                                    created_at=T0))
            twice = "added"
        except DomainError as error:
            twice = error.code
        open_before = work.appeals.open_for(ban)
        found = work.appeals.get(first)
        assert found is not None
        outcome = decided(found, False, "stands", "eva", LATER)
        verdicts = [work.appeals.decide(outcome) for _ in range(2)]
        return (twice, open_before, work.appeals.open_for(ban), verdicts,
                work.appeals.get(first), work.appeals.for_ban(bob.id, T0),
                work.appeals.of_member(ann.id),
                [listed.appeal.id for listed in work.appeals.recent(None, 10)],
                work.appeals.recent(AppealStatus.OPEN, 10),
                work.appeals.recent(None, 10, Restriction.BAN))
    same_in_memory(uow, scenario)


def test_block_lists(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob = _people(work, "Ann", "Bob")
        look = PhotoHash(0x00FF_00FF_00FF_00FF, 0xABCD)
        work.photos.add(ann.id, "a.jpg", "a_t.jpg", True, "active", T0, phash=look)
        work.photos.add(bob.id, "b.jpg", "b_t.jpg", True, "active", T0,
                        phash=PhotoHash(look.coarse ^ 1, look.fine))
        work.photos.add(bob.id, "c.jpg", "c_t.jpg", False, "active", T0)
        work.sessions.add(ann.id, "h1", T0, LATER, "203.0.113.7", "ua", device="d" * 24)
        work.sessions.add(ann.id, "h2", T0, LATER, "203.0.113.7", "ua", device="d" * 24)
        added = [work.blocklists.add(NewEntry(kind=kind, value=value, member_id=ann.id),
                                     None, "eva", T0)
                 for kind, value in ((EntryKind.EMAIL, "ann@example.com"),
                                     (EntryKind.DEVICE, "d" * 24),
                                     (EntryKind.PHOTO_HASH, str(look)),
                                     # Last: PostgreSQL spends an id on the skipped insert.
                                     (EntryKind.EMAIL, "ann@example.com"))]
        removed = work.blocklists.remove(2), work.blocklists.remove(2)
        return (added, removed, work.blocklists.get(1), work.blocklists.find(None, None, 10),
                work.blocklists.find(EntryKind.EMAIL, ann.id, 10),
                work.blocklists.find(None, None, 1, offset=1),
                work.blocklists.matching({EntryKind.EMAIL: ["ann@example.com", "x@y.z"],
                                          EntryKind.DEVICE: []}),
                work.blocklists.photo_hashes(),
                [(p.member_id, str(p.phash)) for p in
                 work.blocklists.similar_photos(look, ann.id)],
                work.blocklists.photos_of(bob.id), work.blocklists.traces(ann.id))
    same_in_memory(uow, scenario)


def test_lander_visits_and_the_audit_trail(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob = _people(work, "Ann", "Bob")
        for n, (lander, source) in enumerate([("video", "tiktok"), ("video", "tiktok"),
                                              ("gallery", "direct")]):
            work.landers.add_visit(f"key{n}", 1, lander, source, T0 + timedelta(hours=n))
        engaged = [work.landers.engage(key, LATER) for key in ("key0", "key0", "nokey")]
        for n, (actor, subject, details) in enumerate([
                ("eva", str(ann.id), {}), ("bob", "site", {"member": ann.id}),
                ("eva", str(bob.id), {})]):
            work.audit.record(T0 + timedelta(minutes=n), actor, f"action{n}", subject,
                              details)
        trail = [[(e.action, e.actor) for e in work.audit_queries.find(where)]
                 for where in (AuditFilter(member_id=ann.id), AuditFilter(actor="eva"),
                               AuditFilter(since=T0 + timedelta(minutes=1), limit=1))]
        return (engaged, work.landers.bounce_figures(None, T0),
                work.landers.bounce_figures(1, T0 + timedelta(hours=1)),
                work.landers.bounce_figures(2, T0), trail)
    same_in_memory(uow, scenario)


def test_figures(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob = _people(work, "Ann", "Bob", Ann={
            "traffic": Traffic(network="tiktok", lander="video"), "activated_at": T0,
            "paid_user": True})
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=100, price=1499,
                                               currency="EUR")])
        for n, (member, amount, method) in enumerate([(ann, 1499, "ideal"),
                                                       (bob, 2999, "creditcard")]):
            work.orders.add(Order(id=0, member_id=member.id, site_id=1, bundle_id=1,
                                  credits=100 * (n + 1), amount=amount, currency="EUR",
                                  method=method, status=OrderStatus.PAID, created_at=T0,
                                  paid_at=T0 + timedelta(hours=n)))
        work.orders.add_refund(Refund(order_id=1, amount=500, credits=None, missing=None,
                                      kind="refunded", reason="asked", actor="eva",
                                      created_at=LATER))
        return tuple(sorted(getattr(work.figures, kind)(None, T0, by), key=repr)
                     for kind in ("paid", "refunded")
                     for by in (None, "day", "source", "bundle", "method")) + (
            work.figures.signups(None, T0), work.figures.signups(1, LATER),
            work.figures.members(None, T0, 7))
    same_in_memory(uow, scenario)


def test_transparency_counts(uow: UowFactory) -> None:
    def scenario(work: UnitOfWork) -> Any:
        ann, bob = _people(work, "Ann", "Bob")
        for n, category in enumerate(("scam", "spam")):
            work.complaints.add(NewComplaint(
                site_id=1, reporter_id=ann.id, email=None, category=category, text="x" * 10,
                member_id=bob.id, message_id=None, status="open",
                created_at=T0 + timedelta(hours=n)))
        held = _decided(work, bob.id, Restriction.ACCOUNT_HELD)
        work.appeals.add(Appeal(id=0, member_id=bob.id, banned_at=None, ban_reason=None,
                                text="Sorry", decision_id=held, status=AppealStatus.OPEN,
                                created_at=T0))
        work.sessions.add(ann.id, "h1", T0, LATER, None, None)
        work.last_seen.seen([bob.id], LATER)
        photo = work.photos.add(ann.id, "a.jpg", "a_t.jpg", True, "active", T0)
        window = (T0 - timedelta(days=1), T0 + timedelta(days=30))
        return (sorted(work.transparency.notices(None, *window), key=lambda n: n.created_at),
                dict(work.transparency.appeals(None, *window)),
                dict(work.transparency.appeals(2, *window)),
                dict(work.transparency.active_members(1, *window)),
                dict(work.transparency.posted_at([("photo", str(photo)),
                                                  ("member", str(bob.id)),
                                                  ("message", "999"), ("photo", "x")])))
    same_in_memory(uow, scenario)
