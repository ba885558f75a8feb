"""Members near each other (issue 29.2 and 29.3).

profiles.lat and profiles.lon: where the profile's place is, the centre of its grid cell
(domain.distance.snapped) found by the offline geocoder's towns (adapters.geo.places),
filled in here for every place already stored and kept by the members repository from
now on; NULL for a country alone. ix_profiles_position lets a radius search start from
its bounding box. ix_last_seen_seen_at finds who is online now. impressions counts how
often each member was shown in search results on a day, so best-first search can spread
attention (application.discovery).

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-12
"""

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def _backfill() -> None:
    """Each distinct place is looked up once; members are updated by key."""
    from adapters.geo.places import place_position
    from domain.distance import snapped

    connection = op.get_bind()
    profiles = connection.execute(sa.text(
        "SELECT member_id, country, region, city FROM profiles")).all()
    cells: dict[tuple[str, str | None, str | None], tuple[float, float] | None] = {}
    rows = []
    for member_id, country, region, city in profiles:
        place = (country, region, city)
        if place not in cells:
            found = place_position(country, region, city)
            cells[place] = None if found is None else (snapped(found).lat, snapped(found).lon)
        if (cell := cells[place]) is not None:
            rows.append({"lat": cell[0], "lon": cell[1], "member_id": member_id})
    if rows:
        connection.execute(sa.text(
            "UPDATE profiles SET lat = :lat, lon = :lon WHERE member_id = :member_id"), rows)


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("lat", sa.Float))
        batch.add_column(sa.Column("lon", sa.Float))
    op.create_index("ix_profiles_position", "profiles", ["lat", "lon"])
    op.create_index("ix_last_seen_seen_at", "last_seen", ["seen_at"])
    op.create_table(
        "impressions",
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("member_id", sa.Integer, sa.ForeignKey("members.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("shown", sa.Integer, nullable=False),
    )
    _backfill()


def downgrade() -> None:
    op.drop_table("impressions")
    op.drop_index("ix_last_seen_seen_at", "last_seen")
    op.drop_index("ix_profiles_position", "profiles")
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("lon")
        batch.drop_column("lat")
