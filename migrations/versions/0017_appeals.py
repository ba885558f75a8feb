"""Appeals against bans (issue 21.3): one per ban, decided once by an operator.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "appeals",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("banned_at", UtcDateTime, nullable=False),
        sa.Column("ban_reason", sa.String(500), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("decided_at", UtcDateTime),
        sa.Column("decided_by", sa.String(100)),
        sa.Column("note", sa.Text),
        sa.PrimaryKeyConstraint("id", name="pk_appeals"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_appeals_member_id_members"),
    )
    op.create_index("uq_appeals_ban", "appeals", ["member_id", "banned_at"], unique=True)
    op.create_index("ix_appeals_status", "appeals", ["status", "id"])


def downgrade() -> None:
    op.drop_table("appeals")
