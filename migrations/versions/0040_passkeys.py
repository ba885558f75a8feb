"""Passkeys (issue 33.1).

Revision ID: 0040
Revises: 0039
Create Date: 2026-11-28
"""

from alembic import op  # noqa: F401

revision = "0040"
down_revision = "0039"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
