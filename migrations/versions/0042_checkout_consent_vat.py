"""Consent at checkout and VAT evidence on orders (issues 34.1, 34.3).

Revision ID: 0042
Revises: 0041
Create Date: 2026-11-28
"""

from alembic import op  # noqa: F401

revision = "0042"
down_revision = "0041"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
