"""Direct debit: SMS codes and signed mandates.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sms_codes",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("phone", sa.String(20), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sms_codes"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_sms_codes_member_id_members"),
    )
    op.create_index("ix_sms_codes_member", "sms_codes", ["member_id", "created_at"])
    op.create_table(
        "mandates",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("account_holder", sa.String(100), nullable=False),
        sa.Column("iban", sa.String(34), nullable=False),
        sa.Column("street", sa.String(100), nullable=False),
        sa.Column("house_number", sa.String(20), nullable=False),
        sa.Column("postcode", sa.String(20), nullable=False),
        sa.Column("city", sa.String(100), nullable=False),
        sa.Column("phone", sa.String(20), nullable=False),
        sa.Column("signed_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_mandates"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_mandates_member_id_members"),
    )
    op.create_index("ix_mandates_member_id", "mandates", ["member_id"])


def downgrade() -> None:
    op.drop_table("mandates")
    op.drop_index("ix_sms_codes_member", table_name="sms_codes")
    op.drop_table("sms_codes")
