"""The scam shield on profile texts (issue 31.2).

profiles.text_flags: the screening's reasons per text for a name or about text its member
saved anyway after the nudge ("name=phone;about_me=money_request", see
domain.profile_flags.TextFlags); NULL when nothing is flagged. Visitors of the profile see
a warning; `amora safety queue` lists the flagged profiles through a partial index.

Revision ID: 0034
Revises: 0035
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0034"
down_revision = "0035"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("text_flags", sa.String(300)))
    op.create_index("ix_profiles_text_flags", "profiles", ["member_id"],
                    sqlite_where=sa.text("text_flags IS NOT NULL"),
                    postgresql_where=sa.text("text_flags IS NOT NULL"))


def downgrade() -> None:
    op.drop_index("ix_profiles_text_flags", table_name="profiles")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("text_flags")
