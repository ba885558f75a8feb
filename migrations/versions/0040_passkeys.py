"""Passkeys (issue 33.1).

passkey_users: a member's WebAuthn user handle, random (never the member's id or
address), made with their first passkey; a sign-in without the address finds the member
by it. passkeys: each credential's id and COSE public key (base64url), the signature
counter last seen, the member's name for it, its transports, when made and last used.
passkey_challenges: a ceremony's challenge (registration, sign-in, confirming a session),
kept as a SHA-256 only, single use and short-lived; the expired ones are swept as new
ones are issued.

Revision ID: 0040
Revises: 0039
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from adapters.sql.tables import UtcDateTime

revision = "0040"
down_revision = "0039"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "passkey_users",
        sa.Column("member_id", sa.Integer,
                  sa.ForeignKey("members.id", ondelete="CASCADE",
                                name="fk_passkey_users_member_id_members"),
                  nullable=False),
        sa.Column("handle", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("member_id", name="pk_passkey_users"),
        sa.UniqueConstraint("handle", name="uq_passkey_users_handle"),
    )
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer,
                  sa.ForeignKey("members.id", ondelete="CASCADE",
                                name="fk_passkeys_member_id_members"),
                  nullable=False),
        sa.Column("credential_id", sa.String(1400), nullable=False),
        sa.Column("public_key", sa.String(2048), nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("transports", sa.String(100), nullable=False, server_default=""),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("last_used_at", UtcDateTime),
        sa.PrimaryKeyConstraint("id", name="pk_passkeys"),
        sa.UniqueConstraint("credential_id", name="uq_passkeys_credential_id"),
    )
    op.create_index("ix_passkeys_member_id", "passkeys", ["member_id"])
    op.create_table(
        "passkey_challenges",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("challenge_hash", sa.String(64), nullable=False),
        sa.Column("ceremony", sa.String(10), nullable=False),
        sa.Column("site_id", sa.Integer,
                  sa.ForeignKey("sites.id", ondelete="CASCADE",
                                name="fk_passkey_challenges_site_id_sites"),
                  nullable=False),
        sa.Column("member_id", sa.Integer,
                  sa.ForeignKey("members.id", ondelete="CASCADE",
                                name="fk_passkey_challenges_member_id_members")),
        sa.Column("session_hash", sa.String(64)),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("used_at", UtcDateTime),
        sa.PrimaryKeyConstraint("id", name="pk_passkey_challenges"),
        sa.UniqueConstraint("challenge_hash", name="uq_passkey_challenges_challenge_hash"),
    )
    op.create_index("ix_passkey_challenges_member_id", "passkey_challenges", ["member_id"])
    op.create_index("ix_passkey_challenges_expires_at", "passkey_challenges",
                    ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_passkey_challenges_expires_at", table_name="passkey_challenges")
    op.drop_index("ix_passkey_challenges_member_id", table_name="passkey_challenges")
    op.drop_table("passkey_challenges")
    op.drop_index("ix_passkeys_member_id", table_name="passkeys")
    op.drop_table("passkeys")
    op.drop_table("passkey_users")
