"""Where each member comes in lists, stored (issue 19.1): members.listing, 0 an active
main photo and a filled profile (an about-me and an interest), 1 a photo only, 2 no
photo (domain.discovery.listing_of), filled in here from the photos and profiles. A
search walks one listing of ix_members_listing backwards by id and stops after a page,
where probing each member's photos made every page cost what the members it skipped did.
The index holds every members column a search reads (is_fictional too, for the cards), so
PostgreSQL walks it index-only: without is_fictional it read each member's row and a
"men 40-41" first page took 5.7 ms instead of 0.9 ms (bench_search, 100k members).

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

# domain.discovery.profile_filled in SQL: about_me not blank (str.strip's usual
# whitespace) and a non-empty interests list.
_ABOUT_ME = {"postgresql": "btrim(p.about_me, E' \\t\\r\\n') <> ''",
             "sqlite": "trim(p.about_me, ' ' || char(9, 10, 13)) <> ''"}
_BACKFILL = """
UPDATE members SET listing = CASE
    WHEN NOT EXISTS (SELECT 1 FROM photos ph WHERE ph.member_id = members.id
                     AND ph.is_main AND ph.status = 'active') THEN 2
    WHEN EXISTS (SELECT 1 FROM profiles p WHERE p.member_id = members.id AND {about_me}
                 AND json_array_length(p.interests) > 0) THEN 0
    ELSE 1 END
"""


def upgrade() -> None:
    with op.batch_alter_table("members") as batch:
        batch.add_column(sa.Column("listing", sa.SmallInteger, nullable=False,
                                   server_default="2"))
    dialect = op.get_bind().dialect.name
    op.execute(_BACKFILL.format(about_me=_ABOUT_ME.get(dialect, _ABOUT_ME["sqlite"])))
    op.create_index("ix_members_listing", "members",
                    ["listing", "id", "site_id", "invisible", "status", "is_fictional"])


def downgrade() -> None:
    op.drop_index("ix_members_listing", "members")
    with op.batch_alter_table("members") as batch:
        batch.drop_column("listing")
