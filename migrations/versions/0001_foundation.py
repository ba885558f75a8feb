"""Foundation: companies, sites, members, profiles, photos, audit log.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "companies",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("kvk", sa.String(50), nullable=False),
        sa.Column("addresses", sa.JSON, nullable=False),
        sa.Column("tradenames", sa.JSON, nullable=False),
        sa.Column("vat_numbers", sa.JSON, nullable=False),
        sa.Column("support_phone", sa.String(50), nullable=False),
        sa.Column("delete_discount", sa.Integer, nullable=False),
        sa.Column("added", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_companies"),
    )
    op.create_table(
        "sites",
        sa.Column("id", sa.Integer),
        sa.Column("domain", sa.String(253), nullable=False),
        sa.Column("company_id", sa.Integer, nullable=False),
        sa.Column("is_default", sa.Boolean, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sites"),
        sa.UniqueConstraint("domain", name="uq_sites_domain"),
        sa.ForeignKeyConstraint(["company_id"], ["companies.id"],
                                name="fk_sites_company_id_companies"),
    )
    op.create_table(
        "members",
        sa.Column("id", sa.Integer),
        sa.Column("site_id", sa.Integer, nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("password_hash", sa.String(255)),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("language", sa.String(5), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("is_fictional", sa.Boolean, nullable=False),
        sa.Column("invisible", sa.Boolean, nullable=False),
        sa.Column("paid_user", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_members"),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name="fk_members_site_id_sites"),
    )
    op.create_index("uq_members_site_email", "members", ["site_id", "email"], unique=True)
    op.create_table(
        "profiles",
        sa.Column("member_id", sa.Integer),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("gender", sa.String(10), nullable=False),
        sa.Column("sexuality", sa.String(20), nullable=False),
        sa.Column("birth_date", sa.Date, nullable=False),
        sa.Column("country", sa.String(2), nullable=False),
        sa.Column("region", sa.String(10)),
        sa.Column("city", sa.String(100)),
        sa.Column("about_me", sa.Text, nullable=False),
        sa.Column("interests", sa.JSON, nullable=False),
        sa.Column("hair_colour", sa.String(20)),
        sa.Column("eye_colour", sa.String(20)),
        sa.Column("body_type", sa.String(20)),
        sa.Column("relationship_status", sa.String(20)),
        sa.Column("tattoos", sa.String(20)),
        sa.Column("status", sa.String(20), nullable=False),
        sa.PrimaryKeyConstraint("member_id", name="pk_profiles"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_profiles_member_id_members"),
    )
    op.create_table(
        "photos",
        sa.Column("id", sa.Integer),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("filename", sa.String(200), nullable=False),
        sa.Column("thumb_filename", sa.String(200), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("is_main", sa.Boolean, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_photos"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], ondelete="CASCADE",
                                name="fk_photos_member_id_members"),
    )
    op.create_index("ix_photos_member_id", "photos", ["member_id"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("action", sa.String(100), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("details", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_audit_log"),
    )


def downgrade() -> None:
    for table in ("audit_log", "photos", "profiles", "members", "sites", "companies"):
        op.drop_table(table)
