"""Receipts (issue 34.4): issued as an order is paid, shown and printed for its member.

The number is claimed in the transaction that marks the order paid (Shop.settle), so a
paid order always has one and an order that did not get paid never took one. A refund or
chargeback later leaves the receipt as it is.
"""

from __future__ import annotations

from datetime import datetime

from application.ports.unit_of_work import UnitOfWork
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
