"""Withdrawal from a purchase (issue 34.2).

order_withdrawals: one row an order at most (its primary key decides between two
clicks): when the member withdrew, the unused credits taken back and those used, the
refund in cents and whether the gateway has given it back yet (refund_state pending,
then refunded; attempts and the last error while it retries).
sandbox_refunds: the sandbox gateway's refunds by idempotency key, so a refund asked
twice (a job run again) gives back the money once, as Mollie does.

Revision ID: 0044
Revises: 0043
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0044"
down_revision = "0043"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "order_withdrawals",
        sa.Column("order_id", sa.Integer, sa.ForeignKey("orders.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("member_id", sa.Integer, sa.ForeignKey("members.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("requested_at", UtcDateTime, nullable=False),
        sa.Column("credits", sa.Integer, nullable=False),
        sa.Column("used", sa.Integer, nullable=False),
        sa.Column("refund", sa.Integer, nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("refund_state", sa.String(20), nullable=False),
        sa.Column("refunded_at", UtcDateTime),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_error", sa.String(500)),
    )
    op.create_index("ix_order_withdrawals_member_id", "order_withdrawals", ["member_id"])
    op.create_table(
        "sandbox_refunds",
        sa.Column("key", sa.String(100), primary_key=True),
        sa.Column("payment_id", sa.String(40), nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sandbox_refunds")
    op.drop_index("ix_order_withdrawals_member_id", table_name="order_withdrawals")
    op.drop_table("order_withdrawals")
