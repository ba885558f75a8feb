"""In-memory receipts, keeping the SQL adapter's guarantees: per company and year the
numbers run 1, 2, 3 ..., and an order's receipt is issued once."""

from __future__ import annotations

from datetime import datetime

from domain.receipts import Receipt, Seller, receipt_number
from tests.application.memory_store import MemoryStore


class MemoryReceipts:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def issue(self, order_id: int, company_id: int, year: int, seller: Seller,
              at: datetime) -> Receipt:
        given = self.store.receipts.get(order_id)
        if given is not None:
            return given
        number = self.store.receipt_counters.get((company_id, year), 0) + 1
        self.store.receipt_counters[company_id, year] = number
        receipt = Receipt(order_id=order_id, company_id=company_id, year=year,
                          sequence=number, issued_at=at, seller=seller)
        self.store.receipts[order_id] = receipt
        return receipt

    def of_order(self, order_id: int) -> Receipt | None:
        return self.store.receipts.get(order_id)

    def numbers_of(self, order_ids: list[int]) -> dict[int, str]:
        return {order_id: receipt_number(receipt.year, receipt.sequence)
                for order_id in order_ids
                if (receipt := self.store.receipts.get(order_id)) is not None}
