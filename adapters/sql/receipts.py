"""Receipts numbered without gaps per company and year (issue 34.4)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import Connection, insert, select, update

from adapters.sql.tables import receipt_counters as rc
from adapters.sql.tables import receipts as rt
from adapters.sql.upsert import insert_unless_exists
from domain.receipts import Receipt, Seller, receipt_number


def _seller(values: dict[str, Any]) -> Seller:
    return Seller(**{**values, "vat_numbers": tuple(values.get("vat_numbers") or ())})


def _receipt(row: Any) -> Receipt:
    return Receipt(order_id=row.order_id, company_id=row.company_id, year=row.year,
                   sequence=row.number, issued_at=row.issued_at, seller=_seller(row.seller))


@attrs.define
class SqlReceipts:
    connection: Connection

    def _claim(self, company_id: int, year: int) -> int | None:
        """The counter's next number, its row locked until the transaction ends: a
        parallel payment's UPDATE waits here, then counts on from what this one left."""
        claimed = self.connection.execute(
            update(rc).where(rc.c.company_id == company_id, rc.c.year == year)
            .values(last_number=rc.c.last_number + 1).returning(rc.c.last_number)).first()
        return int(claimed[0]) if claimed else None

    def issue(self, order_id: int, company_id: int, year: int, seller: Seller,
              at: datetime) -> Receipt:
        given = self.of_order(order_id)
        if given is not None:
            return given
        number = self._claim(company_id, year)
        if number is None:
            # The company's first receipt of the year: of two transactions creating the
            # counter, the second waits for the first's row, then claims after it.
            insert_unless_exists(self.connection, rc, company_id=company_id, year=year,
                                 last_number=0)
            number = self._claim(company_id, year)
            assert number is not None  # the row is there now, and locked by us
        receipt = Receipt(order_id=order_id, company_id=company_id, year=year,
                          sequence=number, issued_at=at, seller=seller)
        self.connection.execute(insert(rt).values(
            order_id=order_id, company_id=company_id, year=year, number=number,
            issued_at=at, seller=attrs.asdict(seller)))  # tuples become lists
        return receipt

    def of_order(self, order_id: int) -> Receipt | None:
        row = self.connection.execute(select(rt).where(rt.c.order_id == order_id)).first()
        return _receipt(row) if row else None

    def numbers_of(self, order_ids: list[int]) -> dict[int, str]:
        if not order_ids:
            return {}
        rows = self.connection.execute(select(rt.c.order_id, rt.c.year, rt.c.number).where(
            rt.c.order_id.in_(order_ids)))
        return {row.order_id: receipt_number(row.year, row.number) for row in rows}
