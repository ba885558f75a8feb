"""Receipts (issue 34.4): issued as an order is paid, shown and printed for its member.

The number is claimed in the transaction that marks the order paid (Settlement.settle), so a
paid order always has one and an order that did not get paid never took one. A refund or
chargeback later leaves the receipt as it is; its money back shows on it as lines of
their own.
"""

from __future__ import annotations

import attrs

from application.ports.receipts import ReceiptPrinter, ReceiptView
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.receipts import pdf_name, receipt_view
from domain.errors import DomainError, NotFound
from domain.members import Member


@attrs.frozen
class ReceiptFile:
    filename: str
    content: bytes


@attrs.frozen
class Receipts:
    """GET /api/orders/{id}/receipt and its PDF: the member's own paid orders only."""

    uow: UnitFactory[ShopUnit]
    printer: ReceiptPrinter

    def view(self, member: Member, order_id: int) -> ReceiptView:
        with self.uow() as uow:
            order = uow.orders.get(order_id)
            if order is None or order.member_id != member.id:
                raise DomainError("order_not_found")
            receipt = uow.receipts.of_order(order.id)
            if receipt is None:  # not paid (yet): no receipt
                raise NotFound("receipt")
            # The member as stored now: a language changed since the session began.
            current = uow.members.get(member.id) or member
            return receipt_view(uow, order, receipt, current)

    def pdf(self, member: Member, order_id: int) -> ReceiptFile:
        view = self.view(member, order_id)
        return ReceiptFile(filename=pdf_name(view), content=self.printer.pdf(view))

    def method_name(self, method: str, language: str) -> str:
        return self.printer.method_name(method, language)
