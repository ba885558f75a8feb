"""An index for searches by gender and age without a country ("men 40-41"): without it
PostgreSQL counted them with a parallel scan of every profile (p50 21 -> 6 ms at 100k).

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26
"""

from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_profiles_age", "profiles", ["gender", "birth_date", "status", "member_id"])


def downgrade() -> None:
    op.drop_index("ix_profiles_age", "profiles")
