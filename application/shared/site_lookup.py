"""Which site: the one a request's host names (a renamed site's former domain
included), the one an operator names, whether a new site's domain is free."""

from __future__ import annotations

import re

from application.ports.units import CoreUnit, SafetyUnit
from domain.errors import DomainError, NotFound
from domain.sites import Site, is_domain, normalise_domain

# The mail that tells a closed site's members (application.account_mails).
CLOSED_MAIL = "site_closed"


def resolve_site(uow: CoreUnit, host: str | None) -> Site:
    """The site for a host, a renamed site's former domain included (the web redirects
    those first: adapters/http/site_views.py); an unknown or missing host falls back to
    the default site."""
    try:
        return _by_domain(uow, host or "")
    except NotFound:
        name = normalise_domain(host or "")
        moved = uow.sites.alias(name) if could_be_former(name) else None
        site = (uow.sites.get(moved) if moved is not None else None) or uow.sites.default()
    if site is None:
        raise NotFound("site")
    return site


def named_site(uow: CoreUnit, domain: str) -> Site:
    """The site an operator names: exactly that domain, never the default site instead
    (`amora bundles set typo.test ...` must not change the default site)."""
    return _by_domain(uow, domain)


def _by_domain(uow: CoreUnit, domain: str) -> Site:
    name = normalise_domain(domain)
    site = uow.sites.by_domain(name) if is_domain(name) else None
    if site is None:
        raise NotFound("site", domain=domain)
    return site


_IPV4 = re.compile(r"[0-9.]+")


def could_be_former(name: str) -> bool:
    """Whether a (normalised) host could be a renamed site's former domain: localhost
    and IP addresses never are (renamed_site takes only names with a dot)."""
    return "." in name and is_domain(name) and not _IPV4.fullmatch(name)


def domain_of(uow: CoreUnit, site_id: int) -> str:
    site = uow.sites.get(site_id)
    return site.domain if site else str(site_id)


def domain_free(uow: CoreUnit, domain: str) -> None:
    """A new site's domain is neither a site's nor a renamed site's former one."""
    if uow.sites.by_domain(domain) is not None:
        raise DomainError("domain_taken", domain=domain)
    owner = uow.sites.alias(domain)
    if owner is not None:
        raise DomainError("domain_redirects", domain=domain, site=domain_of(uow, owner))


def site_id_of(uow: SafetyUnit, domain: str | None) -> int | None:
    """The site a command is kept to (its domain, or a former one), None for every site."""
    if domain is None:
        return None
    site = uow.sites.by_domain(domain)
    if site is None:
        raise DomainError("site_not_found", domain=domain)
    return site.id
