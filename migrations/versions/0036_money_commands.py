"""Money commands that cannot slip (issue 32.4): partial refunds that add up.

orders.refunded: the cents of an order given back so far (several partial refunds, or a
refund or chargeback in full); an order stays paid until all of it is back.
order_refunds: each time money went back, with the credits taken back and those spent
already, the reason and who gave it; the revenue figures count refunds from here.
sandbox_payments.refunded: the sandbox gateway keeps what was refunded, as Mollie does,
and refuses more than was paid.

Orders refunded or charged back before: all their money back, one refund each at the
moment kept for it (credits not recorded then: NULL).

Revision ID: 0036
Revises: 0037
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0036"
down_revision = "0037"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("refunded", sa.Integer, nullable=False,
                                   server_default="0"))
    op.execute("UPDATE orders SET refunded = amount "
               "WHERE status IN ('refunded', 'charged_back')")
    op.create_table(
        "order_refunds",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("order_id", sa.Integer, sa.ForeignKey("orders.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("credits", sa.Integer),
        sa.Column("missing", sa.Integer),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
    )
    op.create_index("ix_order_refunds_order_id", "order_refunds", ["order_id"])
    op.create_index("ix_order_refunds_created_at", "order_refunds", ["created_at"])
    op.execute(
        "INSERT INTO order_refunds (order_id, amount, kind, reason, actor, created_at) "
        "SELECT id, amount, status, 'before refunds were kept', provider, "
        "COALESCE(refunded_at, paid_at, created_at) FROM orders "
        "WHERE status IN ('refunded', 'charged_back') ORDER BY id")
    with op.batch_alter_table("sandbox_payments") as batch:
        batch.add_column(sa.Column("refunded", sa.Integer, nullable=False,
                                   server_default="0"))
    op.execute("UPDATE sandbox_payments SET refunded = amount WHERE status = 'refunded'")


def downgrade() -> None:
    with op.batch_alter_table("sandbox_payments") as batch:
        batch.drop_column("refunded")
    op.drop_index("ix_order_refunds_created_at", table_name="order_refunds")
    op.drop_index("ix_order_refunds_order_id", table_name="order_refunds")
    op.drop_table("order_refunds")
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("refunded")
