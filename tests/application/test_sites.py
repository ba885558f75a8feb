"""The site use cases against in-memory ports."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from application.shared.site_directory import SiteDirectory
from application.site_queries import SiteQueries
from application.sites import SiteAdministration
from domain.errors import DomainError
from domain.sites import MessageCost
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.conftest import sample_company, sample_site


@pytest.fixture
def store() -> MemoryStore:
    store = MemoryStore()
    work = MemoryUnitOfWork(store)
    with work:
        company = work.companies.add(sample_company())
        work.sites.add(sample_site(company.id))
        work.sites.add(sample_site(company.id, domain="flirt.test", name="Flirt",
                                   is_default=False, entry_popup_countries=("NL", "DE")))
        work.commit()
    return store


def queries(store: MemoryStore) -> SiteQueries:
    return SiteQueries(uow=lambda **_: MemoryUnitOfWork(store),
                       sites=SiteDirectory(lambda **_: MemoryUnitOfWork(store), FixedClock()))


def admin(store: MemoryStore) -> SiteAdministration:
    return SiteAdministration(uow=lambda **_: MemoryUnitOfWork(store), clock=FixedClock())


def test_settings_resolve_by_host_and_fall_back_to_default(store: MemoryStore) -> None:
    assert queries(store).settings("flirt.test:8000", "en", None).name == "Flirt"
    assert queries(store).settings("unknown.example", "en", None).name == "Amora"
    assert queries(store).settings(None, "en", None).name == "Amora"


def test_sites_are_read_once_a_second_and_at_once_after_a_change_here(
        store: MemoryStore) -> None:
    clock = FixedClock()
    reads = []

    def uow(*, reads_only: bool = False, searches: bool = False) -> MemoryUnitOfWork:
        reads.append(clock.now())
        return MemoryUnitOfWork(store)

    directory = SiteDirectory(uow, clock)
    here = SiteQueries(uow=uow, sites=directory)
    assert here.settings("amora.test", "en", None).signup_credits == 0
    assert here.settings("flirt.test", "en", None).name == "Flirt"
    assert len(reads) == 1  # the second request was served from memory
    # Another process (`amora sites set`) changes a setting: seen within a second.
    admin(store).set("amora.test", "signup_credits", "25", "operator")
    clock.current += timedelta(milliseconds=999)
    assert here.settings("amora.test", "en", None).signup_credits == 0
    clock.current += timedelta(milliseconds=1)
    assert here.settings("amora.test", "en", None).signup_credits == 25
    # A change made in this process is seen at once.
    SiteAdministration(uow, clock, sites=directory).set("amora.test", "signup_credits", "30",
                                                        "operator")
    assert here.settings("amora.test", "en", None).signup_credits == 30


def test_settings_texts_and_geoip(store: MemoryStore) -> None:
    settings = queries(store).settings("amora.test", "nl", "DE")
    assert settings.index_title == "Ontmoet volwassenen bij jou in de buurt"
    assert settings.geoip_country == "DE"
    assert settings.geoip_selected_country == "DE"
    assert settings.message_credits == 15  # the German floor
    assert settings.minimum_message_costs == {"DE": MessageCost(15, "EUR")}
    nowhere = queries(store).settings("amora.test", "de", None)
    assert nowhere.geoip_country is None
    assert nowhere.index_title == "Meet adults near you"


def test_entry_popup_follows_the_country_list(store: MemoryStore) -> None:
    assert queries(store).settings("flirt.test", "en", "DE").enable_site_entry_popup == "yes"
    assert queries(store).settings("flirt.test", "en", "US").enable_site_entry_popup == "no"


def test_company_info_picks_the_address_variant(store: MemoryStore) -> None:
    us = queries(store).company_info("amora.test", "US")
    assert (us.city, us.country) == ("Wilmington, DE", "US")
    nl = queries(store).company_info("amora.test", "FR")
    assert (nl.city, nl.country, nl.kvk) == ("Amsterdam", "NL", "87654321")
    assert nl.terms_version == datetime(2024, 3, 1, 9, 30, tzinfo=UTC)


def test_operator_changes_are_validated_and_audited(store: MemoryStore) -> None:
    changed = admin(store).set("AMORA.test", "minimum_message_costs.nl", "12 eur", "ops")
    assert changed.minimum_message_costs["NL"] == MessageCost(12, "EUR")
    assert store.audit[-1]["action"] == "sites.set" and store.audit[-1]["actor"] == "ops"
    before = dict(store.sites)
    for key, value in [("company_id", "99"), ("domain", "flirt.test"), ("niche", "0")]:
        with pytest.raises(DomainError):
            admin(store).set("amora.test", key, value, "ops")
    assert store.sites == before
    assert len(store.audit) == 1
