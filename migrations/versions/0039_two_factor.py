"""Two-factor sign-in with an authenticator app (issue 33.2).

two_factor: a member's authenticator secret (one per member), when its set-up was
confirmed by a first code (NULL while being set up) and the time step of the last code
used, which makes every code single-use (one conditional UPDATE claims a step).
two_factor_recovery_codes: the ten recovery codes, argon2 hashes, each used once, with
their first two characters in the clear (hint) so that a typed code costs one hash.
The sign-in's second step keeps its short-lived challenge among the account tokens
(purpose "two_factor"), which need no change.

Revision ID: 0039
Revises: 0038
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0039"
down_revision = "0038"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "two_factor",
        sa.Column("member_id", sa.Integer(),
                  sa.ForeignKey("members.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("confirmed_at", UtcDateTime()),
        sa.Column("last_step", sa.BigInteger()),
    )
    op.create_table(
        "two_factor_recovery_codes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("member_id", sa.Integer(),
                  sa.ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
        sa.Column("hint", sa.String(2), nullable=False),
        sa.Column("code_hash", sa.String(200), nullable=False),
        sa.Column("used_at", UtcDateTime()),
    )
    op.create_index("ix_two_factor_recovery_codes_member_id", "two_factor_recovery_codes",
                    ["member_id"])


def downgrade() -> None:
    op.drop_index("ix_two_factor_recovery_codes_member_id",
                  table_name="two_factor_recovery_codes")
    op.drop_table("two_factor_recovery_codes")
    op.drop_table("two_factor")
