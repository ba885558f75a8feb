"""Marketing mail by opt-in (issue 29.7): the weekly update, offers, news and visit
reminders are off for members who sign up from now on until they opt in, and
notification_settings keeps the member's last word on it (given or withdrawn, when, where).

Members who joined before keep what they had: these four were on for them by default,
and now that the default is off each of them gets its current value written out (on,
unless they had turned it off). No one's choice changes silently.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

MARKETING = ("weekly_updates", "promotions", "news", "reminders")
BATCH = 1000

members = sa.table("members", sa.column("id", sa.Integer), sa.column("erased_at", sa.DateTime))
settings = sa.table("notification_settings", sa.column("member_id", sa.Integer),
                    sa.column("preferences", sa.JSON))


def _keep_what_they_had(connection: sa.Connection) -> None:
    """The old default written out for every member who has not chosen for themselves."""
    on = dict.fromkeys(MARKETING, True)
    connection.execute(sa.insert(settings).from_select(
        ["member_id", "preferences"],
        sa.select(members.c.id, sa.literal(on, sa.JSON)).where(
            members.c.erased_at.is_(None),
            ~members.c.id.in_(sa.select(settings.c.member_id)))))
    after = 0
    while True:
        rows = connection.execute(
            sa.select(settings.c.member_id, settings.c.preferences)
            .where(settings.c.member_id > after).order_by(settings.c.member_id)
            .limit(BATCH)).all()
        for member_id, preferences in rows:
            chosen = dict(preferences or {})
            if all(key in chosen for key in MARKETING):
                continue
            connection.execute(sa.update(settings).where(settings.c.member_id == member_id)
                               .values(preferences={**on, **chosen}))
        if len(rows) < BATCH:
            return
        after = rows[-1].member_id


def upgrade() -> None:
    with op.batch_alter_table("notification_settings") as batch:
        batch.add_column(sa.Column("marketing_consent", sa.Boolean))
        batch.add_column(sa.Column("marketing_consent_at", sa.DateTime))
        batch.add_column(sa.Column("marketing_consent_via", sa.String(20)))
    _keep_what_they_had(op.get_bind())


def downgrade() -> None:
    # The written-out values are what the old default said anyway: they stay.
    with op.batch_alter_table("notification_settings") as batch:
        batch.drop_column("marketing_consent_via")
        batch.drop_column("marketing_consent_at")
        batch.drop_column("marketing_consent")
