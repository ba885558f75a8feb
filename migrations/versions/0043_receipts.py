"""Receipts numbered without gaps per company and year (issue 34.4).

receipt_counters: per company and year the last receipt number given; the transaction
that marks an order paid claims the next with one conditional UPDATE ... RETURNING (a
row lock), so parallel payments neither skip nor repeat a number.
receipts: an order's receipt - company, year, number, when, and the seller as it stood
then (name, registration, legal address, VAT numbers).

Orders paid before (paid, refunded or charged back, with a payment time) get their
receipts here, numbered per company and year of the payment (UTC) in the order they were
paid, and each counter starts after the last of them.

Revision ID: 0043
Revises: 0042
Create Date: 2026-11-28
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0043"
down_revision = "0042"
branch_labels = None
depends_on = None


def _seller(row: Any) -> dict[str, Any]:
    """domain.receipts.Seller.of, on the company's stored row."""
    addresses = row.addresses if isinstance(row.addresses, list) else json.loads(row.addresses)
    vat = row.vat_numbers if isinstance(row.vat_numbers, list) else json.loads(row.vat_numbers)
    legal = next(a for a in addresses if not a.get("audience"))
    return {"name": row.name, "registration": row.kvk, "street": legal["street"],
            "postcode": legal["postcode"], "city": legal["city"], "country": legal["country"],
            "vat_numbers": list(vat)}


def _utc(paid_at: Any) -> datetime:
    """Stored as UTC without a zone (UtcDateTime); SQLite hands back text."""
    moment = paid_at if isinstance(paid_at, datetime) else datetime.fromisoformat(str(paid_at))
    return moment.replace(tzinfo=UTC)


def upgrade() -> None:
    op.create_table(
        "receipt_counters",
        sa.Column("company_id", sa.Integer, sa.ForeignKey("companies.id"), primary_key=True),
        sa.Column("year", sa.Integer, primary_key=True),
        sa.Column("last_number", sa.Integer, nullable=False),
    )
    op.create_table(
        "receipts",
        sa.Column("order_id", sa.Integer, sa.ForeignKey("orders.id"), primary_key=True),
        sa.Column("company_id", sa.Integer, sa.ForeignKey("companies.id"), nullable=False),
        sa.Column("year", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("issued_at", UtcDateTime, nullable=False),
        sa.Column("seller", sa.JSON, nullable=False),
    )
    op.create_index("uq_receipts_company_year_number", "receipts",
                    ["company_id", "year", "number"], unique=True)
    _number_paid_orders()


def _number_paid_orders() -> None:
    connection = op.get_bind()
    sellers = {row.id: _seller(row) for row in connection.execute(sa.text(
        "SELECT id, name, kvk, addresses, vat_numbers FROM companies"))}
    paid = connection.execute(sa.text(
        "SELECT orders.id, orders.paid_at, sites.company_id FROM orders"
        " JOIN sites ON sites.id = orders.site_id"
        " WHERE orders.paid_at IS NOT NULL"
        " AND orders.status IN ('paid', 'refunded', 'charged_back')"
        " ORDER BY orders.paid_at, orders.id")).all()
    last: dict[tuple[int, int], int] = defaultdict(int)
    receipts = sa.table("receipts", sa.column("order_id"), sa.column("company_id"),
                        sa.column("year"), sa.column("number"),
                        sa.column("issued_at", UtcDateTime), sa.column("seller", sa.JSON))
    rows = []
    for order_id, paid_at, company_id in paid:
        issued = _utc(paid_at)
        last[company_id, issued.year] += 1
        rows.append({"order_id": order_id, "company_id": company_id, "year": issued.year,
                     "number": last[company_id, issued.year], "issued_at": issued,
                     "seller": sellers[company_id]})
    for start in range(0, len(rows), 1000):
        connection.execute(receipts.insert(), rows[start:start + 1000])
    counters = sa.table("receipt_counters", sa.column("company_id"), sa.column("year"),
                        sa.column("last_number"))
    if last:
        connection.execute(counters.insert(), [
            {"company_id": company_id, "year": year, "last_number": number}
            for (company_id, year), number in last.items()])


def downgrade() -> None:
    op.drop_index("uq_receipts_company_year_number", table_name="receipts")
    op.drop_table("receipts")
    op.drop_table("receipt_counters")
