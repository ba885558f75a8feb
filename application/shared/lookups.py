"""The two lookups nearly every use case starts with: a member by id, and the site they
belong to. They live here, not in the accounts use case, so that a use case needing them
does not import (and a command does not load) the sign-up, sign-in and closing rules."""

from __future__ import annotations

from application.ports.shared_units import CompaniesUnit
from application.ports.units import CoreUnit
from domain.errors import DomainError, NotFound
from domain.members import Member
from domain.sites import Company, Site


def existing_member(uow: CoreUnit, member_id: int) -> Member:
    member = uow.members.get(member_id)
    if member is None:
        raise DomainError("member_not_found")
    return member


def site_of_member(uow: CoreUnit, member: Member) -> Site:
    """The member's site, or the default site for a member whose site is gone."""
    site = uow.sites.get(member.site_id) or uow.sites.default()
    if site is None:
        raise NotFound("site")
    return site


def find_company(uow: CompaniesUnit, ref: str) -> Company:
    """The company an operator names: by id (digits) or by its name (any case)."""
    ref = ref.strip()
    found = uow.companies.get(int(ref)) if ref.isdigit() and len(ref) < 10 else None
    found = found or (uow.companies.by_name(ref) if ref else None)
    if found is None:
        raise NotFound("company", value=ref)
    return found
