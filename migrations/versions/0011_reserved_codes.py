"""Once-per-member discount codes are held by the first live order (issue item 5).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing orders hold nothing: filling the column could collide on exactly the
    # duplicates this prevents. The settle check flags those instead.
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("reserved_code", sa.String(40)))
        batch.create_index("uq_orders_reserved_code", ["member_id", "reserved_code"],
                           unique=True)


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_index("uq_orders_reserved_code")
        batch.drop_column("reserved_code")
