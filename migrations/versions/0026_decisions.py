"""Decisions, appeals against any decision, and notices (issue 30).

decisions: the statement of reasons for every restriction of a member or their content.
Members banned or photos rejected before this revision get theirs now, from what was
kept (the ban's reason; the audit log's reason for a rejection), so that no restriction
in force is left without one; they can be contested for six months from today.

appeals: an appeal names its decision (decision_id); banned_at and ban_reason stay for
a ban's appeal only. One open appeal per decision (a partial unique index).

complaints: the notice's exact item, the notifier's name, language and good-faith
statement, and the outcome once resolved.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-14
"""

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

BACKFILLED_BY = "operator (before decisions were recorded)"


def _decisions_table() -> None:
    op.create_table(
        "decisions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("site_id", sa.Integer, sa.ForeignKey("sites.id"), nullable=False),
        sa.Column("member_id", sa.Integer, sa.ForeignKey("members.id", ondelete="SET NULL")),
        sa.Column("restriction", sa.String(30), nullable=False),
        sa.Column("item_kind", sa.String(20), nullable=False),
        sa.Column("item_id", sa.String(60)),
        sa.Column("facts", sa.Text, nullable=False),
        sa.Column("ground_kind", sa.String(10), nullable=False),
        sa.Column("ground_code", sa.String(60), nullable=False),
        sa.Column("detected_automatically", sa.Boolean, nullable=False),
        sa.Column("decided_automatically", sa.Boolean, nullable=False),
        sa.Column("decided_by", sa.String(100), nullable=False),
        sa.Column("decided_at", UtcDateTime, nullable=False),
        sa.Column("contest_until", UtcDateTime, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("notice_id", sa.Integer, sa.ForeignKey("complaints.id", ondelete="SET NULL")),
        sa.Column("lifted_at", UtcDateTime),
        sa.Column("lifted_by", sa.String(100)),
        sa.Column("undo", sa.JSON, nullable=False),
    )
    op.create_index("ix_decisions_member", "decisions", ["member_id", "decided_at"])
    op.create_index("ix_decisions_decided_at", "decisions", ["decided_at"])
    op.create_index("ix_decisions_item", "decisions", ["restriction", "item_id"])


def _backfill(now: datetime) -> None:
    from domain.decisions import CONTEST_MONTHS, months_later

    connection = op.get_bind()
    decisions = sa.table(
        "decisions", *(sa.column(name) for name in (
            "site_id", "member_id", "restriction", "item_kind", "item_id", "facts",
            "ground_kind", "ground_code", "detected_automatically", "decided_automatically",
            "decided_by", "decided_at", "contest_until", "status")),
        sa.column("undo", sa.JSON))
    contest_until = months_later(now, CONTEST_MONTHS)

    def row(site_id: int, member_id: int, restriction: str, kind: str, item: str,
            facts: str, by: str, at: datetime | None) -> dict[str, object]:
        return {"site_id": site_id, "member_id": member_id, "restriction": restriction,
                "item_kind": kind, "item_id": item, "facts": facts or "-",
                "ground_kind": "terms", "ground_code": "other_terms",
                "detected_automatically": False, "decided_automatically": False,
                "decided_by": by, "decided_at": at or now, "contest_until": contest_until,
                "status": "in_force", "undo": {}}

    rows = [row(site_id, member_id, "ban", "account", str(member_id), reason or "",
                BACKFILLED_BY, banned_at)
            for member_id, site_id, reason, banned_at in connection.execute(sa.text(
                "SELECT id, site_id, ban_reason, banned_at FROM members "
                "WHERE status = 'banned'"))]
    reasons = {subject: (actor, details) for subject, actor, details in connection.execute(
        sa.text("SELECT subject, actor, details FROM audit_log "
                "WHERE action = 'photos.reject' ORDER BY id"))}
    for photo_id, member_id, site_id, created_at in connection.execute(sa.text(
            "SELECT p.id, p.member_id, m.site_id, p.created_at FROM photos p "
            "JOIN members m ON m.id = p.member_id WHERE p.status = 'rejected'")):
        actor, details = reasons.get(str(photo_id), (BACKFILLED_BY, None))
        if isinstance(details, str):  # SQLite hands JSON back as text here
            details = json.loads(details)
        reason = details.get("reason", "") if isinstance(details, dict) else ""
        rows.append(row(site_id, member_id, "photo_rejected", "photo", str(photo_id),
                        reason, actor, created_at))
    if rows:
        connection.execute(sa.insert(decisions), rows)


def upgrade() -> None:
    _decisions_table()
    with op.batch_alter_table("appeals") as batch:
        batch.alter_column("banned_at", existing_type=UtcDateTime, nullable=True)
        batch.alter_column("ban_reason", existing_type=sa.String(500), nullable=True)
        batch.add_column(sa.Column("decision_id", sa.Integer, sa.ForeignKey(
            "decisions.id", name="fk_appeals_decision_id_decisions", ondelete="CASCADE")))
    op.create_index("uq_appeals_open_decision", "appeals", ["decision_id"], unique=True,
                    sqlite_where=sa.text("status = 'open'"),
                    postgresql_where=sa.text("status = 'open'"))
    with op.batch_alter_table("complaints") as batch:
        batch.add_column(sa.Column("item_kind", sa.String(20)))
        batch.add_column(sa.Column("item_id", sa.String(60)))
        batch.add_column(sa.Column("reporter_name", sa.String(100)))
        batch.add_column(sa.Column("good_faith", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("language", sa.String(5)))
        batch.add_column(sa.Column("outcome", sa.String(20)))
    op.create_index("ix_complaints_reporter", "complaints", ["reporter_id"])
    op.create_index("ix_complaints_email", "complaints", ["email"])
    _backfill(datetime.now(UTC).replace(tzinfo=None))


def downgrade() -> None:
    op.drop_index("ix_complaints_email", "complaints")
    op.drop_index("ix_complaints_reporter", "complaints")
    with op.batch_alter_table("complaints") as batch:
        for name in ("outcome", "language", "good_faith", "reporter_name", "item_id",
                     "item_kind"):
            batch.drop_column(name)
    op.drop_index("uq_appeals_open_decision", "appeals")
    with op.batch_alter_table("appeals") as batch:
        batch.drop_constraint("fk_appeals_decision_id_decisions", type_="foreignkey")
        batch.drop_column("decision_id")
    op.drop_table("decisions")
