"""Withdrawal from a purchase (issue 34.2).

Revision ID: 0044
Revises: 0043
Create Date: 2026-11-28
"""

from alembic import op  # noqa: F401

revision = "0044"
down_revision = "0043"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
