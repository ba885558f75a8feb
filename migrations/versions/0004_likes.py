"""Likes, matches and the swipe game's swipes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _member(column: str, table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], ["members.id"], ondelete="CASCADE",
                                   name=f"fk_{table}_{column}_members")


def upgrade() -> None:
    op.create_table(
        "likes",
        sa.Column("liker_id", sa.Integer, nullable=False),
        sa.Column("liked_id", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("is_new", sa.Boolean, nullable=False),
        sa.Column("modal_shown", sa.Boolean, nullable=False),
        sa.Column("match_seen", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("liker_id", "liked_id", name="pk_likes"),
        _member("liker_id", "likes"), _member("liked_id", "likes"),
    )
    op.create_index("ix_likes_liked", "likes", ["liked_id", "created_at"])
    op.create_table(
        "swipes",
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("target_id", sa.Integer, nullable=False),
        sa.Column("liked", sa.Boolean, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("member_id", "target_id", name="pk_swipes"),
        _member("member_id", "swipes"), _member("target_id", "swipes"),
    )
    op.create_index("ix_swipes_day", "swipes", ["member_id", "liked", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_swipes_day", table_name="swipes")
    op.drop_table("swipes")
    op.drop_index("ix_likes_liked", table_name="likes")
    op.drop_table("likes")
