"""Bundles, discount codes, orders, member flags and the sandbox gateway's payments.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str, cascade: bool = True) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"],
                                   ondelete="CASCADE" if cascade else None,
                                   name=f"fk_{table}_{column}_{target}")


def upgrade() -> None:
    op.create_table(
        "bundles",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("site_id", sa.Integer, nullable=False),
        sa.Column("credits", sa.Integer, nullable=False),
        sa.Column("price", sa.Integer, nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_bundles"),
        _fk("bundles", "site_id", "sites"),
    )
    op.create_index("ix_bundles_site", "bundles", ["site_id", "currency", "position"])
    op.create_table(
        "discount_codes",
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("value_percentage", sa.String(10), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("validity", sa.String(20), nullable=False),
        sa.Column("expires", UtcDateTime),
        sa.Column("country", sa.String(2)),
        sa.Column("member_id", sa.Integer),
        sa.Column("currency", sa.String(3)),
        sa.Column("minimum_order_value", sa.Integer, nullable=False),
        sa.Column("paymentmethods", sa.JSON, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("code", name="pk_discount_codes"),
        _fk("discount_codes", "member_id", "members"),
    )
    op.create_table(
        "orders",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("site_id", sa.Integer, nullable=False),
        sa.Column("bundle_id", sa.Integer, nullable=False),
        sa.Column("credits", sa.Integer, nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("method", sa.String(20), nullable=False),
        sa.Column("issuer", sa.String(60)),
        sa.Column("discount_code", sa.String(40)),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("provider", sa.String(20), nullable=False),
        sa.Column("payment_id", sa.String(100)),
        sa.Column("checkout_url", sa.String(500)),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("paid_at", UtcDateTime),
        sa.PrimaryKeyConstraint("id", name="pk_orders"),
        _fk("orders", "member_id", "members"),
        _fk("orders", "site_id", "sites", cascade=False),
        _fk("orders", "bundle_id", "bundles", cascade=False),
    )
    op.create_index("ix_orders_member", "orders", ["member_id", "id"])
    op.create_index("uq_orders_payment", "orders", ["provider", "payment_id"], unique=True)
    op.create_table(
        "member_flags",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("flag", sa.String(40), nullable=False),
        sa.Column("details", sa.JSON, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_member_flags"),
        _fk("member_flags", "member_id", "members"),
    )
    op.create_index("ix_member_flags_member_id", "member_flags", ["member_id"])
    op.create_table(
        "sandbox_payments",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("description", sa.String(200), nullable=False),
        sa.Column("method", sa.String(20), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("redirect_url", sa.String(500), nullable=False),
        sa.Column("webhook_url", sa.String(500), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sandbox_payments"),
    )


def downgrade() -> None:
    for table in ("sandbox_payments", "member_flags", "orders", "discount_codes", "bundles"):
        op.drop_table(table)
