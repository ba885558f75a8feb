"""The sites as this process last read them (one query a second at most instead of one
per request)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from datetime import datetime, timedelta

import attrs

from application.ports.clock import Clock
from application.ports.transaction import UnitFactory
from application.ports.units import CoreUnit
from application.shared.site_lookup import could_be_former
from domain.errors import NotFound
from domain.sites import Site, is_domain, normalise_domain

# How old the sites a process serves from memory may be: an operator's change
# (`amora sites set`, in any process) reaches every process within this time.
SITES_FRESH_FOR = timedelta(seconds=1)


@attrs.define
class SiteDirectory:
    """The sites as this process last read them, re-read when older than
    SITES_FRESH_FOR (one query a second at most instead of one per request); a change made
    in this process is seen at once. Only reads that may be a second old use it: use cases
    that change things read the site in their own transaction, but for a chat message's
    send, which takes its terms from here as the member's screen showed them (issue 36.3,
    application.chat_terms.sites_of)."""

    uow: UnitFactory[CoreUnit]
    clock: Clock
    _read: tuple[datetime, tuple[Site, ...]] | None = None
    # Renamed sites' former domains (issue 32.5) with their site's id, read apart from the
    # sites and only for a host that could be one: requests to a site's own domain, to
    # localhost or to an IP address never wait for them.
    _former: tuple[datetime, Mapping[str, int]] | None = None

    def _sites(self) -> tuple[Site, ...]:
        now = self.clock.now()
        read = self._read
        if read is None or not read[0] <= now < read[0] + SITES_FRESH_FOR:
            with self.uow() as uow:
                read = (now, tuple(uow.sites.all()))
            self._read = read  # one assignment: concurrent requests see old or new
        return read[1]

    def _aliases(self) -> Mapping[str, int]:
        now = self.clock.now()
        read = self._former
        if read is None or not read[0] <= now < read[0] + SITES_FRESH_FOR:
            with self.uow() as uow:
                read = (now, dict(uow.sites.aliases()))
            self._former = read
        return read[1]

    def forget(self) -> None:
        self._read = None
        self._former = None

    def all(self) -> tuple[Site, ...]:
        return self._sites()

    def get(self, site_id: int) -> Site | None:
        return next((site for site in self._sites() if site.id == site_id), None)

    def moved(self, host: str | None) -> Site | None:
        """The site a former domain now belongs to (None for any other host): requests
        to it are redirected to the site's domain."""
        name = _former_candidate(host or "")
        if name is None:
            return None
        sites = self._sites()
        if any(site.domain == name for site in sites):
            return None
        site_id = self._aliases().get(name)
        return next((site for site in sites if site.id == site_id), None)

    def resolve(self, host: str | None) -> Site:
        """resolve_site, from memory."""
        sites = self._sites()
        name = normalise_domain(host or "")
        found = next((site for site in sites if site.domain == name), None) or self.moved(name)
        if found is None or not is_domain(name):
            found = min(sites, key=lambda site: (not site.is_default, site.id), default=None)
        if found is None:
            raise NotFound("site")
        return found


@functools.lru_cache(maxsize=256)
def _former_candidate(host: str) -> str | None:
    """The host as a domain, if it could be a former one: asked on every request (the
    redirect's check) with the few hosts a site is served on, so each is reduced once
    (issue 36.1); any other Host header only takes a turn in the bounded cache."""
    name = normalise_domain(host)
    return name if could_be_former(name) else None
