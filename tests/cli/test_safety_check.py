"""`amora safety check` (issue 31.4): an operator sees whether the scam shield flags a
text, why and where, for one text or one text a line from standard input."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from application.shared.screening import Screening
from cli import context
from cli.main import app
from domain.screening import Checks

Run = Callable[..., Result]


@pytest.fixture
def amora(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Run]:
    """The command line; screening reads no database, so none is made."""
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    context.container.cache_clear()

    def run(*args: str, stdin: str | None = None) -> Result:
        return CliRunner().invoke(app, ["safety", "check", *args], input=stdin)

    yield run
    context.container.cache_clear()


def test_json_names_the_reasons_and_where_they_are(amora: Run) -> None:
    text = "Hi! add me on WhatsApp +31 6 1234 5678, or anna.b at gmail dot com"
    result = amora(text, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["flagged"] is True
    assert set(data["reasons"]) == {"messenger", "phone", "email"}
    assert len(data["reasons"]) == len(set(data["reasons"]))
    spans = {reason: text[start:end] for start, end, reason in data["spans"]}
    assert spans["phone"] == "+31 6 1234 5678"
    assert spans["email"] == "anna.b at gmail dot com"
    assert "language" not in data


def test_ordinary_talk_is_not_flagged(amora: Run) -> None:
    result = amora("Ik ben 34 en mijn telefoon was leeg, sorry!", "--json")
    assert json.loads(result.stdout) == {"flagged": False, "reasons": [], "spans": []}
    assert amora("whats up? I saw U2 live").stdout.strip() == "Not flagged."


def test_people_see_the_text_with_the_flagged_parts_marked(amora: Run) -> None:
    result = amora("kun je me 300 euro sturen via Western Union?")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Flagged: money_request, transfer_service"
    shown = " ".join(result.stdout.split())  # as wide as the terminal
    assert ("kun je me {300 euro sturen}(money_request) via "
            "{Western Union}(transfer_service)?") in shown


def test_a_disguised_lure_is_marked_as_written(amora: Run) -> None:
    text = "mу numbеr is +44 7700 900 555"  # Cyrillic у and е
    result = amora(text)
    assert result.exit_code == 0
    assert "{+44 7700 900 555}(phone)" in result.stdout
    assert "mу numbеr is" in result.stdout


def test_invisible_characters_come_through_standard_input(amora: Run) -> None:
    """Every `amora` argument refuses control and formatting characters; a text with
    zero-width characters is checked from standard input, which takes anything."""
    assert amora("add me on wh\u200batsapp @anna_99").exit_code == 2
    result = amora("-", stdin="add me on wh\u200batsapp @anna_99\n")
    assert json.loads(result.stdout)["reasons"] == ["messenger"]


def test_the_language_is_checked_and_echoed(amora: Run) -> None:
    result = amora("stuur me 200 euro", "--language", "nl", "--json")
    assert json.loads(result.stdout)["language"] == "nl"
    refused = amora("stuur me 200 euro", "--language", "xx", "--json")
    assert refused.exit_code == 1
    assert refused.stdout == ""
    assert "language" in refused.stderr.lower()


def test_the_language_changes_no_finding(amora: Run) -> None:
    """The rules read all eleven languages at once: a German lure in a Finnish batch."""
    text = "schick mir 200 Euro per Western Union"
    found = {language: {key: value for key, value in json.loads(
        amora(text, "--language", language, "--json").stdout).items() if key != "language"}
        for language in ("de", "fi", "en")}
    assert found["de"] == found["fi"] == found["en"]
    assert found["de"]["flagged"] is True


def test_standard_input_gives_one_json_object_a_line(amora: Run) -> None:
    texts = ["Hallo, wie geht's?", "mijn nummer is 06 12345678", "",
             "t e l e g r a m @ rose_lover", "ESC \x1b[2J and wh\u200batsapp @anna_99",
             "Ik ben geboren op 12-04-1989"]
    result = amora("-", "--language", "en", stdin="\n".join(texts) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == len(texts)
    found = [json.loads(line) for line in lines]
    assert [data["flagged"] for data in found] == [False, True, False, True, True, False]
    assert all(data["language"] == "en" for data in found)
    assert found[1]["reasons"] == ["phone"]
    start, end, _ = found[1]["spans"][0]
    assert texts[1][start:end] == "06 12345678"
    assert all(line.isascii() and line.isprintable() for line in lines)  # nothing raw


def test_screening_lists_each_reason_once_in_the_order_of_the_text() -> None:
    phones = lambda text: [(0, 3), (8, 11)]  # noqa: E731 - two numbers, as a check finds
    result = Screening(Checks(phones=phones)).check("123 or  456 via western union")
    assert result.reasons == ("phone", "transfer_service")
    assert result.spans == ((0, 3, "phone"), (8, 11, "phone"), (16, 29, "transfer_service"))
    assert Screening(Checks()).check("hello").flagged is False
