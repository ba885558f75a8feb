"""GET /api/icebreakers?member=: the opening lines offered for a conversation never
propose meeting a fictional profile in person (issue 29.5), nor claim common ground with a
member who shares no interest (issue 29), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask

from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up

CATALOGUE = json.loads((Path(__file__).resolve().parents[2]
                        / "adapters/texts/icebreakers.json").read_text(encoding="utf-8"))


def tagged_lines(language: str, tag: str) -> set[str]:
    return {entry["text"] for entry in CATALOGUE[language] if tag in entry.get("tags", ())}


def meeting_lines(language: str) -> set[str]:
    return tagged_lines(language, "meeting")


@pytest.fixture
def pair(app: Flask) -> tuple[ApiClient, int, int]:
    ann, _ = signed_up(app, "Ann", "female", "male")
    _, bob_id = signed_up(app, "Bob", "male", "female")
    _, carl_id = signed_up(app, "Carl", "male", "female")
    app.extensions["amora"].moderation().set_fictional(carl_id, True, "pytest")
    return ann, bob_id, carl_id


def lines(client: ApiClient, query: str) -> list[str]:
    answer = client.get(f"/api/icebreakers{query}")
    assert answer.status_code == 200, answer.json
    assert answer.json is not None
    return [str(line) for line in answer.json["icebreakers"]]


def test_no_date_opener_for_a_fictional_profile(pair: tuple[ApiClient, int, int]) -> None:
    ann, bob_id, carl_id = pair
    to_fictional = lines(ann, f"?member={carl_id}&language=en")
    to_real = lines(ann, f"?member={bob_id}&language=en")
    assert len(to_fictional) == len(to_real) == 5
    assert not meeting_lines("en") & set(to_fictional)
    assert meeting_lines("en") <= set(to_real)  # a real member may be asked out


@pytest.mark.parametrize("language", sorted(CATALOGUE))
def test_in_every_language(pair: tuple[ApiClient, int, int], language: str) -> None:
    ann, _, carl_id = pair
    offered = set(lines(ann, f"?member={carl_id}&language={language}"))
    assert offered and not offered & meeting_lines(language)
    assert offered <= {entry["text"] for entry in CATALOGUE[language]}


def test_unknown_or_unnamed_member_gets_no_date_opener(pair: tuple[ApiClient, int, int]) -> None:
    # Neither tells a fictional profile from one the viewer may not see.
    ann = pair[0]
    for query in ("?language=en", "?member=999999&language=en"):
        assert not set(lines(ann, query)) & meeting_lines("en")


def test_the_screen_language_or_the_members_own(pair: tuple[ApiClient, int, int]) -> None:
    ann, bob_id, _ = pair
    german = lines(ann, f"?member={bob_id}&language=de")
    assert set(german) <= {entry["text"] for entry in CATALOGUE["de"]}
    own = lines(ann, f"?member={bob_id}")  # Ann signed up in Dutch
    assert set(own) <= {entry["text"] for entry in CATALOGUE["nl"]}


def test_we_have_something_in_common_only_when_we_do(app: Flask) -> None:
    ann, _ = signed_up(app, "Ann", "female", "male")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    common = tagged_lines("en", "common")
    assert common and not common & set(lines(ann, f"?member={bob_id}&language=en"))
    assert ann.put("/api/profile", json={"interests": ["jazz", "hiking"]}).status_code == 200
    assert not common & set(lines(ann, f"?member={bob_id}&language=en"))  # Bob has none
    assert bob.put("/api/profile", json={"interests": ["hiking", "cats"]}).status_code == 200
    for language in CATALOGUE:
        offered = set(lines(ann, f"?member={bob_id}&language={language}"))
        assert tagged_lines(language, "common") <= offered and len(offered) == 5, language
    # Neither an unknown nor an unnamed member: nothing tells what they share.
    for query in ("?language=en", "?member=999999&language=en"):
        assert not set(lines(ann, query)) & common


def test_bad_input_is_refused(pair: tuple[ApiClient, int, int]) -> None:
    ann = pair[0]
    for query in ("?language=xx", "?member=abc", "?member=-1"):
        answer = ann.get(f"/api/icebreakers{query}")
        assert answer.status_code == 400
        assert answer.json["error"] == "invalid_request"
