"""Brands from the command line (issue 20): a company's support e-mail and unique name,
discount codes scoped to sites, and when an order's money went back (revenue figures).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("companies") as batch:
        batch.add_column(sa.Column("support_email", sa.String(254), nullable=False,
                                   server_default=""))
        # `amora sites add --company "<name>"` names a company by its name.
        batch.create_index("uq_companies_name", ["name"], unique=True)
    with op.batch_alter_table("discount_codes") as batch:
        batch.add_column(sa.Column("site_ids", sa.JSON))  # NULL: every site
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("refunded_at", sa.DateTime))
        batch.create_index("ix_orders_paid_at", ["paid_at"])
    # Orders refunded before this column existed: the best known moment is their payment.
    op.execute("UPDATE orders SET refunded_at = paid_at "
               "WHERE status IN ('refunded', 'charged_back')")


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_index("ix_orders_paid_at")
        batch.drop_column("refunded_at")
    with op.batch_alter_table("discount_codes") as batch:
        batch.drop_column("site_ids")
    with op.batch_alter_table("companies") as batch:
        batch.drop_index("uq_companies_name")
        batch.drop_column("support_email")
