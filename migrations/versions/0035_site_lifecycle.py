"""Renaming and closing a site (issue 32.5).

site_aliases: a renamed site's former domains; requests to one are redirected to the same
path on the site's domain, and no other site may take it.
sites.closed_at, sites.closed_reason: a closed site takes no sign-ups or purchases; its
members keep their accounts, data and rights. The reason is the operators'.

Revision ID: 0035
Revises: 0036
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0035"
down_revision = "0036"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_aliases",
        sa.Column("domain", sa.String(253), primary_key=True),
        sa.Column("site_id", sa.Integer(), sa.ForeignKey("sites.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
    )
    op.create_index("ix_site_aliases_site_id", "site_aliases", ["site_id"])
    with op.batch_alter_table("sites") as batch:
        batch.add_column(sa.Column("closed_at", UtcDateTime(), nullable=True))
        batch.add_column(sa.Column("closed_reason", sa.String(500), nullable=True))


def downgrade() -> None:
    op.drop_index("ix_site_aliases_site_id", table_name="site_aliases")
    op.drop_table("site_aliases")
    # Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+), not a batch copy: copying `sites`
    # would drop the table its members point at, which SQLite's foreign keys refuse.
    op.drop_column("sites", "closed_reason")
    op.drop_column("sites", "closed_at")
