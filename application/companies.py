"""Operators' company use cases (`amora companies`, issue 20): the operating companies
behind the sites, whose names and addresses the legal pages, the footer and the mails
show. Every change is checked (domain rules and the standards) and audit-logged."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from application.ports.audit import Details
from application.ports.clock import Clock
from application.ports.sites import CompanyChecks
from application.ports.transaction import UnitFactory
from application.ports.units import SitesUnit
from application.shared.lookups import find_company
from domain.companies import (
    change_company,
    check_company,
    default_address,
    invalid,
    with_address,
    without_address,
)
from domain.errors import DomainError
from domain.sites import Address, Company, Site


@attrs.frozen(kw_only=True)
class NewCompany:
    """What `amora companies add` is given."""

    name: str
    street: str
    postcode: str
    city: str
    country: str
    registration: str
    vat: Sequence[str] = ()
    email: str = ""
    phone: str = ""
    tradenames: Sequence[str] = ()
    delete_discount: int = 0


def _address(checks: CompanyChecks, address: Address) -> Address:
    country = checks.country(address.country)
    if country is None:
        raise invalid("country", address.country)
    audience = address.audience and checks.country(address.audience)
    if address.audience and not audience:
        raise invalid("address_for", address.audience)
    return attrs.evolve(address, country=country, audience=audience or None)


def verified(checks: CompanyChecks, company: Company) -> Company:
    """The company in standard form (country codes, VAT and registration numbers, phone),
    or invalid_company naming the first field that is wrong."""
    check_company(company)
    addresses = tuple(_address(checks, address) for address in company.addresses)
    home = next(address for address in addresses if address.audience is None).country
    registration = checks.registration(company.kvk, home)
    if registration is None:
        raise invalid("registration", company.kvk)
    vat_numbers = []
    for number in company.vat_numbers:
        valid = checks.vat(number)
        if valid is None:
            raise invalid("vat", number)
        vat_numbers.append(valid)
    phone = checks.phone(company.support_phone, home) if company.support_phone else ""
    if phone is None:
        raise invalid("phone", company.support_phone)
    standard = attrs.evolve(company, addresses=addresses, kvk=registration,
                            vat_numbers=tuple(vat_numbers), support_phone=phone)
    check_company(standard)
    return standard


@attrs.frozen
class Companies:
    uow: UnitFactory[SitesUnit]
    clock: Clock
    checks: CompanyChecks

    def all(self) -> list[tuple[Company, list[Site]]]:
        """Every company with the sites it runs."""
        with self.uow() as uow:
            sites = uow.sites.all()
            return [(company, [s for s in sites if s.company_id == company.id])
                    for company in uow.companies.all()]

    def show(self, ref: str) -> tuple[Company, list[Site]]:
        with self.uow() as uow:
            company = find_company(uow, ref)
            return company, [s for s in uow.sites.all() if s.company_id == company.id]

    def add(self, new: NewCompany, actor: str) -> Company:
        now = self.clock.now()
        company = verified(self.checks, Company(
            id=0, name=new.name.strip(), kvk=new.registration.strip(),
            addresses=(Address(new.street.strip(), new.postcode.strip(), new.city.strip(),
                               new.country.strip().upper()),),
            added=now, tradenames=tuple(t.strip() for t in new.tradenames if t.strip()),
            vat_numbers=tuple(v.strip() for v in new.vat if v.strip()),
            support_phone=new.phone.strip(), support_email=new.email.strip(),
            delete_discount=new.delete_discount))
        with self.uow() as uow:
            self._unique_name(uow, company)
            added = uow.companies.add(company)
            uow.audit.record(now, actor, "companies.add", added.name,
                             {"id": added.id, "registration": added.kvk,
                              "country": default_address(added).country})
            uow.commit()
        return added

    def set(self, ref: str, key: str, value: str, actor: str) -> Company:
        """Change one field (`amora companies set`)."""
        with self.uow() as uow:
            company = find_company(uow, ref)
            changed = verified(self.checks, change_company(company, key, value))
            return self._save(uow, company, changed, actor, "companies.set",
                              {"key": key, "value": value})

    def set_address(self, ref: str, address: Address, actor: str) -> Company:
        """Add or replace an address variant: the one shown to visitors from
        ``address.audience`` (e.g. the US address for US visitors)."""
        with self.uow() as uow:
            company = find_company(uow, ref)
            changed = verified(self.checks, with_address(company, attrs.evolve(
                address, country=address.country.strip().upper(),
                audience=(address.audience or "").strip().upper() or None)))
            return self._save(uow, company, changed, actor, "companies.address", {
                "for": address.audience, "street": address.street,
                "postcode": address.postcode, "city": address.city,
                "country": address.country})

    def remove_address(self, ref: str, audience: str, actor: str) -> Company:
        with self.uow() as uow:
            company = find_company(uow, ref)
            changed = without_address(company, audience.strip().upper())
            return self._save(uow, company, changed, actor, "companies.address_removed",
                              {"for": audience.strip().upper()})

    def _save(self, uow: SitesUnit, before: Company, after: Company, actor: str,
              action: str, details: Details) -> Company:
        if after.name != before.name:
            self._unique_name(uow, after)
        uow.companies.update(after)
        uow.audit.record(self.clock.now(), actor, action, before.name,
                         {"id": before.id, **details})
        uow.commit()
        return after

    @staticmethod
    def _unique_name(uow: SitesUnit, company: Company) -> None:
        other = uow.companies.by_name(company.name)
        if other is not None and other.id != company.id:
            raise DomainError("company_exists", value=company.name)
