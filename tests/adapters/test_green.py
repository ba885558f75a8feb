"""gevent's patching reads the installed packages' entry points once (adapters/green.py):
its plugins are looked up from that one reading, the same as without it."""

from __future__ import annotations

from importlib import metadata
from typing import Any

import pytest

from adapters.green import entry_points_read_once


def _names(group: str) -> list[str]:
    return [point.name for point in metadata.entry_points(group=group)]


def test_the_plugins_found_are_the_same_from_one_reading() -> None:
    original = metadata.entry_points
    groups = ("console_scripts", "pytest11", "gevent.plugins.monkey.will_patch_all", "none")
    expected = {group: _names(group) for group in groups}
    with entry_points_read_once():
        assert metadata.entry_points is not original
        assert {group: _names(group) for group in groups} == expected
    assert metadata.entry_points is original


def test_the_packages_are_read_once_within(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = []
    every = metadata.distributions

    def counted(**params: Any) -> Any:
        readings.append(params)
        return every(**params)

    monkeypatch.setattr(metadata, "distributions", counted)
    with entry_points_read_once():
        for _ in range(5):
            metadata.entry_points(group="gevent.plugins.monkey.did_patch_module")
    assert len(readings) == 1


def test_the_lookup_is_restored_after_an_error() -> None:
    original = metadata.entry_points
    with pytest.raises(RuntimeError), entry_points_read_once():
        raise RuntimeError
    assert metadata.entry_points is original
