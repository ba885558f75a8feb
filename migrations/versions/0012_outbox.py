"""The transactional outbox: background jobs written with the change that causes them
(issue 16.2).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("args", sa.JSON, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("run_after", UtcDateTime, nullable=False),
        sa.Column("leased_until", UtcDateTime),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_error", sa.Text),
        sa.Column("failed_at", UtcDateTime),
    )
    op.create_index("ix_outbox_due", "outbox", ["failed_at", "run_after"])


def downgrade() -> None:
    op.drop_index("ix_outbox_due", "outbox")
    op.drop_table("outbox")
