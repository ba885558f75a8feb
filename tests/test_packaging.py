"""An installed Amora (the image: `pip install .`) has every text, template and schema the
code reads: each data file under adapters/ is named by the package data in
pyproject.toml (a pattern like texts/*.json does not reach texts/grounds/en.json)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = {".json", ".yaml", ".html", ".js", ".mako"}


def test_every_data_file_of_the_adapters_is_installed() -> None:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = settings["tool"]["setuptools"]["package-data"]["adapters"]
    package = ROOT / "adapters"
    files = [path.relative_to(package) for path in package.rglob("*")
             if path.suffix in DATA and "__pycache__" not in path.parts]
    assert files  # the texts are there to be checked
    left_out = [str(name) for name in files
                if not any(name.full_match(pattern) if hasattr(name, "full_match")
                           else _matches(name, pattern) for pattern in patterns)]
    assert left_out == []


def _matches(name: Path, pattern: str) -> bool:
    """Path.match anchored at the package (Python 3.11 has no full_match): as many
    parts as the pattern, each matching its own."""
    parts = pattern.split("/")
    return len(name.parts) == len(parts) and name.match(pattern)
