"""What operators read, on in-memory ports: the figures (revenue per group with refunds
counted when made, signups per lander, members per site) and the operator's desk
(decisions and the audit trail filtered by member, kind, actor and time)."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from application.figures import Figures
from application.operator_desk import OperatorDesk
from application.ports.shop import Refund
from domain.decisions import Ground, ItemKind, Restricting, Restriction, decision
from domain.errors import DomainError
from domain.members import Member, Traffic
from domain.orders import Order, OrderStatus
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, add_member, factory, new_store
from tests.conftest import sample_site

DAY = timedelta(days=1)


def _paid(store: MemoryStore, member: Member, amount: int, credits: int, method: str,
          days_ago: int, currency: str = "EUR") -> Order:
    order = Order(id=len(store.orders) + 1, member_id=member.id, site_id=member.site_id,
                  bundle_id=1, credits=credits, amount=amount, currency=currency,
                  method=method, status=OrderStatus.PAID, created_at=NOW - days_ago * DAY,
                  paid_at=NOW - days_ago * DAY)
    store.orders[order.id] = order
    return order


def _refund(store: MemoryStore, order: Order, amount: int, days_ago: int) -> None:
    store.refunds.append(Refund(order_id=order.id, amount=amount, credits=None, missing=None,
                                kind="refunded", reason="asked", actor="ops",
                                created_at=NOW - days_ago * DAY))


@attrs.define
class Books:
    store: MemoryStore
    figures: Figures
    ann: Member
    bob: Member


def books() -> Books:
    store = new_store()
    with MemoryUnitOfWork(store) as uow:
        uow.sites.add(sample_site(1, domain="second.test", is_default=False))
        uow.commit()
    ann = add_member(store, "Ann", traffic=Traffic(network="tiktok", lander="video"),
                     activated_at=NOW)
    bob = add_member(store, "Bob", gender="male", site_id=2, paid_user=True)
    return Books(store, Figures(factory(store), FixedClock()), ann, bob)


def test_revenue_counts_payments_and_refunds_when_they_were_made() -> None:
    b = books()
    old = _paid(b.store, b.ann, 1000, 100, "ideal", days_ago=40)  # before the period
    _paid(b.store, b.ann, 2000, 250, "creditcard", days_ago=3)
    _paid(b.store, b.bob, 500, 50, "ideal", days_ago=1)
    _refund(b.store, old, 400, days_ago=2)  # counts now, whenever it was paid
    [total] = b.figures.revenue(None, days=30, by=None)
    assert (total.key, total.paid_orders, total.paid, total.refunds, total.refunded) \
        == ("all", 2, 2500, 1, 400)
    assert total.net == 2100
    by_method = {row.key: (row.paid, row.refunded) for row in
                 b.figures.revenue(None, days=30, by="method")}
    assert by_method == {"creditcard": (2000, 0), "ideal": (500, 400)}
    by_source = {row.key: row.paid for row in b.figures.revenue(None, 30, by="source")}
    assert by_source == {"tiktok": 2000, "-": 500}
    [second] = b.figures.revenue("second.test", days=30, by=None)
    assert (second.paid, second.refunded) == (500, 0)


def test_figures_refuse_an_unknown_grouping_a_period_out_of_range_and_a_site_unknown() -> None:
    b = books()
    with pytest.raises(DomainError) as grouping:
        b.figures.revenue(None, days=30, by="colour")
    assert grouping.value.params == {"detail": "--by"}
    for days in (0, 3651):
        with pytest.raises(DomainError):
            b.figures.signups(None, days)
    with pytest.raises(DomainError):
        b.figures.members("nowhere.test", 30)


def test_signups_per_lander_and_members_per_site() -> None:
    b = books()
    add_member(b.store, "Old", created_at=NOW - 90 * DAY)  # before the period
    signups = {(s.site, s.lander, s.source): (s.signups, s.activated, s.paying)
               for s in b.figures.signups(None, days=30)}
    assert signups == {("amora.test", "video", "tiktok"): (1, 1, 0),
                       ("second.test", "-", "-"): (1, 0, 1)}
    members = {m.site: (m.members, m.confirmed, m.premium, m.days)
               for m in b.figures.members(None, days=30)}
    assert members == {"amora.test": (2, 2, 0, 30), "second.test": (1, 1, 1, 30)}


def _decide(store: MemoryStore, member: Member, restriction: Restriction, actor: str,
            days_ago: int) -> int:
    made = decision(Restricting(restriction=restriction, item_kind=ItemKind.ACCOUNT,
                                item_id=str(member.id), facts="Spam in messages",
                                ground=Ground.parse("terms:spam")),
                    member.site_id, member.id, actor, NOW - days_ago * DAY)
    with MemoryUnitOfWork(store) as uow:
        number = uow.decisions.add(made)
        uow.audit.record(NOW - days_ago * DAY, actor, restriction.value, str(member.id), {})
        uow.commit()
    return number


def test_the_desk_finds_decisions_and_audit_lines_by_member_kind_actor_and_time() -> None:
    b = books()
    ban = _decide(b.store, b.ann, Restriction.BAN, "eva", days_ago=5)
    _decide(b.store, b.ann, Restriction.ACCOUNT_HELD, "shield", days_ago=1)
    _decide(b.store, b.bob, Restriction.BAN, "eva", days_ago=2)
    desk = OperatorDesk(factory(b.store))
    assert [d.restriction for d in desk.decisions(member_id=b.ann.id)] \
        == [Restriction.ACCOUNT_HELD, Restriction.BAN]  # newest first
    assert [d.member_id for d in desk.decisions(kind="ban")] == [b.bob.id, b.ann.id]
    assert len(desk.decisions(since=NOW - 3 * DAY)) == 2
    assert len(desk.decisions(limit=1)) == 1
    assert desk.decision(ban).decided_by == "eva"
    with pytest.raises(DomainError) as unknown_kind:
        desk.decisions(kind="shouting")
    assert unknown_kind.value.params == {"detail": "kind"}
    with pytest.raises(DomainError) as missing:
        desk.decision(999)
    assert missing.value.code == "decision_not_found"
    assert [e.action for e in desk.audit(member_id=b.ann.id)] == ["account_held", "ban"]
    assert [e.subject for e in desk.audit(actor="eva")] == [str(b.bob.id), str(b.ann.id)]
    assert [e.action for e in desk.audit(since=NOW - 3 * DAY, actor="eva")] == ["ban"]
