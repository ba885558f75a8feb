"""Figures of the house's shape (issue 35): how deep application/ is, how many imports run
between its use-case modules, which modules are long, which functions are long.

- floors: the longest chain of imports over application's use cases (application/*.py)
  and the modules they share (application/shared/), counted in modules; the ports are
  left out, being interfaces every layer may name.
- imports between use cases: distinct imports from one application/*.py module to
  another (shared modules and ports not counted).
- long modules: every module of application/ (ports and shared too) over 300 lines.

Run: python tools/architecture_figures.py [--json]. tests/test_architecture.py holds the
targets; this prints the figures a note reports.
"""

from __future__ import annotations

import ast
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("application", "application.shared")


def _modules(root: Path, package: str) -> dict[str, Path]:
    folder = root.joinpath(*package.split("."))
    return {f"{package}.{p.stem}": p for p in sorted(folder.glob("*.py"))
            if p.name != "__init__.py"}


def use_case_modules(root: Path = ROOT) -> dict[str, Path]:
    """application's own modules: the use cases (outside ports and shared)."""
    return _modules(root, "application")


def shared_modules(root: Path = ROOT) -> dict[str, Path]:
    """application/shared: the lookups and rules use cases share."""
    return _modules(root, "application.shared")


def all_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of application/, the ports included."""
    folder = root / "application"
    return {".".join(p.relative_to(root).with_suffix("").parts): p
            for p in sorted(folder.rglob("*.py"))}


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        if node.module in PACKAGES:  # from application.shared import lookups
            return [f"{node.module}.{alias.name}" for alias in node.names]
        return [node.module]
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return []


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Every import between two of these modules, at run time or for the type checker."""
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            graph[name].update(t for t in _imported(node) if t in modules and t != name)
    return graph


def floors(graph: dict[str, set[str]], modules: dict[str, Path]) -> int:
    """The longest chain of imports, counted in modules; a circle counts as one floor per
    member."""
    depth: dict[str, int] = {}
    visiting: set[str] = set()

    def floor(name: str) -> int:
        if name in depth:
            return depth[name]
        if name in visiting:
            return 0
        visiting.add(name)
        depth[name] = 1 + max((floor(t) for t in graph.get(name, ())), default=0)
        visiting.discard(name)
        return depth[name]

    return max((floor(name) for name in modules), default=0)


def longest_chain(graph: dict[str, set[str]], modules: dict[str, Path]) -> list[str]:
    """One longest chain of imports (for finding what to cut)."""
    best: dict[str, list[str]] = {}

    def chain(name: str, seen: frozenset[str]) -> list[str]:
        if name in best:
            return best[name]
        tails = [chain(t, seen | {name}) for t in graph.get(name, ()) if t not in seen]
        best[name] = [name, *max(tails, key=len, default=[])]
        return best[name]

    return max((chain(name, frozenset()) for name in modules), key=len, default=[])


def long_modules(modules: dict[str, Path], limit: int = 300) -> dict[str, int]:
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines())
             for name, path in modules.items()}
    return {name: size for name, size in sizes.items() if size > limit}


def long_functions(folders: list[str], limit: int, root: Path = ROOT) -> list[tuple[str, int]]:
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = (node.end_lineno or node.lineno) - node.lineno + 1
                    if length > limit:
                        found.append((f"{path.relative_to(root)}:{node.name}", length))
    return found


def figures() -> dict[str, object]:
    use_cases = use_case_modules()
    house = {**use_cases, **shared_modules()}
    graph = import_graph(house)
    between = import_graph(use_cases)
    importers: dict[str, int] = defaultdict(int)
    for targets in between.values():
        for target in targets:
            importers[target] += 1
    folders = ["domain", "application", "adapters", "cli"]
    return {
        "use_case_modules": len(use_cases),
        "shared_modules": len(house) - len(use_cases),
        "floors": floors(graph, house),
        "longest_chain": longest_chain(graph, house),
        "imports_between_use_cases": sum(len(t) for t in between.values()),
        "most_imported_use_cases": sorted(importers.items(), key=lambda kv: -kv[1])[:5],
        "modules_over_300_lines": long_modules(all_modules()),
        "python_functions_over_50_lines": len(long_functions(folders, 50)),
    }


if __name__ == "__main__":
    result = figures()
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
