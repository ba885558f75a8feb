"""Reports with context (issue 21.4): the messages a reporter selected in a conversation
go with the complaint.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "complaint_messages",
        sa.Column("complaint_id", sa.Integer, nullable=False),
        sa.Column("message_id", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("complaint_id", "message_id", name="pk_complaint_messages"),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaints.id"], ondelete="CASCADE",
                                name="fk_complaint_messages_complaint_id_complaints"),
        sa.ForeignKeyConstraint(["message_id"], ["messages.id"], ondelete="CASCADE",
                                name="fk_complaint_messages_message_id_messages"),
    )


def downgrade() -> None:
    op.drop_table("complaint_messages")
