"""The VAT figures' reading in SQL (issue 34.5): sums per company, VAT country, rate and
currency by the database, refunds one by one with what their order gave back before."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

import attrs
from sqlalchemy import Connection, Engine, func, select
from sqlalchemy.orm import aliased

from adapters.sql import tables as t
from adapters.sql.snapshots import read_only_snapshot
from domain.tax_report import RefundLine, SaleGroup

od, rf, st = t.orders, t.order_refunds, t.sites


@attrs.define
class SqlTaxReading:
    connection: Connection

    def sales(self, start: datetime, end: datetime,
              company_id: int | None) -> Sequence[SaleGroup]:
        query = (select(st.c.company_id, od.c.vat_country, od.c.vat_rate_bp, od.c.currency,
                        func.count().label("orders"), func.sum(od.c.amount).label("gross"),
                        func.sum(func.coalesce(od.c.net_amount, od.c.amount)).label("net"),
                        func.sum(func.coalesce(od.c.vat_amount, 0)).label("vat"))
                 .join(st, st.c.id == od.c.site_id)
                 .where(od.c.paid_at >= start, od.c.paid_at < end)  # ix_orders_paid_at
                 .group_by(st.c.company_id, od.c.vat_country, od.c.vat_rate_bp, od.c.currency))
        if company_id is not None:
            query = query.where(st.c.company_id == company_id)
        return [SaleGroup(company_id=row.company_id, country=row.vat_country,
                          rate_bp=row.vat_rate_bp, currency=row.currency, orders=row.orders,
                          gross=int(row.gross), net=int(row.net), vat=int(row.vat))
                for row in self.connection.execute(query)]

    def refunds(self, start: datetime, end: datetime,
                company_id: int | None) -> Sequence[RefundLine]:
        earlier = aliased(rf)
        before = (select(func.coalesce(func.sum(earlier.c.amount), 0))
                  .where(earlier.c.order_id == rf.c.order_id, earlier.c.id < rf.c.id)
                  .scalar_subquery())
        query = (select(st.c.company_id, od.c.vat_country, od.c.vat_rate_bp, od.c.currency,
                        od.c.paid_at, od.c.created_at, rf.c.amount, before.label("before"))
                 .join(od, od.c.id == rf.c.order_id).join(st, st.c.id == od.c.site_id)
                 .where(rf.c.created_at >= start, rf.c.created_at < end)  # its index
                 .order_by(rf.c.id))
        if company_id is not None:
            query = query.where(st.c.company_id == company_id)
        return [RefundLine(company_id=row.company_id, country=row.vat_country,
                           rate_bp=row.vat_rate_bp, currency=row.currency,
                           sold_on=(row.paid_at or row.created_at).date(), amount=row.amount,
                           before=int(row.before))
                for row in self.connection.execute(query)]


@attrs.define
class SqlTaxReadings:
    engine: Engine

    @contextmanager
    def __call__(self) -> Iterator[SqlTaxReading]:
        with read_only_snapshot(self.engine) as connection:
            yield SqlTaxReading(connection)
