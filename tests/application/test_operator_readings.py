"""The operator's readings on in-memory ports: the day at a glance (every site's today in
its own time zone, sites of one zone read together, one site by its domain) and the VAT
report of a quarter (its bounds in UTC, one company or all, a refund of an earlier
quarter's sale on that quarter's line)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime

import attrs
import pytest

from application.tax_report import TaxReports
from application.today import SERVER_ERRORS_WINDOW, AtAGlance
from domain.errors import DomainError
from domain.tax_report import RefundLine, SaleGroup
from domain.today import Activity, Outbox, Queue, Queues, Window
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.people import factory, new_store
from tests.conftest import sample_company, sample_site

NOW = datetime(2026, 11, 21, 23, 30, tzinfo=UTC)  # already the 22nd in Amsterdam


def _sites(store: MemoryStore) -> None:
    with MemoryUnitOfWork(store) as uow:  # amora.test (1) is in Amsterdam
        uow.sites.add(sample_site(1, domain="flirt.test", is_default=False))
        uow.sites.add(sample_site(1, domain="nyc.test", is_default=False,
                                  time_zone="America/New_York"))
        uow.commit()


@attrs.define
class Reading:
    """Answers every site with its id as its sign-ups, remembering what it was asked."""

    asked: list[tuple[tuple[int, ...], tuple[Window, ...]]] = attrs.Factory(list)

    def activity(self, site_ids: Sequence[int], windows: Sequence[Window]
                 ) -> Mapping[int, Sequence[Activity]]:
        self.asked.append((tuple(site_ids), tuple(windows)))
        return {site_id: [Activity(signups=site_id * 10 + n) for n in range(3)]
                for site_id in site_ids}

    def queues(self, site_ids: Sequence[int]) -> Mapping[int, Queues]:
        return {site_id: Queues(complaints=Queue(count=site_id)) for site_id in site_ids}

    def outbox(self, failed_since: datetime) -> Outbox:
        return Outbox(failed_today=1 if failed_since == datetime(2026, 11, 20, 23, 30,
                                                                  tzinfo=UTC) else 0)

    def server_errors(self, since: datetime) -> Mapping[int, int]:
        return {503: 2, 500: 1} if since == NOW - SERVER_ERRORS_WINDOW else {}


def _glance(store: MemoryStore, reading: Reading) -> AtAGlance:
    @contextmanager
    def readings() -> Iterator[Reading]:
        yield reading

    return AtAGlance(factory(store), FixedClock(NOW), readings)


def test_every_site_s_today_is_its_own_time_zone_s_and_one_zone_is_read_together() -> None:
    store, reading = new_store(), Reading()
    _sites(store)
    today = _glance(store, reading).today()
    assert [(s.domain, s.day.date) for s in today.sites] == [
        ("amora.test", date(2026, 11, 22)), ("flirt.test", date(2026, 11, 22)),
        ("nyc.test", date(2026, 11, 21))]
    assert sorted(ids for ids, _ in reading.asked) == [(1, 2), (3,)]
    amsterdam = today.sites[0].day
    assert amsterdam.today.start == datetime(2026, 11, 21, 23, tzinfo=UTC)
    assert [(s.today.signups, s.yesterday.signups, s.yesterday_by_now.signups)
            for s in today.sites] == [(10, 11, 12), (20, 21, 22), (30, 31, 32)]
    assert [s.queues.complaints.count for s in today.sites] == [1, 2, 3]
    assert list(today.server_errors.items()) == [(500, 1), (503, 2)]
    assert today.outbox.failed_today == 1  # given up in the last 24 hours


def test_one_site_by_its_domain_and_an_unknown_domain_refused() -> None:
    store, reading = new_store(), Reading()
    _sites(store)
    [only] = _glance(store, reading).today("nyc.test").sites
    assert only.domain == "nyc.test" and reading.asked[0][0] == (3,)
    with pytest.raises(DomainError) as unknown:
        _glance(store, Reading()).today("nowhere.test")
    assert unknown.value.code == "site_not_found"


@attrs.define
class Books:
    asked: list[tuple[datetime, datetime, int | None]] = attrs.Factory(list)

    def sales(self, start: datetime, end: datetime,
              company_id: int | None) -> Sequence[SaleGroup]:
        self.asked.append((start, end, company_id))
        return [SaleGroup(company_id=1, country="DE", rate_bp=1900, currency="EUR", orders=2,
                          gross=2380, net=2000, vat=380)]

    def refunds(self, start: datetime, end: datetime,
                company_id: int | None) -> Sequence[RefundLine]:
        return [RefundLine(company_id=1, country="DE", rate_bp=1900, currency="EUR",
                           sold_on=date(2026, 8, 3), amount=1190, before=0)]


def _reports(store: MemoryStore, books: Books) -> TaxReports:
    @contextmanager
    def readings() -> Iterator[Books]:
        yield books

    return TaxReports(factory(store), readings)


def test_a_quarter_s_report_reads_its_utc_bounds_and_puts_old_refunds_on_their_quarter() -> None:
    store, books = new_store(), Books()
    report = _reports(store, books).report(" 2026q4 ")
    assert (report.quarter, report.start, report.end) == (
        "2026Q4", datetime(2026, 10, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC))
    assert books.asked == [(report.start, report.end, None)]
    assert [c.name for c in report.companies] == ["Amora Media B.V."]
    by_period = {line.period: line for line in report.lines}
    assert (by_period["2026Q4"].orders, by_period["2026Q4"].vat) == (2, 380)
    assert (by_period["2026Q3"].refunds, by_period["2026Q3"].refunded,
            by_period["2026Q3"].refunded_vat) == (1, 1190, 190)


def test_one_company_s_report_and_bad_quarters_and_companies_refused() -> None:
    store, books = new_store(), Books()
    with MemoryUnitOfWork(store) as uow:
        uow.companies.add(sample_company(name="Nordlys Media AS"))
        uow.commit()
    report = _reports(store, books).report("2026Q4", company="nordlys media as")
    assert [c.id for c in report.companies] == [2] and books.asked[-1][2] == 2
    for quarter in ("2026Q5", "Q4", ""):
        with pytest.raises(DomainError) as bad:
            _reports(store, books).report(quarter)
        assert bad.value.code == "invalid_quarter"
    with pytest.raises(DomainError) as unknown:
        _reports(store, books).report("2026Q4", company="Nobody B.V.")
    assert unknown.value.code == "company_not_found"
