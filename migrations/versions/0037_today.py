"""At a glance (issue 32.6).

server_errors: the 5xx responses the app answered, per minute and status, so that
`amora today` shows those of the last hour (Prometheus' counters live in the server
processes; the command line cannot read a window of them).
ix_photos_queue: the photo review queue by age, for `amora today` and the
amora_photo_queue_oldest_seconds gauge, without reading the other photos.
ix_members_created_at, ix_members_activated_at, ix_orders_failed: the sign-ups,
activations and failed payments of `amora today`'s two days without reading every member
and order (`amora stats signups` reads members by created_at too).

Revision ID: 0037
Revises: 0033
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0037"
down_revision = "0033"
branch_labels = None
depends_on = None

_QUEUE = sa.text("status IN ('pending', 'held')")
_FAILED = sa.text("status = 'failed'")


def upgrade() -> None:
    op.create_table(
        "server_errors",
        sa.Column("minute", UtcDateTime(), primary_key=True),
        sa.Column("status", sa.SmallInteger(), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
    )
    op.create_index("ix_photos_queue", "photos", ["created_at"], sqlite_where=_QUEUE,
                    postgresql_where=_QUEUE)
    op.create_index("ix_members_created_at", "members", ["created_at"])
    op.create_index("ix_members_activated_at", "members", ["activated_at"])
    op.create_index("ix_orders_failed", "orders", ["created_at"], sqlite_where=_FAILED,
                    postgresql_where=_FAILED)


def downgrade() -> None:
    op.drop_index("ix_orders_failed", table_name="orders")
    op.drop_index("ix_members_activated_at", table_name="members")
    op.drop_index("ix_members_created_at", table_name="members")
    op.drop_index("ix_photos_queue", table_name="photos")
    op.drop_table("server_errors")
