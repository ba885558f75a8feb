"""Migration 0043: orders paid before receipts existed get theirs, numbered per company
and year of the payment in the order they were paid; unpaid orders get none, and the
next payment counts on from there (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import select, text

from adapters.container import Container
from adapters.sql import migrate
from adapters.sql.tables import receipt_counters, receipts
from domain.members import AccountStatus, Member, Profile
from domain.pricing import Bundle
from domain.receipts import Seller
from tests.conftest import sample_company, sample_site, seed_default_site
from tests.lookups import found

# site, status, paid at (None: never paid)
ORDERS = [
    (1, "paid", datetime(2026, 3, 1, 10, tzinfo=UTC)),
    (1, "failed", None),
    (2, "paid", datetime(2025, 12, 31, 23, 59, tzinfo=UTC)),
    (1, "refunded", datetime(2025, 6, 1, 9, tzinfo=UTC)),  # a receipt stays refunded
    (1, "paid", datetime(2026, 2, 1, 8, tzinfo=UTC)),  # paid before the first one
    (1, "open", None),
    (1, "charged_back", datetime(2026, 4, 1, 7, tzinfo=UTC)),
    (2, "paid", datetime(2026, 1, 2, 0, 1, tzinfo=UTC)),
]


def test_paid_orders_get_receipts_numbered_as_they_were_paid(
        container: Container, database_url: str) -> None:
    seed_default_site(container)
    with container.unit_of_work() as work:
        other = work.companies.add(sample_company(name="Flirt Oy", kvk="1234567-8",
                                                  vat_numbers=("FI12345678",)))
        work.sites.add(sample_site(other.id, domain="flirt.test", name="Flirt",
                                   is_default=False))
        member = work.members.add(Member(
            id=0, site_id=1, email="ann@example.com", status=AccountStatus.ACTIVE,
            language="en", created_at=datetime(2025, 1, 1, tzinfo=UTC), profile=Profile(
                name="Ann", gender="female", birth_date=date(1990, 1, 1), country="NL"))).id
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=10, price=100,
                                               currency="EUR")])
        bundle = work.bundles.of_site(1)[0].id
        work.commit()
    container.engine().dispose()
    migrate.downgrade(database_url, "0042")
    with container.engine().begin() as connection:
        for n, (site, status, paid_at) in enumerate(ORDERS, start=1):
            connection.execute(text(
                "INSERT INTO orders (member_id, site_id, bundle_id, credits, amount, currency,"
                " method, status, provider, payment_id, created_at, paid_at)"
                " VALUES (:member, :site, :bundle, 10, 100, 'EUR', 'ideal', :status,"
                " 'sandbox', :payment, :at, :paid_at)"),
                {"member": member, "site": site, "bundle": bundle, "status": status,
                 "payment": f"tr_{n}", "at": datetime(2025, 1, 1),
                 "paid_at": paid_at.replace(tzinfo=None) if paid_at else None})
    container.engine().dispose()
    migrate.upgrade(database_url)
    with container.engine().connect() as connection:
        given = {row.order_id: (row.company_id, row.year, row.number) for row in
                 connection.execute(select(receipts))}
        counters = set(connection.execute(select(receipt_counters)).all())
    assert given == {1: (1, 2026, 2), 3: (other.id, 2025, 1), 4: (1, 2025, 1),
                     5: (1, 2026, 1), 7: (1, 2026, 3), 8: (other.id, 2026, 1)}
    assert counters == {(1, 2025, 1), (1, 2026, 3), (other.id, 2025, 1), (other.id, 2026, 1)}
    with container.unit_of_work() as work:
        first = work.receipts.of_order(5)
        assert first is not None and first.number == "2026-000001"
        assert first.issued_at == datetime(2026, 2, 1, 8, tzinfo=UTC)
        assert first.seller == Seller.of(sample_company())
        assert found(work.receipts.of_order(3)).seller.vat_numbers == ("FI12345678",)
        # The next payment of 2026 counts on.
        assert work.receipts.issue(6, 1, 2026, first.seller, datetime(2026, 5, 1, tzinfo=UTC)
                                   ).number == "2026-000004"
