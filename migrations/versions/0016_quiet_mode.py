"""Quiet mode (issue 21.2): members switch off sharing typing, read receipts and their
online status; everyone shares all three until they say otherwise.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

SIGNALS = ("share_typing", "share_read_receipts", "show_online")


def upgrade() -> None:
    with op.batch_alter_table("members") as members:
        for name in SIGNALS:
            members.add_column(sa.Column(name, sa.Boolean, nullable=False,
                                         server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("members") as members:
        for name in SIGNALS:
            members.drop_column(name)
