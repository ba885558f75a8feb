"""A member's dossier and the member search (issue 32.1).

ix_sessions_ip: the sessions by address, for `amora members list --ip` (an address, or a
network narrowed by the text its addresses start with: varchar_pattern_ops on PostgreSQL
serves LIKE 'prefix%' whatever the database's collation; SQLite's GLOB uses a plain index)
and for the accounts linked to a member by the same address, which without it read every
session ever begun.
ix_sessions_member_created replaces ix_sessions_member_id: the member's sessions as
before, and a member's latest log-in read from the index alone, so that sorting members by
their last activity (`--sort active`) costs one index probe per member.

Revision ID: 0038
Revises: 0034
Create Date: 2026-12-02
"""

from alembic import op

revision = "0038"
down_revision = "0034"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_sessions_ip", "sessions", ["ip"],
                    postgresql_ops={"ip": "varchar_pattern_ops"})
    op.create_index("ix_sessions_member_created", "sessions", ["member_id", "created_at"])
    op.drop_index("ix_sessions_member_id", table_name="sessions")


def downgrade() -> None:
    op.create_index("ix_sessions_member_id", "sessions", ["member_id"])
    op.drop_index("ix_sessions_member_created", table_name="sessions")
    op.drop_index("ix_sessions_ip", table_name="sessions")
