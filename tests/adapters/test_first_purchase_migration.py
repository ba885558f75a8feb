"""Migration 0022: of the orders that took the time bonus or the welcome discount before
the first-purchase discount was held, each member's earliest that still holds or spent it
takes the reservation; nothing else changes (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import text

from adapters.container import Container
from adapters.sql import migrate
from domain.members import AccountStatus, Member, Profile
from domain.pricing import FIRST_PURCHASE, Bundle
from tests.conftest import seed_default_site

T0 = datetime(2026, 1, 1, tzinfo=UTC)
# member, discount code, status: the reservation it must hold after the migration
ORDERS = [
    ("ann", "TIMEBONUS25", "failed", None),  # ended unpaid: holds nothing
    ("ann", "TIMEBONUS25", "open", FIRST_PURCHASE),
    ("ann", "WELCOME25", "pending", None),  # the earlier one holds it
    ("ann", None, "open", None),
    ("bob", "SPRING", "paid", "SPRING"),  # a code's reservation stays
    ("bob", "WELCOME25", "paid", FIRST_PURCHASE),
    ("cat", None, "paid", None),
]


def test_the_migration_reserves_the_first_purchase_discount_once_per_member(
        container: Container, database_url: str) -> None:
    seed_default_site(container)
    with container.unit_of_work() as work:
        people = {name: work.members.add(Member(
            id=0, site_id=1, email=f"{name}@example.com", status=AccountStatus.ACTIVE,
            language="en", created_at=T0, profile=Profile(
                name=name, gender="female", birth_date=date(1990, 1, 1), country="NL"))).id
            for name in ("ann", "bob", "cat")}
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=10, price=100,
                                               currency="EUR")])
        bundle = work.bundles.of_site(1)[0].id
        work.commit()
    container.engine().dispose()
    migrate.downgrade(database_url, "0021")
    with container.engine().begin() as connection:
        for name, code, status, _ in ORDERS:
            connection.execute(text(
                "INSERT INTO orders (member_id, site_id, bundle_id, credits, amount, currency,"
                " method, discount_code, reserved_code, status, provider, created_at)"
                " VALUES (:member, 1, :bundle, 10, 75, 'EUR', 'ideal', :code, :reserved,"
                " :status, 'sandbox', :at)"),
                {"member": people[name], "bundle": bundle, "code": code, "status": status,
                 "reserved": "SPRING" if code == "SPRING" else None, "at": T0})
    container.engine().dispose()
    migrate.upgrade(database_url)
    with container.engine().connect() as connection:
        held = [row[0] for row in connection.execute(text(
            "SELECT reserved_code FROM orders ORDER BY id"))]
    assert held == [reserved for *_, reserved in ORDERS]
