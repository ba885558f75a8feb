"""Discovery: blocks between members and the indexes search needs.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.Integer, nullable=False),
        sa.Column("blocked_id", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("blocker_id", "blocked_id", name="pk_blocks"),
        sa.ForeignKeyConstraint(["blocker_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_blocks_blocker_id_members"),
        sa.ForeignKeyConstraint(["blocked_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_blocks_blocked_id_members"),
    )
    op.create_index("ix_blocks_blocked", "blocks", ["blocked_id"])
    op.create_index("ix_profiles_search", "profiles", ["gender", "country", "birth_date"])
    op.create_index("ix_profiles_region", "profiles", ["country", "region"])
    op.create_index("ix_members_findable", "members",
                    ["site_id", "invisible", "status", "created_at"])
    op.create_index("ix_photos_main", "photos", ["member_id", "is_main", "status"])


def downgrade() -> None:
    for name, table in (("ix_photos_main", "photos"), ("ix_members_findable", "members"),
                        ("ix_profiles_region", "profiles"), ("ix_profiles_search", "profiles")):
        op.drop_index(name, table_name=table)
    op.drop_table("blocks")
