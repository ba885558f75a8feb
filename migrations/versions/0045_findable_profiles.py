"""What search checks of the member, kept on the profile (issue 36.2): profiles.findable_site
is the member's site while they can be found (visible, and active, or unconfirmed with
an active profile: domain.discovery.findable), NULL otherwise; profiles.listing is the
member's listing (members.listing). Triggers keep both as members and profiles change,
whoever writes them, on PostgreSQL and SQLite alike.

A search counted and paged its matches from the profiles' indexes, then looked each one
up in ix_members_search or ix_members_listing for the site, visibility, status and
listing: for a search that counts 1,000 matches that was 1,000 lookups, most of its
time (bench_search_http: PostgreSQL at a core for 90 searches/s). With these columns in
the profiles' search indexes, counting reads one index range, and each listing's first
page is a backward walk of one index that stops after the page.

Revision ID: 0045
Revises: 0044
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0045"
down_revision = "0044"
branch_labels = None
depends_on = None

# domain.discovery.findable in SQL, for member ``m`` and its profile's status
# ``profile_status``.
_FINDABLE_SITE = ("CASE WHEN NOT {m}.invisible AND ({m}.status = 'active' OR "
                  "({m}.status = 'not_confirmed' AND {profile_status} = 'active')) "
                  "THEN {m}.site_id END")

_BACKFILL = (
    "UPDATE profiles SET findable_site = (SELECT "
    + _FINDABLE_SITE.format(m="m", profile_status="profiles.status")
    + " FROM members m WHERE m.id = profiles.member_id), "
    "listing = (SELECT m.listing FROM members m WHERE m.id = profiles.member_id)")

_POSTGRES = [
    # A profile written (its first insert, or a new status) takes its member's facts.
    """CREATE FUNCTION amora_profile_findable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        SELECT """ + _FINDABLE_SITE.format(m="m", profile_status="NEW.status") + """,
               m.listing
          INTO NEW.findable_site, NEW.listing
          FROM members m WHERE m.id = NEW.member_id;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER tr_profiles_findable BEFORE INSERT OR UPDATE OF status, member_id
    ON profiles FOR EACH ROW EXECUTE FUNCTION amora_profile_findable()""",
    # A member's site, visibility, status or listing changed: their profile follows.
    """CREATE FUNCTION amora_member_findable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE profiles SET findable_site = """
    + _FINDABLE_SITE.format(m="NEW", profile_status="profiles.status") + """,
               listing = NEW.listing
         WHERE profiles.member_id = NEW.id;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER tr_members_findable AFTER UPDATE OF site_id, invisible, status, listing
    ON members FOR EACH ROW
    WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.invisible IS DISTINCT FROM
          NEW.invisible OR OLD.status IS DISTINCT FROM NEW.status OR
          OLD.listing IS DISTINCT FROM NEW.listing)
    EXECUTE FUNCTION amora_member_findable()""",
]

_SQLITE_PROFILE = (
    "BEGIN UPDATE profiles SET findable_site = (SELECT "
    + _FINDABLE_SITE.format(m="m", profile_status="NEW.status")
    + " FROM members m WHERE m.id = NEW.member_id), "
    "listing = (SELECT m.listing FROM members m WHERE m.id = NEW.member_id) "
    "WHERE member_id = NEW.member_id; END")
_SQLITE = [
    # SQLite has no BEFORE trigger that sets NEW: the row is updated after its write
    # (recursive triggers are off, and these update neither status nor member_id).
    "CREATE TRIGGER tr_profiles_findable_insert AFTER INSERT ON profiles "
    + _SQLITE_PROFILE,
    "CREATE TRIGGER tr_profiles_findable_update AFTER UPDATE OF status, member_id "
    "ON profiles " + _SQLITE_PROFILE,
    "CREATE TRIGGER tr_members_findable AFTER UPDATE OF site_id, invisible, status, listing "
    "ON members BEGIN UPDATE profiles SET findable_site = "
    + _FINDABLE_SITE.format(m="NEW", profile_status="profiles.status")
    + ", listing = NEW.listing WHERE member_id = NEW.id; END",
]

# The search indexes, each holding every column a search reads of a profile (so counting
# and paging stay index-only), now with findable_site and listing in place of the
# profile's status (which findable_site folds in).
_INDEXES = {
    "ix_profiles_search": ["gender", "country", "birth_date", "region", "findable_site",
                           "member_id", "sexuality", "lat", "lon", "listing"],
    "ix_profiles_age": ["gender", "birth_date", "findable_site", "member_id", "sexuality",
                        "lat", "lon", "listing"],
    "ix_profiles_position": ["lat", "lon", "gender", "sexuality", "birth_date",
                             "findable_site", "member_id", "listing"],
    # One listing's members of a gender, newest first: a page walks it backwards.
    "ix_profiles_listed": ["gender", "listing", "member_id", "findable_site", "birth_date",
                           "sexuality", "lat", "lon", "country", "region"],
    # The same for searches of every gender.
    "ix_profiles_listing": ["listing", "member_id", "findable_site", "gender", "birth_date",
                            "sexuality", "lat", "lon", "country", "region"],
}
_BEFORE = {
    "ix_profiles_search": ["gender", "country", "birth_date", "region", "status",
                           "member_id", "sexuality", "lat", "lon"],
    "ix_profiles_age": ["gender", "birth_date", "status", "member_id", "sexuality", "lat",
                        "lon"],
    "ix_profiles_position": ["lat", "lon", "gender", "sexuality", "birth_date", "status",
                             "member_id"],
}


# Search no longer looks its matches up in members: their indexes for it go.
_MEMBERS_BEFORE = {
    "ix_members_search": ["id", "site_id", "invisible", "status"],
    "ix_members_listing": ["listing", "id", "site_id", "invisible", "status", "is_fictional"],
}


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("findable_site", sa.Integer))
        batch.add_column(sa.Column("listing", sa.SmallInteger, nullable=False,
                                   server_default="2"))
    op.execute(_BACKFILL)
    for name in _BEFORE:
        op.drop_index(name, "profiles")
    for name, columns in _INDEXES.items():
        op.create_index(name, "profiles", columns)
    for name in _MEMBERS_BEFORE:
        op.drop_index(name, "members")
    for statement in _POSTGRES if op.get_bind().dialect.name == "postgresql" else _SQLITE:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER tr_members_findable ON members")
        op.execute("DROP TRIGGER tr_profiles_findable ON profiles")
        op.execute("DROP FUNCTION amora_member_findable()")
        op.execute("DROP FUNCTION amora_profile_findable()")
    else:
        for name in ("tr_members_findable", "tr_profiles_findable_insert",
                     "tr_profiles_findable_update"):
            op.execute(f"DROP TRIGGER {name}")
    for name, columns in _MEMBERS_BEFORE.items():
        op.create_index(name, "members", columns)
    for name in _INDEXES:
        op.drop_index(name, "profiles")
    for name, columns in _BEFORE.items():
        op.create_index(name, "profiles", columns)
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("listing")
        batch.drop_column("findable_site")
