"""Receipts numbered without gaps per company and year (issue 34.4).

Revision ID: 0043
Revises: 0042
Create Date: 2026-11-28
"""

from alembic import op  # noqa: F401

revision = "0043"
down_revision = "0042"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
