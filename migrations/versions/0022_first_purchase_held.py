"""The first-purchase discount is held like a code, and orders keep where the member was
(issue 28.5 and 28.6).

The time bonus and the welcome discount are reserved under one name, 'first-purchase'
(domain.pricing.reservation), by uq_orders_reserved_code as once-per-member codes are; no
column is needed for that. Orders that took either discount before this revision held
nothing: the earliest of each member's that still holds or spent it takes the
reservation now, so the member's other open orders cannot pass it on to a new one.

New columns: the country an order was priced by and its evidence, the GeoIP country and
the profile's (domain.pricing.whereabouts). Older orders have none.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-09
"""

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

_HOLD = """
UPDATE orders SET reserved_code = 'first-purchase'
WHERE id IN (SELECT MIN(id) FROM orders
             WHERE discount_code IN ('TIMEBONUS25', 'WELCOME25') AND reserved_code IS NULL
               AND status IN ('open', 'pending', 'paid', 'refunded', 'charged_back')
             GROUP BY member_id)
"""


def upgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("country", sa.String(2)))
        batch.add_column(sa.Column("geoip_country", sa.String(2)))
        batch.add_column(sa.Column("profile_country", sa.String(2)))
    op.execute(_HOLD)


def downgrade() -> None:
    op.execute("UPDATE orders SET reserved_code = NULL WHERE reserved_code = 'first-purchase'")
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("profile_country")
        batch.drop_column("geoip_country")
        batch.drop_column("country")
