"""The scam shield on messages (issue 31.2).

messages.flags: the screening's reasons (comma-separated) of a message its sender sent
anyway after the nudge; the recipient's chat shows a warning and a one-tap report with it.
messages.held: the sender is held by the shield, so the message waits undelivered until an
operator releases the sender (then it is delivered) or bans them.

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("flags", sa.String(200)))
        batch.add_column(sa.Column("held", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_index("ix_messages_sender_held", "messages", ["sender_id", "held"])
    op.create_index("ix_messages_flagged", "messages", ["created_at"],
                    sqlite_where=sa.text("flags IS NOT NULL"),
                    postgresql_where=sa.text("flags IS NOT NULL"))


def downgrade() -> None:
    op.drop_index("ix_messages_flagged", table_name="messages")
    op.drop_index("ix_messages_sender_held", table_name="messages")
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("held")
        batch.drop_column("flags")
