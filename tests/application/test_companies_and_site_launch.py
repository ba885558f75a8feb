"""Companies and launching sites on in-memory ports: a company in standard form, its
name unique, one field or address variant changed with an audit line; a new site from
the standard settings or a template's (its price list copied), never on a taken domain;
removing only a site nobody uses, its discount codes narrowed or disabled."""

from __future__ import annotations

from decimal import Decimal

import attrs
import pytest

from application.companies import Companies, NewCompany
from application.shared.site_defaults import STANDARD_BUNDLES
from application.site_launch import NewSite, SiteLaunch
from domain.errors import DomainError
from domain.pricing import CodeStatus, DiscountCode
from domain.sites import Address
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, add_member, factory, new_store


class Checks:
    """Countries of a short list, numbers given back without spaces, phones with +31."""

    def country(self, code: str) -> str | None:
        return code.upper() if code.upper() in ("NL", "DE", "NO", "US") else None

    def vat(self, number: str) -> str | None:
        return number.replace(" ", "").upper() if number[:2].isalpha() else None

    def registration(self, number: str, country: str) -> str | None:
        return number.replace(" ", "") if number.replace(" ", "").isdigit() else None

    def phone(self, number: str, country: str) -> str | None:
        digits = number.replace(" ", "")
        if digits.startswith("+"):  # in standard form already
            return digits
        return f"+31{digits.lstrip('0')}" if digits.isdigit() else None


NORDLYS = NewCompany(name="Nordlys Media AS", street="Karl Johans gate 1", postcode="0154",
                     city="Oslo", country="no", registration="995 525 828",
                     vat=["NO 995525828"], phone="22 12 34 56", tradenames=["Nordlys"])


@attrs.define
class Office:
    store: MemoryStore
    companies: Companies
    launch: SiteLaunch


def office() -> Office:
    store = new_store()  # Amora Media B.V. and its default site amora.test
    return Office(store, Companies(factory(store), FixedClock(), Checks()),
                  SiteLaunch(factory(store), FixedClock()))


def test_a_company_is_added_in_standard_form_under_a_name_of_its_own() -> None:
    o = office()
    added = o.companies.add(NORDLYS, "ops")
    assert (added.kvk, added.vat_numbers, added.support_phone) \
        == ("995525828", ("NO995525828",), "+3122123456")
    assert added.addresses[0].country == "NO"
    assert o.store.audit[-1]["action"] == "companies.add"
    with pytest.raises(DomainError) as taken:
        o.companies.add(attrs.evolve(NORDLYS, name="nordlys media as"), "ops")
    assert taken.value.code == "company_exists"
    with pytest.raises(DomainError) as country:
        o.companies.add(attrs.evolve(NORDLYS, name="Other", country="XX"), "ops")
    assert country.value.code == "invalid_company"
    assert [c.name for c, _ in o.companies.all()] == ["Amora Media B.V.", "Nordlys Media AS"]


def test_a_field_and_an_address_variant_change_with_an_audit_line_each() -> None:
    o = office()
    o.companies.add(NORDLYS, "ops")
    changed = o.companies.set("Nordlys Media AS", "email", "help@nordlys.test", "ops")
    assert changed.support_email == "help@nordlys.test"
    with pytest.raises(DomainError):
        o.companies.set("Nordlys Media AS", "name", "Amora Media B.V.", "ops")  # taken
    with_us = o.companies.set_address(
        "2", Address("1 Main St", "10001", "New York", "us", audience="us"), "ops")
    assert {a.audience for a in with_us.addresses} == {None, "US"}
    without = o.companies.remove_address("nordlys media as", "us", "ops")
    assert [a.audience for a in without.addresses] == [None]
    assert [line["action"] for line in o.store.audit[-3:]] \
        == ["companies.set", "companies.address", "companies.address_removed"]
    with pytest.raises(DomainError) as unknown:
        o.companies.show("No Such Company")
    assert unknown.value.code == "company_not_found"


def test_a_site_launches_with_standard_settings_or_its_template_s_price_list() -> None:
    o = office()
    site, offered = o.launch.add(NewSite(domain="Flirt-Nord.test", company="1"), "ops")
    assert (site.domain, site.name, site.is_default) == ("flirt-nord.test", "Flirt Nord", False)
    assert offered == sum(map(len, STANDARD_BUNDLES.values()))
    copy, copied = o.launch.add(NewSite(domain="flirt-sud.test", company="1",
                                        copy_from="flirt-nord.test"), "ops")
    assert copied == offered and copy.name == "Flirt Sud"
    with MemoryUnitOfWork(o.store) as uow:
        prices = sorted((b.currency, b.credits, b.price) for b in uow.bundles.of_site(copy.id))
        assert prices == sorted((b.currency, b.credits, b.price)
                                for b in uow.bundles.of_site(site.id))
    with pytest.raises(DomainError) as taken:
        o.launch.add(NewSite(domain="flirt-nord.test", company="1"), "ops")
    assert taken.value.code == "domain_taken"
    with pytest.raises(DomainError) as bad:
        o.launch.add(NewSite(domain="no-dot", company="1"), "ops")
    assert bad.value.params["field"] == "domain"


def test_only_an_unused_site_is_removed_and_its_codes_follow() -> None:
    o = office()
    site, _ = o.launch.add(NewSite(domain="flirt-nord.test", company="1"), "ops")
    with MemoryUnitOfWork(o.store) as uow:
        uow.discount_codes.add(DiscountCode(code="BOTH", value_percentage=Decimal(10),
                                             site_ids=(1, site.id)), NOW)
        uow.discount_codes.add(DiscountCode(code="ONLY", value_percentage=Decimal(10),
                                             site_ids=(site.id,)), NOW)
        uow.commit()
    with pytest.raises(DomainError) as default:
        o.launch.remove("amora.test", "ops")
    assert default.value.code == "site_is_default"
    add_member(o.store, "Ann", site_id=site.id)
    with pytest.raises(DomainError) as used:
        o.launch.remove("flirt-nord.test", "ops")
    assert used.value.code == "site_has_members"
    o.store.members.clear()
    o.launch.remove("flirt-nord.test", "ops")
    assert site.id not in o.store.sites
    codes = o.store.codes
    assert codes["BOTH"].site_ids == (1,) and codes["ONLY"].status is CodeStatus.DISABLED
    assert o.store.audit[-1]["details"]["codes"] == ["BOTH", "ONLY"]
