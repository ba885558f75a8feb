"""Sessions and devices, new-device mails and undo links (issues 33.3, 33.4).

Revision ID: 0041
Revises: 0040
Create Date: 2026-11-28
"""

from alembic import op  # noqa: F401

revision = "0041"
down_revision = "0040"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
