"""The unit of work that holds every repository: what the SQL unit of work and the fake
are, and what a use case not yet narrowed to its area takes.

A use case should take the unit of its area instead (application/ports/units.py), so its
signature says what it touches."""

from __future__ import annotations

from typing import Protocol

from application.ports.transaction import Transaction, UnitFactory
from application.ports.units import (
    AccountsUnit,
    ChatUnit,
    NoticesUnit,
    ReportsUnit,
    SafetyUnit,
    ShopUnit,
    SitesUnit,
    SocialUnit,
)

__all__ = ["Transaction", "UnitFactory", "UnitOfWork", "UnitOfWorkFactory"]


class UnitOfWork(AccountsUnit, ChatUnit, NoticesUnit, ReportsUnit, SafetyUnit, ShopUnit,
                 SitesUnit, SocialUnit, Protocol):
    """Every repository, in one transaction."""


UnitOfWorkFactory = UnitFactory[UnitOfWork]
