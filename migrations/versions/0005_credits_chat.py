"""Credits ledger and balances; conversations and messages.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str = "members") -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], ondelete="CASCADE",
                                   name=f"fk_{table}_{column}_{target}")


def upgrade() -> None:
    op.create_table(
        "credit_balances",
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("balance", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("member_id", name="pk_credit_balances"),
        _fk("credit_balances", "member_id"),
        sa.CheckConstraint("balance >= 0", name="balance_not_negative"),
    )
    op.create_table(
        "credit_ledger",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("balance_after", sa.Integer, nullable=False),
        sa.Column("idempotency_key", sa.String(100), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_credit_ledger"),
        _fk("credit_ledger", "member_id"),
    )
    op.create_index("uq_credit_ledger_key", "credit_ledger", ["member_id", "idempotency_key"],
                    unique=True)
    op.create_table(
        "conversations",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_low", sa.Integer, nullable=False),
        sa.Column("member_high", sa.Integer, nullable=False),
        sa.Column("started_by", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("last_message_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_conversations"),
        _fk("conversations", "member_low"), _fk("conversations", "member_high"),
        _fk("conversations", "started_by"),
    )
    op.create_index("uq_conversations_pair", "conversations", ["member_low", "member_high"],
                    unique=True)
    op.create_index("ix_conversations_started_by", "conversations", ["started_by"])
    op.create_table(
        "conversation_members",
        sa.Column("conversation_id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("unread", sa.Integer, nullable=False),
        sa.Column("hidden_before", sa.Integer),
        sa.PrimaryKeyConstraint("conversation_id", "member_id", name="pk_conversation_members"),
        _fk("conversation_members", "conversation_id", "conversations"),
        _fk("conversation_members", "member_id"),
    )
    op.create_index("ix_conversation_members_member", "conversation_members", ["member_id"])
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("conversation_id", sa.Integer, nullable=False),
        sa.Column("sender_id", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("cost", sa.Integer, nullable=False),
        sa.Column("free", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_messages"),
        _fk("messages", "conversation_id", "conversations"), _fk("messages", "sender_id"),
    )
    op.create_index("ix_messages_conversation", "messages", ["conversation_id", "id"])
    op.create_index("ix_messages_sender_free", "messages", ["sender_id", "free"])
    op.create_table(
        "presence",
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("hidden_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("member_id", name="pk_presence"),
        _fk("presence", "member_id"),
    )


def downgrade() -> None:
    for table in ("presence", "messages", "conversation_members", "conversations", "credit_ledger",
                  "credit_balances"):
        op.drop_table(table)
