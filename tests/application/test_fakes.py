"""The in-memory adapters answer to the ports as the SQL ones do: every repository of the
unit of work is there, with every method of its port, taking the same parameters (what
they do the same is tests/adapters/test_memory_contract.py's business)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing

import pytest

import application.ports
from application.ports.unit_of_work import UnitOfWork
from tests.application.memory import MemoryStore, MemoryUnitOfWork

# Ports no use case under tests/application reaches (appeals, the data export's reads:
# tests/http; the operator's desk reading the audit log and the transparency counts:
# tests/cli and the SQL adapters; the block lists: tests/http, tests/cli and
# tests/adapters/test_blocklists_sql.py): their fakes would be tested by nothing.
NOT_FAKED = {"landers", "figures", "appeals", "personal_data", "transparency", "audit_queries",
             "blocklists"}
# The unit of work names its ports for the type checker only: they are looked up here.
_PORT_NAMES = {name: value for module in pkgutil.iter_modules(application.ports.__path__)
               for name, value in vars(importlib.import_module(
                   f"application.ports.{module.name}")).items()}
PORTS = {name: port for name, port
         in typing.get_type_hints(UnitOfWork, localns=_PORT_NAMES).items()
         if name not in NOT_FAKED}


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
