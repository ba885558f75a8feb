"""A receipt issued with a paid order, and the receipt as its PDF shows it (the use case
that hands a member their receipts is application.receipts)."""

from __future__ import annotations

from datetime import datetime

from application.ports.receipts import ReceiptView, RefundLine
from application.ports.shared_units import OrdersUnit
from application.ports.units import ShopUnit
from domain.members import Member
from domain.orders import Order
from domain.receipts import Receipt, Seller, receipt_year


def issue_receipt(uow: ShopUnit, order: Order, now: datetime) -> Receipt:
    """The paid order's receipt, with the next number of the company that runs the
    order's site: call it in the transaction that marks the order paid, as late in it as
    can be (the company's counter stays locked until that transaction ends)."""
    site = uow.sites.get(order.site_id)
    company = uow.companies.get(site.company_id) if site else None
    if site is None or company is None:  # foreign keys keep both
        raise AssertionError(f"order {order.id} has no site or company")
    return uow.receipts.issue(order.id, company.id, receipt_year(now), Seller.of(company),
                              now)


def receipt_view(uow: OrdersUnit, order: Order, receipt: Receipt, member: Member
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


def pdf_name(view: ReceiptView) -> str:
    return f"receipt-{view.number}.pdf"
