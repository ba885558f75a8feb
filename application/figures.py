"""Operators' figures (`amora stats revenue|signups|members`, issue 20)."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

from application.ports.clock import Clock
from application.ports.transaction import UnitFactory
from application.ports.units import ReportsUnit
from application.shared.site_lookup import named_site
from domain.errors import DomainError
from domain.figures import REVENUE_GROUPS, MemberFigures, RevenueFigures, SignupFigures, revenue

MAX_DAYS = 3650


@attrs.frozen
class Figures:
    uow: UnitFactory[ReportsUnit]
    clock: Clock

    def _since(self, days: int) -> datetime:
        if not 1 <= days <= MAX_DAYS:
            raise DomainError("invalid_request", detail="days")
        return self.clock.now() - timedelta(days=days)

    @staticmethod
    def _site_id(uow: ReportsUnit, domain: str | None) -> int | None:
        return named_site(uow, domain).id if domain else None

    def revenue(self, domain: str | None, days: int, by: str | None) -> list[RevenueFigures]:
        """Paid, refunded and net per currency in the last ``days`` days, per day, traffic
        source, bundle or payment method when asked."""
        if by is not None and by not in REVENUE_GROUPS:
            raise DomainError("invalid_request", detail="--by")
        since = self._since(days)
        with self.uow() as uow:
            site_id = self._site_id(uow, domain)
            return revenue(uow.figures.paid(site_id, since, by),
                           uow.figures.refunded(site_id, since, by))

    def signups(self, domain: str | None, days: int) -> list[SignupFigures]:
        """Signups per site, lander and traffic source, and how many confirmed."""
        since = self._since(days)
        with self.uow() as uow:
            return uow.figures.signups(self._site_id(uow, domain), since)

    def members(self, domain: str | None, days: int) -> list[MemberFigures]:
        """Per site: members, confirmed, premium, active and messages in the period."""
        since = self._since(days)
        with self.uow() as uow:
            return uow.figures.members(self._site_id(uow, domain), since, days)
