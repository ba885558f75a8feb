"""The in-memory unit of work is a unit of work as the SQL one is: it holds every
repository the protocols name, each fake with every method of its port, taking the same
parameters (what they do the same is tests/adapters/test_memory_contract.py's business).

The type checker says it first: ``_fake_is_every_unit`` below is checked by mypy with
tests/, and the fake needs no ``type: ignore`` to be passed for any area's unit."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing

import pytest

import application.ports
from application.ports.transaction import UnitFactory
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from application.ports.units import (
    AccountsUnit,
    ChatUnit,
    CoreUnit,
    NoticesUnit,
    ReportsUnit,
    SafetyUnit,
    ShopUnit,
    SitesUnit,
    SocialUnit,
)
from tests.application.memory import MemoryStore, MemoryUnitOfWork

AREAS = (AccountsUnit, ChatUnit, CoreUnit, NoticesUnit, ReportsUnit, SafetyUnit, ShopUnit,
         SitesUnit, SocialUnit)


def _fake_is_every_unit(fake: MemoryUnitOfWork) -> None:
    """Never run: mypy checks that each assignment holds."""
    whole: UnitOfWork = fake
    areas: tuple[AccountsUnit, ChatUnit, CoreUnit, NoticesUnit, ReportsUnit, SafetyUnit,
                 ShopUnit, SitesUnit, SocialUnit] = (fake,) * 9
    opens: UnitOfWorkFactory = lambda *, reads_only=False, searches=False: fake  # noqa: E731
    opens_chat: UnitFactory[ChatUnit] = opens
    del whole, areas, opens_chat


# The units name their ports for the type checker only: they are looked up here.
_PORT_NAMES = {name: value for module in pkgutil.iter_modules(application.ports.__path__)
               for name, value in vars(importlib.import_module(
                   f"application.ports.{module.name}")).items()}


def _repositories(unit: type) -> dict[str, type]:
    """The repositories a unit names (its properties) and their ports."""
    return {name: typing.get_type_hints(member.fget, localns=_PORT_NAMES)["return"]
            for name, member in inspect.getmembers(unit)
            if isinstance(member, property) and member.fget is not None}


PORTS = _repositories(UnitOfWork)


def test_the_whole_unit_is_every_area_s_together() -> None:
    named = {name for area in AREAS for name in _repositories(area)}
    assert named == set(PORTS)
    assert len(PORTS) == 40


def test_the_fake_holds_every_repository_the_units_name() -> None:
    with MemoryUnitOfWork(MemoryStore()) as uow:
        missing = [name for name in PORTS if not hasattr(uow, name)]
    assert missing == []


def _parameters(function: typing.Callable[..., object]) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()
            if p.name != "self"]


@pytest.mark.parametrize("name", sorted(PORTS))
def test_each_fake_has_its_ports_methods_with_their_parameters(name: str) -> None:
    port = PORTS[name]
    with MemoryUnitOfWork(MemoryStore()) as uow:
        fake = getattr(uow, name)
    methods = [m for m in vars(port) if not m.startswith("_") and callable(vars(port)[m])]
    assert methods, f"{port.__name__} names no methods"
    for method in methods:
        assert _parameters(getattr(fake, method)) == _parameters(getattr(port, method)), \
            f"{type(fake).__name__}.{method}"
