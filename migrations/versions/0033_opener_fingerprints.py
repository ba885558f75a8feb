"""The scam shield's opener fingerprints (issue 31.2).

opener_fingerprints: the MinHash signature (domain/mass_openers.py) of each opener long
enough to be a script, its sender, its recipient and when; nearly the same opener to five
members within a day is a finding. Kept two days.
ix_complaints_member: the members reporting a member, whose reports lower their daily
number of new conversations.

Revision ID: 0033
Revises: 0032
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0033"
down_revision = "0032"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "opener_fingerprints",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("member_id", sa.Integer(), sa.ForeignKey("members.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("recipient_id", sa.Integer(),
                  sa.ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
        sa.Column("signature", sa.String(1024), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
    )
    op.create_index("ix_opener_fingerprints_member", "opener_fingerprints",
                    ["member_id", "created_at"])
    op.create_index("ix_opener_fingerprints_created", "opener_fingerprints", ["created_at"])
    op.create_index("ix_complaints_member", "complaints", ["member_id"])


def downgrade() -> None:
    op.drop_index("ix_complaints_member", table_name="complaints")
    op.drop_index("ix_opener_fingerprints_created", table_name="opener_fingerprints")
    op.drop_index("ix_opener_fingerprints_member", table_name="opener_fingerprints")
    op.drop_table("opener_fingerprints")
