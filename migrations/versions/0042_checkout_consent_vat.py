"""Consent at checkout and VAT evidence on orders (issues 34.1, 34.3).

orders.consent_version, consent_at: the checkout's tick (delivery starts at once, the
right of withdrawal ends for the credits used): which wording, and when. Orders from
before have none (NULL): nobody was asked, and none is made up for them.
orders.payment_country: the bank's or card's country as the payment provider reports it.
orders.vat_country, vat_rate_bp (basis points), vat_amount, net_amount (cents): the VAT
the order carries, taken out of its VAT-inclusive amount (domain.vat).

Orders from before get their VAT from the evidence they kept (the profile's and the
GeoIP country; the seller's country when neither is known) at the standard rate of the
day they were paid (else made), as a new order would have: so a refund now of an older
order is reported at that order's rate, and `amora tax report` covers earlier quarters.
Their payment_country stays NULL (never asked of the provider).

Revision ID: 0042
Revises: 0041
Create Date: 2026-11-28
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0042"
down_revision = "0041"
branch_labels = None
depends_on = None

COLUMNS = ("consent_version", "consent_at", "payment_country", "vat_country",
           "vat_rate_bp", "vat_amount", "net_amount")


def upgrade() -> None:
    for column in (sa.Column("consent_version", sa.String(20)),
                   sa.Column("consent_at", UtcDateTime),
                   sa.Column("payment_country", sa.String(2)),
                   sa.Column("vat_country", sa.String(2)),
                   sa.Column("vat_rate_bp", sa.Integer),
                   sa.Column("vat_amount", sa.Integer),
                   sa.Column("net_amount", sa.Integer)):
        op.add_column("orders", column)  # nullable: SQLite adds them in place too
    _backfill(op.get_bind())


def _seller_country(addresses: Any) -> str | None:
    """The company's own address (the one for no particular audience)."""
    for address in addresses or ():
        if isinstance(address, dict) and address.get("audience") is None:
            return address.get("country")
    return None


def _backfill(connection: sa.Connection) -> None:
    from domain.vat import TaxEvidence, order_vat

    orders = sa.table("orders", sa.column("id"), sa.column("site_id"), sa.column("amount"),
                      sa.column("geoip_country"), sa.column("profile_country"),
                      sa.column("created_at", UtcDateTime), sa.column("paid_at", UtcDateTime),
                      *(sa.column(name) for name in COLUMNS))
    sites = sa.table("sites", sa.column("id"), sa.column("company_id"))
    companies = sa.table("companies", sa.column("id"), sa.column("addresses", sa.JSON))
    sellers = {row.id: _seller_country(row.addresses) for row in connection.execute(
        sa.select(sites.c.id, companies.c.addresses).join(
            companies, companies.c.id == sites.c.company_id))}
    last = 0
    while True:  # in batches, so a large shop is not read into memory at once
        rows = connection.execute(sa.select(
            orders.c.id, orders.c.site_id, orders.c.amount, orders.c.geoip_country,
            orders.c.profile_country, orders.c.created_at, orders.c.paid_at)
            .where(orders.c.id > last).order_by(orders.c.id).limit(1000)).all()
        if not rows:
            return
        for row in rows:
            vat = order_vat(row.amount, TaxEvidence(row.profile_country, row.geoip_country),
                            sellers.get(row.site_id), (row.paid_at or row.created_at).date())
            connection.execute(sa.update(orders).where(orders.c.id == row.id).values(
                vat_country=vat.country, vat_rate_bp=vat.rate_bp, vat_amount=vat.amount,
                net_amount=vat.net))
        last = rows[-1].id


def downgrade() -> None:
    # Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+), not a batch copy: order_refunds
    # points at orders, and copying orders would drop the table it points at.
    for name in reversed(COLUMNS):
        op.drop_column("orders", name)
