"""Gifts in conversations, messages' idempotency keys; photos unlocked with credits.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("gift", sa.String(20)))
        batch.add_column(sa.Column("client_key", sa.String(64)))
        batch.create_index("uq_messages_client_key", ["sender_id", "client_key"], unique=True)
    op.create_table(
        "photo_unlocks",
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("photo_id", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("member_id", "photo_id", name="pk_photo_unlocks"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_photo_unlocks_member_id_members"),
        sa.ForeignKeyConstraint(["photo_id"], ["photos.id"], ondelete="CASCADE",
                                name="fk_photo_unlocks_photo_id_photos"),
    )


def downgrade() -> None:
    op.drop_table("photo_unlocks")
    with op.batch_alter_table("messages") as batch:
        batch.drop_index("uq_messages_client_key")
        batch.drop_column("client_key")
        batch.drop_column("gift")
