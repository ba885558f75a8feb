"""Online status (issue 21.2): when each member last had a live connection.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "last_seen",
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("seen_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("member_id", name="pk_last_seen"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_last_seen_member_id_members"),
    )


def downgrade() -> None:
    op.drop_table("last_seen")
