"""Notifications: preferences and mail-off reasons, push subscriptions, delivered
notifications (idempotency), and the target of login links.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("account_tokens") as batch:
        batch.add_column(sa.Column("target", sa.String(300)))
    op.create_table(
        "notification_settings",
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("preferences", sa.JSON, nullable=False),
        sa.Column("mail_off", sa.String(20)),
        sa.Column("mail_off_at", UtcDateTime),
        sa.PrimaryKeyConstraint("member_id", name="pk_notification_settings"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_notification_settings_member_id_members"),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_push_subscriptions"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_push_subscriptions_member_id_members"),
        sa.UniqueConstraint("endpoint", name="uq_push_subscriptions_endpoint"),
    )
    op.create_index("ix_push_subscriptions_member_id", "push_subscriptions", ["member_id"])
    op.create_table(
        "notifications_sent",
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("sent_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_notifications_sent"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_notifications_sent_member_id_members"),
    )
    op.create_index("ix_notifications_sent_member_id", "notifications_sent", ["member_id"])


def downgrade() -> None:
    op.drop_table("notifications_sent")
    op.drop_table("push_subscriptions")
    op.drop_table("notification_settings")
    with op.batch_alter_table("account_tokens") as batch:
        batch.drop_column("target")
