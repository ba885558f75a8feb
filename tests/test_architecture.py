"""The shape of application/ (issue 35.1), measured by tools/architecture_figures.py, so it
cannot slide back: use cases import shared lookups and rules (application/shared), rarely
one another, and the house stays three floors deep."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from architecture_figures import (  # noqa: E402 - tools/ is no package
    all_modules,
    floors,
    import_graph,
    long_modules,
    shared_modules,
    use_case_modules,
)


def test_application_is_at_most_three_floors_deep() -> None:
    house = {**use_case_modules(), **shared_modules()}
    assert floors(import_graph(house), house) <= 3


def test_use_cases_import_one_another_at_most_15_times() -> None:
    between = import_graph(use_case_modules())
    assert sum(len(targets) for targets in between.values()) <= 15, dict(between)


def test_shared_modules_hold_no_use_case_of_their_own() -> None:
    """A shared module imports no use case (application/*.py): it is a floor below them."""
    shared = shared_modules()
    everything = {**use_case_modules(), **shared}
    graph = import_graph(everything)
    assert {name: sorted(t for t in graph[name] if t not in shared)
            for name in shared if any(t not in shared for t in graph[name])} == {}


def test_no_module_is_over_300_lines() -> None:
    """A longer module is split by business area (issue 35.1: chat and photos were)."""
    assert long_modules(all_modules()) == {}
