"""What a member reads about the decisions that restricted them, on in-memory ports: the
statement of reasons newest first with the ground in the site's words and the member's
language, the latest appeal of each and whether it can still be contested; the ban page
behind the address and password, under the lockout."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from application.member_decisions import MemberDecisions
from application.shared.decisions import lift_decision, record_decision
from application.shared.password_checks import PasswordChecks
from application.shared.sign_ins import Visitor
from domain.appeals import Appeal, AppealStatus
from domain.decisions import Ground, ItemKind, Restricting, Restriction
from domain.errors import DomainError
from domain.members import AccountStatus, Member
from domain.sites import Site
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork, PlainPasswords
from tests.application.people import NOW, add_member, factory, new_store

VISITOR = Visitor(ip="198.51.100.7", user_agent="test", language="de")


class Grounds:
    def describe(self, site: Site, ground: Ground, language: str) -> tuple[str, str]:
        return f"{site.name}: {ground.code} ({language})", f"{ground.kind.value} clause"


@attrs.define
class Desk:
    store: MemoryStore
    clock: FixedClock
    decisions: MemberDecisions
    ann: Member


def desk() -> Desk:
    store, clock = new_store(), FixedClock()
    ann = add_member(store, "Ann", password_hash=PlainPasswords().hash("her password"))
    return Desk(store, clock, MemberDecisions(factory(store), clock, Grounds(),
                                              PasswordChecks(PlainPasswords())), ann)


def _decide(d: Desk, restriction: Restriction, hours_ago: int) -> int:
    with MemoryUnitOfWork(d.store) as uow:
        made = record_decision(uow, d.ann, Restricting(
            restriction=restriction, item_kind=ItemKind.ACCOUNT, item_id=str(d.ann.id),
            facts=f"{restriction.value} facts", ground=Ground.parse("terms:spam")), "eva",
            NOW - timedelta(hours=hours_ago))
        uow.commit()
    assert made is not None
    return made.id


def _appeal(d: Desk, decision_id: int, status: AppealStatus, hours_ago: int) -> None:
    with MemoryUnitOfWork(d.store) as uow:
        uow.appeals.add(Appeal(id=0, member_id=d.ann.id, banned_at=None, ban_reason=None,
                               text="Not me", decision_id=decision_id, status=status,
                               created_at=NOW - timedelta(hours=hours_ago)))
        uow.commit()


def test_the_member_reads_each_decision_with_its_ground_and_latest_appeal() -> None:
    d = desk()
    held = _decide(d, Restriction.ACCOUNT_HELD, hours_ago=5)
    limited = _decide(d, Restriction.SENDING_LIMITED, hours_ago=1)
    _appeal(d, held, AppealStatus.UPHELD, hours_ago=4)
    _appeal(d, held, AppealStatus.OPEN, hours_ago=2)  # the latest
    views = d.decisions.of(d.ann, "en")
    assert [v.id for v in views] == [limited, held]  # newest first
    newest, oldest = views
    assert newest.ground.title == "Amora: spam (en)" and newest.ground.text == "terms clause"
    assert (newest.appeal, newest.contestable) == (None, True)
    assert oldest.appeal is not None and oldest.appeal.status is AppealStatus.OPEN
    assert not oldest.contestable  # an appeal waits already
    assert "eva" not in repr(views)  # who decided stays with the operators


def test_a_lifted_decision_or_one_past_its_six_months_is_contested_no_more() -> None:
    d = desk()
    _decide(d, Restriction.SENDING_LIMITED, hours_ago=1)
    with MemoryUnitOfWork(d.store) as uow:
        lift_decision(uow, d.ann.id, Restriction.SENDING_LIMITED, str(d.ann.id), "eva", NOW)
        uow.commit()
    [lifted] = d.decisions.of(d.ann, "en")
    assert not lifted.contestable
    _decide(d, Restriction.ACCOUNT_HELD, hours_ago=1)
    d.clock.current += timedelta(days=200)
    assert [v.contestable for v in d.decisions.of(d.ann, "en")] == [False, False]


def test_the_ban_page_shows_the_ban_behind_the_address_and_password() -> None:
    d = desk()
    with pytest.raises(DomainError) as not_banned:
        d.decisions.of_ban("amora.test", "ann@example.com", "her password", "de", VISITOR)
    assert not_banned.value.code == "not_banned"
    with MemoryUnitOfWork(d.store) as uow:
        uow.members.save(d.ann, attrs.evolve(d.ann, status=AccountStatus.BANNED))
        uow.commit()
    assert d.decisions.of_ban("amora.test", "ann@example.com", "her password", "de",
                              VISITOR) is None  # banned before decisions were kept
    ban = _decide(d, Restriction.BAN, hours_ago=1)
    shown = d.decisions.of_ban("amora.test", "ANN@example.com", "her password", "de",
                               VISITOR)
    assert shown is not None and (shown.id, shown.ground.title) == (ban, "Amora: spam (de)")
    failures = len(d.store.failures)
    with pytest.raises(DomainError) as wrong:
        d.decisions.of_ban("amora.test", "ann@example.com", "guess", "de", VISITOR)
    assert wrong.value.code == "login_failed"
    assert len(d.store.failures) == failures + 1  # counted towards the lockout
