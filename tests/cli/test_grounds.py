"""`amora grounds list` and a site's own wording of a ground (`amora sites set`)."""

from __future__ import annotations

import json

from sqlalchemy import select

from tests.cli.conftest import Amora


def test_a_site_rewords_a_ground_and_the_list_shows_it(amora: Amora) -> None:
    from adapters.sql.tables import audit_log
    from cli import context

    listed = json.loads(amora("grounds", "list", "--language", "de", "--json").output)
    assert len(listed) == 18 and listed[0]["ground"] == "terms:fake_profile"
    spam = next(row for row in listed if row["ground"] == "terms:spam")
    assert spam["title"] == "Spam" and spam["own"] is False
    changed = amora("sites", "set", "amora.test", "ground_texts.terms:spam.de",
                    "Keine Werbung, nie.", "--actor", "ops")
    assert changed.exit_code == 0, changed.output
    again = json.loads(amora("grounds", "list", "--site", "amora.test", "--language", "de",
                             "--json").output)
    spam = next(row for row in again if row["ground"] == "terms:spam")
    assert (spam["text"], spam["own"]) == ("Keine Werbung, nie.", True)
    english = json.loads(amora("grounds", "list", "--json").output)
    assert next(row for row in english if row["ground"] == "terms:spam")["own"] is False
    with context.container().engine().connect() as connection:
        [row] = connection.execute(select(audit_log)).all()
    assert (row.actor, row.details["key"]) == ("ops", "ground_texts.terms:spam.de")


def test_a_wrong_ground_or_language_is_one_line(amora: Amora) -> None:
    refused = amora("sites", "set", "amora.test", "ground_texts.terms:nope.de", "Words")
    assert refused.exit_code == 1 and "Invalid value for ground_texts.terms:nope.de" in \
        refused.output
    wrong = amora("grounds", "list", "--language", "xx")
    assert wrong.exit_code == 1 and "Traceback" not in wrong.output
    assert amora("grounds", "list", "--site", "nope.test").exit_code == 1
