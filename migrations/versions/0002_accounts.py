"""Accounts: activation, deletion, bans, traffic source, sessions, one-time tokens,
login failures.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("members") as batch:
        batch.add_column(sa.Column("activated_at", UtcDateTime))
        batch.add_column(sa.Column("deleted_at", UtcDateTime))
        batch.add_column(sa.Column("delete_reason", sa.String(500)))
        batch.add_column(sa.Column("banned_at", UtcDateTime))
        batch.add_column(sa.Column("ban_reason", sa.String(500)))
        batch.add_column(sa.Column("erased_at", UtcDateTime))
        batch.add_column(sa.Column("traffic", sa.JSON))
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("revoked_at", UtcDateTime),
        sa.Column("ip", sa.String(45)),
        sa.Column("user_agent", sa.String(300)),
        sa.PrimaryKeyConstraint("id", name="pk_sessions"),
        sa.UniqueConstraint("token_hash", name="uq_sessions_token_hash"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], ondelete="CASCADE", name="fk_sessions_member_id_members"
        ),
    )
    op.create_index("ix_sessions_member_id", "sessions", ["member_id"])
    op.create_table(
        "account_tokens",
        sa.Column("id", sa.Integer),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("purpose", sa.String(20), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("new_email", sa.String(254)),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("used_at", UtcDateTime),
        sa.PrimaryKeyConstraint("id", name="pk_account_tokens"),
        sa.UniqueConstraint("token_hash", name="uq_account_tokens_token_hash"),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            ondelete="CASCADE",
            name="fk_account_tokens_member_id_members",
        ),
    )
    op.create_index("ix_account_tokens_member_id", "account_tokens", ["member_id"])
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer),
        sa.Column("site_id", sa.Integer, nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("ip", sa.String(45), nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_login_failures"),
        sa.ForeignKeyConstraint(
            ["site_id"], ["sites.id"], ondelete="CASCADE", name="fk_login_failures_site_id_sites"
        ),
    )
    op.create_index("ix_login_failures_account", "login_failures", ["site_id", "email", "at"])
    op.create_index("ix_login_failures_ip", "login_failures", ["ip", "at"])


def downgrade() -> None:
    for table in ("login_failures", "account_tokens", "sessions"):
        op.drop_table(table)
    with op.batch_alter_table("members") as batch:
        for column in (
            "traffic",
            "erased_at",
            "ban_reason",
            "banned_at",
            "delete_reason",
            "deleted_at",
            "activated_at",
        ):
            batch.drop_column(column)
