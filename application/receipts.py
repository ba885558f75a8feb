"""Receipts (issue 34.4): issued as an order is paid, shown and printed for its member.

The number is claimed in the transaction that marks the order paid (Shop.settle), so a
paid order always has one and an order that did not get paid never took one. A refund or
chargeback later leaves the receipt as it is; its money back shows on it as lines of
their own.
"""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.receipts import ReceiptPrinter, ReceiptView, RefundLine
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from domain.errors import DomainError, NotFound
from domain.members import Member
from domain.orders import Order
from domain.receipts import Receipt, Seller, receipt_year


def issue_receipt(uow: UnitOfWork, order: Order, now: datetime) -> Receipt:
    """The paid order's receipt, with the next number of the company that runs the
    order's site: call it in the transaction that marks the order paid, as late in it as
    can be (the company's counter stays locked until that transaction ends)."""
    site = uow.sites.get(order.site_id)
    company = uow.companies.get(site.company_id) if site else None
    if site is None or company is None:  # foreign keys keep both
        raise AssertionError(f"order {order.id} has no site or company")
    return uow.receipts.issue(order.id, company.id, receipt_year(now), Seller.of(company),
                              now)


def receipt_view(uow: UnitOfWork, order: Order, receipt: Receipt, member: Member
                 ) -> ReceiptView:
    """What the order's receipt shows, in the member's language."""
    site = uow.sites.get(order.site_id)
    refunds = tuple(RefundLine(at=refund.created_at, amount=refund.amount, kind=refund.kind)
                    for refund in uow.orders.refunds(order.id))
    return ReceiptView(
        number=receipt.number, issued_at=receipt.issued_at, seller=receipt.seller,
        vat_number=receipt.seller.vat_number_for(order.vat_country),
        site=site.name if site else "", language=member.language, customer=member.email,
        country=order.vat_country or order.country or order.profile_country,
        order_id=order.id, credits=order.credits, method=order.method,
        currency=order.currency, gross=order.amount, net=order.net_amount,
        vat=order.vat_amount, vat_rate_bp=order.vat_rate_bp, vat_country=order.vat_country,
        refunds=refunds)


@attrs.frozen
class ReceiptFile:
    filename: str
    content: bytes


@attrs.frozen
class Receipts:
    """GET /api/orders/{id}/receipt and its PDF: the member's own paid orders only."""

    uow: UnitOfWorkFactory
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


def pdf_name(view: ReceiptView) -> str:
    return f"receipt-{view.number}.pdf"
