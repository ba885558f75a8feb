"""Migration 0042: orders from before get the VAT of the evidence they kept (the profile's
and the GeoIP country, else the company's own country) at the rate of the day they were
paid (else made); their consent stays empty - nobody was asked (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import text

from adapters.container import Container
from adapters.sql import migrate
from domain.members import AccountStatus, Member, Profile
from domain.pricing import Bundle
from tests.conftest import seed_default_site

T0 = datetime(2024, 8, 31, 23, 0, tzinfo=UTC)
PAID = datetime(2024, 9, 1, 8, 0, tzinfo=UTC)  # Finland's 25.5 % from this day
# profile, GeoIP, amount, paid: the VAT country, rate, VAT and net after the migration
ORDERS = [
    ("NL", None, 1499, PAID, ("NL", 2100, 260, 1239)),
    ("NL", "DE", 1499, PAID, ("DE", 1900, 239, 1260)),  # they disagree: GeoIP
    ("FI", "FI", 1000, PAID, ("FI", 2550, 203, 797)),  # paid on the new rate's first day
    ("FI", "FI", 1000, None, ("FI", 2400, 194, 806)),  # never paid: the day it was made
    (None, None, 1210, PAID, ("NL", 2100, 210, 1000)),  # no evidence: the company's NL
    ("US", "US", 1200, PAID, ("US", 0, 0, 1200)),  # outside the table: no VAT
]


def test_earlier_orders_get_their_vat_and_no_consent(
        container: Container, database_url: str) -> None:
    seed_default_site(container)
    with container.unit_of_work() as work:
        ann = work.members.add(Member(
            id=0, site_id=1, email="ann@example.com", status=AccountStatus.ACTIVE,
            language="en", created_at=T0, profile=Profile(
                name="Ann", gender="female", birth_date=date(1990, 1, 1), country="NL"))).id
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=10, price=100,
                                               currency="EUR")])
        bundle = work.bundles.of_site(1)[0].id
        work.commit()
    container.engine().dispose()
    migrate.downgrade(database_url, "0041")
    with container.engine().begin() as connection:
        for profile, geoip, amount, paid, _ in ORDERS:
            connection.execute(text(
                "INSERT INTO orders (member_id, site_id, bundle_id, credits, amount, currency,"
                " method, status, provider, created_at, paid_at, country, geoip_country,"
                " profile_country) VALUES (:member, 1, :bundle, 10, :amount, 'EUR', 'ideal',"
                " :status, 'sandbox', :at, :paid, :country, :geoip, :profile)"),
                {"member": ann, "bundle": bundle, "amount": amount, "at": T0, "paid": paid,
                 "status": "paid" if paid else "open", "country": geoip or profile,
                 "geoip": geoip, "profile": profile})
    container.engine().dispose()
    migrate.upgrade(database_url)
    with container.engine().connect() as connection:
        found = connection.execute(text(
            "SELECT vat_country, vat_rate_bp, vat_amount, net_amount, payment_country,"
            " consent_version, consent_at FROM orders ORDER BY id")).all()
    assert [tuple(row[:4]) for row in found] == [vat for *_, vat in ORDERS]
    assert {tuple(row[4:]) for row in found} == {(None, None, None)}
