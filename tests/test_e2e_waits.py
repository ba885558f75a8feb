"""The browser tests wait on conditions, never on fixed times: a fixed pause is too short
on a loaded box and wasted on a quick one. Only tests/e2e/waiting.py pauses, between
two questions of a poll with a deadline."""

from __future__ import annotations

import re
from pathlib import Path

E2E = Path(__file__).parent / "e2e"
FIXED_WAIT = re.compile(r"\bwait_for_timeout\(|\bsleep\(")


def test_no_browser_test_waits_a_fixed_time() -> None:
    found = [f"{path.relative_to(E2E)}:{number}: {line.strip()}"
             for path in sorted(E2E.rglob("*.py")) if path.name != "waiting.py"
             for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
             if FIXED_WAIT.search(line)]
    assert not found, "wait on a condition (tests/e2e/waiting.py) instead of:\n" + "\n".join(
        found)


# A predicate given as an expression is evaluated again on every poll, which the site's
# CSP (no 'unsafe-eval') refuses once the first answer is false; a function is evaluated
# once. The literal after wait_for_function( must open an arrow function: "() =>", "x =>".
EXPRESSION_PREDICATE = re.compile(
    r"""wait_for_function\(\s*f?["'](?!\s*(\([\w\s,]*\)|\w+)\s*=>)""")


def test_every_predicate_is_a_function() -> None:
    found = [f"{path.relative_to(E2E)}: {match.group(0)}"
             for path in sorted(E2E.rglob("*.py"))
             for match in EXPRESSION_PREDICATE.finditer(path.read_text("utf-8"))]
    assert not found, "give wait_for_function a function, not an expression:\n" + "\n".join(
        found)
