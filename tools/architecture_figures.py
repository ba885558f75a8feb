"""Figures of the house's shape (issue 35): how deep application/ is, how many imports run
between its use-case modules, which modules are long, which functions are long.

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


def use_case_modules(root: Path = ROOT) -> dict[str, Path]:
    """application's modules outside the ports package."""
    folder = root / "application"
    return {f"application.{p.stem}": p for p in sorted(folder.glob("*.py")) if p.name != "__init__.py"}


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        if node.module == "application":
            return [f"application.{alias.name}" for alias in node.names]
        return [node.module]
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return []


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Every import between two use-case modules, at run time or for the type checker."""
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            graph[name].update(t for t in _imported(node) if t in modules and t != name)
    return graph


def floors(graph: dict[str, set[str]], modules: dict[str, Path]) -> int:
    """The longest chain of imports, counted in modules; a circle counts as one floor per member."""
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


def long_modules(modules: dict[str, Path], limit: int = 300) -> dict[str, int]:
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in modules.items()}
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
    modules = use_case_modules()
    graph = import_graph(modules)
    importers = defaultdict(int)
    for targets in graph.values():
        for target in targets:
            importers[target] += 1
    return {
        "use_case_modules": len(modules),
        "floors": floors(graph, modules),
        "imports_between_use_cases": sum(len(t) for t in graph.values()),
        "most_imported": sorted(importers.items(), key=lambda kv: -kv[1])[:5],
        "modules_over_300_lines": long_modules(modules),
        "python_functions_over_50_lines": len(long_functions(["domain", "application", "adapters", "cli"], 50)),
    }


if __name__ == "__main__":
    result = figures()
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
