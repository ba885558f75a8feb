"""Search indexes that make the capped count and keyset pages index-only (issue 17).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_profiles_search", "profiles")
    op.create_index("ix_profiles_search", "profiles",
                    ["gender", "country", "birth_date", "region", "status", "member_id"])
    op.create_index("ix_members_search", "members", ["id", "site_id", "invisible", "status"])


def downgrade() -> None:
    op.drop_index("ix_members_search", "members")
    op.drop_index("ix_profiles_search", "profiles")
    op.create_index("ix_profiles_search", "profiles", ["gender", "country", "birth_date"])
