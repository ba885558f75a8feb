"""Sessions and devices, new-device mails and undo links (issues 33.3, 33.4).

Issue 33.3, sessions and devices:
sessions.country: the country the reverse proxy's GeoIP header gave at sign-in (ISO
3166-1 alpha-2, NULL when it gave none): the rough place Settings shows for the session.
sessions.last_seen_at: when the session was last used, written at most once every few
minutes per session (application.sign_in_sessions.SEEN_EVERY); NULL until then (the
list shows when it began). A "was this you?" mail's link to end a session is an
account_tokens row (purpose "end_session", target the session's id): nothing new here.

Revision ID: 0041
Revises: 0040
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0041"
down_revision = "0040"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Issue 33.3: plain ALTER TABLE ... ADD COLUMN (nullable), on SQLite and PostgreSQL.
    op.add_column("sessions", sa.Column("country", sa.String(2), nullable=True))
    op.add_column("sessions", sa.Column("last_seen_at", UtcDateTime(), nullable=True))


def downgrade() -> None:
    # Issue 33.3: no foreign key points at sessions, so a plain DROP COLUMN (SQLite 3.35+).
    op.drop_column("sessions", "last_seen_at")
    op.drop_column("sessions", "country")
