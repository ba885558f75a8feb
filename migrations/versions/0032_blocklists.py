"""Block lists (issue 31.3): what a banned member left behind, so that coming back is
held for review.

blocklist: one row per listed e-mail address, e-mail domain, IP network, device id or
photo hash (domain/blocklists.py says how each is written and matched), with the note,
the member and the decision it came from, who listed it and when; one row per value.
photos.phash: the photo's perceptual hashes (64 + 256 bits, hex), and phash_0..phash_3 the
64-bit hash's quarters, indexed: a new photo finds the photos it may match by them.
sessions.device: the browser's device cookie (amora_device) at signup and login.

Revision ID: 0032
Revises: 0031
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None

_QUARTERS = ("phash_0", "phash_1", "phash_2", "phash_3")


def upgrade() -> None:
    op.create_table(
        "blocklist",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("value", sa.String(200), nullable=False),
        sa.Column("note", sa.String(500), nullable=False),
        sa.Column("member_id", sa.Integer, sa.ForeignKey("members.id", ondelete="SET NULL")),
        sa.Column("decision_id", sa.Integer,
                  sa.ForeignKey("decisions.id", ondelete="SET NULL")),
        sa.Column("added_by", sa.String(100), nullable=False),
        sa.Column("added_at", UtcDateTime, nullable=False),
    )
    op.create_index("uq_blocklist_value", "blocklist", ["kind", "value"], unique=True)
    op.create_index("ix_blocklist_member", "blocklist", ["member_id"])
    with op.batch_alter_table("photos") as batch:
        batch.add_column(sa.Column("phash", sa.String(80)))
        for name in _QUARTERS:
            batch.add_column(sa.Column(name, sa.Integer()))
    for name in _QUARTERS:
        op.create_index(f"ix_photos_{name}", "photos", [name])
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("device", sa.String(64)))
    op.create_index("ix_sessions_device", "sessions", ["device"])


def downgrade() -> None:
    op.drop_index("ix_sessions_device", table_name="sessions")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("device")
    for name in _QUARTERS:
        op.drop_index(f"ix_photos_{name}", table_name="photos")
    with op.batch_alter_table("photos") as batch:
        for name in reversed(_QUARTERS):
            batch.drop_column(name)
        batch.drop_column("phash")
    op.drop_index("ix_blocklist_member", table_name="blocklist")
    op.drop_index("uq_blocklist_value", table_name="blocklist")
    op.drop_table("blocklist")
