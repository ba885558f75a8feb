"""Lander visits (page bounces per lander and traffic source) and complaints.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lander_visits",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("visit_key", sa.String(64), nullable=False),
        sa.Column("site_id", sa.Integer, nullable=False),
        sa.Column("lander", sa.String(40), nullable=False),
        sa.Column("source", sa.String(60), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("engaged_at", UtcDateTime),
        sa.PrimaryKeyConstraint("id", name="pk_lander_visits"),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name="fk_lander_visits_site_id_sites"),
        sa.UniqueConstraint("visit_key", name="uq_lander_visits_visit_key"),
    )
    op.create_index("ix_lander_visits_stats", "lander_visits", ["site_id", "created_at"])
    op.create_table(
        "complaints",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("site_id", sa.Integer, nullable=False),
        sa.Column("reporter_id", sa.Integer),
        sa.Column("email", sa.String(254)),
        sa.Column("category", sa.String(30), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("member_id", sa.Integer),
        sa.Column("message_id", sa.Integer),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("resolved_at", UtcDateTime),
        sa.Column("resolution", sa.Text),
        sa.PrimaryKeyConstraint("id", name="pk_complaints"),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name="fk_complaints_site_id_sites"),
        sa.ForeignKeyConstraint(["reporter_id"], ["members.id"], ondelete="SET NULL",
                                name="fk_complaints_reporter_id_members"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="SET NULL",
                                name="fk_complaints_member_id_members"),
        sa.ForeignKeyConstraint(["message_id"], ["messages.id"], ondelete="SET NULL",
                                name="fk_complaints_message_id_messages"),
    )
    op.create_index("ix_complaints_status", "complaints", ["status", "created_at"])


def downgrade() -> None:
    op.drop_table("complaints")
    op.drop_table("lander_visits")
