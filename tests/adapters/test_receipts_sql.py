"""Receipt numbers on SQLite and PostgreSQL (issue 34.4): parallel payments, each
settled by the shop as the gateway's webhook would, take the company's numbers 1..N of
the year without a gap or a repeat - also the very first ones, when the year's counter
does not exist yet and every payment wants to create it."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime

from sqlalchemy import select

from adapters.container import Container
from adapters.sql.tables import receipt_counters, receipts
from domain.members import AccountStatus, Member, Profile
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle
from domain.receipts import Seller
from tests.conftest import sample_company, seed_default_site
from tests.lookups import found

PAYMENTS = 12
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def open_orders(container: Container, count: int, first: int = 0) -> list[str]:
    """``count`` members with an open order each (one member per order: their ledger
    rows do not make the payments queue); the orders' payment ids."""
    with container.unit_of_work() as work:
        if not work.bundles.of_site(1):
            work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=100,
                                                   price=1499, currency="EUR")])
        bundle = work.bundles.of_site(1)[0].id
        payments = []
        for n in range(first, first + count):
            member = work.members.add(Member(
                id=0, site_id=1, email=f"payer{n}@example.com", status=AccountStatus.ACTIVE,
                language="en", created_at=T0, profile=Profile(
                    name=f"Payer{n}", gender="female", birth_date=date(1990, 1, 1),
                    country="NL")))
            order = work.orders.add(Order(
                id=0, member_id=member.id, site_id=1, bundle_id=bundle, credits=100,
                amount=1499, currency="EUR", method="ideal", provider="sandbox",
                created_at=T0, country="NL", profile_country="NL"))
            work.orders.set_payment(order.id, f"tr_race_{n}", "https://pay.test")
            payments.append(f"tr_race_{n}")
        work.commit()
    return payments


def settle_at_once(container: Container, payments: list[str]) -> None:
    settlement = container.settlement()
    start = threading.Barrier(len(payments))

    def pay(payment: str) -> None:
        start.wait(30)
        settlement.settle("sandbox", payment, OrderStatus.PAID)

    with ThreadPoolExecutor(max_workers=len(payments)) as pool:
        list(pool.map(pay, payments))  # re-raises what a thread raised


def numbered(container: Container) -> list[tuple[int, int, int, int]]:
    with container.engine().connect() as connection:
        return [tuple(row) for row in connection.execute(
            select(receipts.c.order_id, receipts.c.company_id, receipts.c.year,
                   receipts.c.number).order_by(receipts.c.number))]


def test_parallel_payments_take_numbers_one_to_n_without_gaps_or_repeats(
        container: Container) -> None:
    seed_default_site(container)
    first = open_orders(container, PAYMENTS)
    settle_at_once(container, first)  # the year's counter is made by one of them
    again = open_orders(container, PAYMENTS, first=PAYMENTS)
    settle_at_once(container, again + first)  # the first ones again: replays change nothing
    rows = numbered(container)
    year = datetime.now(UTC).year
    assert [number for *_, number in rows] == list(range(1, 2 * PAYMENTS + 1))
    assert {(company, row_year) for _, company, row_year, _ in rows} == {(1, year)}
    assert len({order for order, *_ in rows}) == 2 * PAYMENTS  # one receipt an order
    with container.engine().connect() as connection:
        assert connection.execute(select(receipt_counters.c.company_id, receipt_counters.c.year,
                                         receipt_counters.c.last_number)).all() == [
            (1, year, 2 * PAYMENTS)]
    with container.unit_of_work() as work:
        paid = [work.orders.by_payment("sandbox", payment) for payment in first + again]
        assert all(order and order.status is OrderStatus.PAID for order in paid)


def test_a_number_is_not_used_up_by_a_transaction_that_does_not_commit(
        container: Container) -> None:
    seed_default_site(container)
    open_orders(container, 2)
    seller = Seller.of(sample_company())
    with container.unit_of_work() as work:
        assert work.receipts.issue(1, 1, 2026, seller, T0).number == "2026-000001"
        # no commit: the number goes back
    with container.unit_of_work() as work:
        issued = work.receipts.issue(2, 1, 2026, seller, T0)
        again = work.receipts.issue(2, 1, 2026, seller, T0)  # the order keeps its receipt
        work.commit()
    assert issued == again and issued.number == "2026-000001"
    with container.unit_of_work() as work:
        assert work.receipts.issue(1, 1, 2027, seller, T0).number == "2027-000001"
        assert work.receipts.issue(1, 1, 2027, seller, T0).sequence == 1  # kept
        work.commit()
    with container.unit_of_work() as work:
        assert work.receipts.of_order(2) == issued
        assert found(work.receipts.of_order(2)).seller == seller
        assert work.receipts.numbers_of([1, 2, 99]) == {1: "2027-000001", 2: "2026-000001"}
        assert work.receipts.numbers_of([]) == {}
