"""Two-factor sign-in with an authenticator app (issue 33.2).

Revision ID: 0039
Revises: 0038
Create Date: 2026-11-28
"""

from alembic import op  # noqa: F401

revision = "0039"
down_revision = "0038"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
