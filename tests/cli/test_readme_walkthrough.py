"""The README's "Launching a new brand" walkthrough, run command by command as written."""

from __future__ import annotations

import csv
import io
import json
import shlex
from pathlib import Path

from tests.cli.conftest import Amora

README = Path(__file__).resolve().parents[2] / "README.md"


def walkthrough() -> list[list[str]]:
    """The section's `amora` commands, continuation lines joined, comments dropped."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Launching a new brand", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        if words:
            assert words[0] == "amora", line
            commands.append(words[1:])
    return commands


def test_the_readme_walkthrough_runs(amora: Amora) -> None:
    commands = walkthrough()
    assert [c[:2] for c in commands][:3] == [["companies", "add"], ["companies", "address"],
                                             ["companies", "show"]]
    outputs = []
    for command in commands:
        result = amora(*command)
        assert result.exit_code == 0, (command, result.output)
        outputs.append(result.output)
    site = json.loads(amora("sites", "show", "nordlys.example", "--json").output)
    company = json.loads(amora("companies", "show", "Nordlys Media AS", "--json").output)
    assert (site["company_id"], site["domain_language"]) == (company["id"], "nb")
    assert company["addresses"][0]["for"] == "US" and company["phone"] == "+47 22 12 34 56"
    code = json.loads(amora("discounts", "show", "NORDLYS20", "--json").output)
    assert (code["sites"], code["currency"]) == (["nordlys.example"], "NOK")
    bundles = json.loads(amora("bundles", "list", "nordlys.example", "--json").output)
    assert [(b["credits"], b["price"]) for b in bundles if b["currency"] == "NOK"] == [
        (100, "169.00"), (250, "339.00"), (600, "679.00")]
    members_csv = outputs[[c[:2] for c in commands].index(["stats", "members"])]
    [row] = list(csv.DictReader(io.StringIO(members_csv)))
    assert row["site"] == "nordlys.example" and row["members"] == "0"
