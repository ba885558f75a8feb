"""Data export (issue 21.1): when the member last typed their password again in a
session; the download opens for a few minutes after it.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as sessions:
        sessions.add_column(sa.Column("confirmed_at", UtcDateTime))


def downgrade() -> None:
    with op.batch_alter_table("sessions") as sessions:
        sessions.drop_column("confirmed_at")
