"""Search reads what it checks of a profile from its indexes (issue 29 item 2).

The two-way rule (profiles.sexuality) and the radius (profiles.lat, profiles.lon) came
after ix_profiles_search and ix_profiles_age, so PostgreSQL read each candidate's table
row to check them: a count of "men in NL 30-50" read 1,400 pages where 40 index pages
now do, and a radius search's box (ix_profiles_position) now carries the gender, the
two-way rule, the age and the status too. Key columns rather than INCLUDE: SQLite, the
embedded database, reads them from the index as well.

Revision ID: 0030
Revises: 0026
Create Date: 2026-11-28
"""

from alembic import op

revision = "0030"
down_revision = "0026"
branch_labels = None
depends_on = None

_BEFORE = {
    "ix_profiles_search": ["gender", "country", "birth_date", "region", "status", "member_id"],
    "ix_profiles_age": ["gender", "birth_date", "status", "member_id"],
    "ix_profiles_position": ["lat", "lon"],
}
_AFTER = {
    "ix_profiles_search": [*_BEFORE["ix_profiles_search"], "sexuality", "lat", "lon"],
    "ix_profiles_age": [*_BEFORE["ix_profiles_age"], "sexuality", "lat", "lon"],
    "ix_profiles_position": ["lat", "lon", "gender", "sexuality", "birth_date", "status",
                             "member_id"],
}


def _recreate(indexes: dict[str, list[str]]) -> None:
    for name, columns in indexes.items():
        op.drop_index(name, "profiles")
        op.create_index(name, "profiles", columns)


def upgrade() -> None:
    _recreate(_AFTER)


def downgrade() -> None:
    _recreate(_BEFORE)
