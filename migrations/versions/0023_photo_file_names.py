"""Photos found by their file name (issue 28.6): every /media/ request asks which photo a
name belongs to (its file or its thumbnail) to apply the photo rule, and anonymous
requests too. Without these indexes each asked for every row of photos.

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-28
"""

from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_photos_filename", "photos", ["filename"])
    op.create_index("ix_photos_thumb_filename", "photos", ["thumb_filename"])


def downgrade() -> None:
    op.drop_index("ix_photos_thumb_filename", "photos")
    op.drop_index("ix_photos_filename", "photos")
