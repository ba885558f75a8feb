"""New conversations a day capped by trust, and the same opener to many members (issue 31.2),
through the API on SQLite and PostgreSQL: the member sees how many are left today, the
next new one is refused (429) while existing conversations carry on, the count starts
again at the site's midnight; reports from two members lower the cap with a decision that
a dismissal lifts; the fifth near-same opener of a day is nudged (409, mass_opener)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import attrs
import pytest
from dependency_injector import providers
from flask import Flask

from adapters.container import Container
from adapters.http.app import create_app
from domain.decisions import Restriction
from domain.mass_openers import MASS_RECIPIENTS
from domain.members import AccountStatus, Member, Profile
from domain.trust import ESTABLISHED, FIRST_WEEK, HELD, PAYING, PAYING_FIRST_WEEK
from tests.api_client import ApiClient
from tests.application.memory_services import FixedClock
from tests.conftest import Seeded
from tests.http.test_chat_api import make_paid
from tests.http.test_likes_api import signed_up

# 13:00 in Amsterdam, the site's time zone: its midnight is 23:00 UTC (winter time).
START = datetime(2026, 11, 21, 12, tzinfo=UTC)
MIDNIGHT = datetime(2026, 11, 21, 23, tzinfo=UTC)
SCRIPT = ("Hello {name}, I saw your profile and felt we have a lot in common. I am a widowed "
          "engineer on an oil platform and I am looking for honest true love.")


@pytest.fixture
def clock(container: Container) -> FixedClock:
    stopped = FixedClock(START)
    container.clock.override(providers.Object(stopped))
    return stopped


@pytest.fixture
def clocked_app(clock: FixedClock, container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    return create_app(container)


def _others(app: Flask, count: int, like: int, start: int = 0) -> list[int]:
    """Confirmed members to write to, on the site of member `like`."""
    made = []
    with app.extensions["amora"].unit_of_work() as work:
        member = work.members.get(like)
        for n in range(start, start + count):
            made.append(work.members.add(Member(
                id=0, site_id=member.site_id, email=f"other{n}@example.com",
                status=AccountStatus.ACTIVE, language="en", created_at=START,
                profile=Profile(name=f"Member{n}", gender="male", birth_date=datetime(
                    1988, 5, 1).date(), country="NL", city="Utrecht"))).id)
        work.commit()
    return made


def _send(client: ApiClient, member_id: int, text: str, **extra: Any) -> Any:
    return client.post(f"/api/members/{member_id}/messages", json={"text": text, **extra})


def _screen(client: ApiClient, member_id: int) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/members/{member_id}/chat").json
    return answer


def _left(client: ApiClient, member_id: int) -> int | None:
    answer: int | None = _screen(client, member_id)["terms"]["conversations_left_today"]
    return answer


def _decisions(client: ApiClient) -> list[dict[str, Any]]:
    answer: list[dict[str, Any]] = client.get("/api/decisions?language=en").json["decisions"]
    return answer


def test_the_cap_refuses_the_next_new_conversation_and_existing_ones_carry_on(
        clocked_app: Flask, clock: FixedClock) -> None:
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    make_paid(app, ann_id)  # a paying member in her first week
    app.extensions["amora"].credits().grant(ann_id, 1000, "test", "pytest")
    others = _others(app, PAYING_FIRST_WEEK + 1, like=ann_id)
    assert _left(ann, others[0]) == PAYING_FIRST_WEEK
    for n, member_id in enumerate(others[:PAYING_FIRST_WEEK]):
        sent = _send(ann, member_id, f"Hi, message {n}")
        assert sent.status_code == 201, (n, sent.json)
        # The next message goes to the same conversation: no new one, no figure.
        assert sent.json["terms"]["conversations_left_today"] is None
        assert _left(ann, others[-1]) == PAYING_FIRST_WEEK - n - 1
    refused = _send(ann, others[PAYING_FIRST_WEEK], "Hi, one more")
    assert refused.status_code == 429
    assert refused.json == {"error": "daily_conversations_used",
                            "params": {"max": PAYING_FIRST_WEEK}}
    gift = ann.post(f"/api/members/{others[PAYING_FIRST_WEEK]}/gifts", json={"gift": "rose"})
    assert (gift.status_code, gift.json["error"]) == (429, "daily_conversations_used")
    screen = _screen(ann, others[PAYING_FIRST_WEEK])
    assert screen["conversation"] is None and screen["refusal"] == "daily_conversations_used"
    assert screen["terms"]["conversations_left_today"] == 0
    # Nothing was stored for the refused ones, and the conversations going carry on.
    assert len(ann.get("/api/chats").json["chats"]) == PAYING_FIRST_WEEK
    assert _send(ann, others[0], "And how was your day?").status_code == 201
    # Someone who writes to her first is a conversation she did not start: she answers.
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    assert _send(bob, ann_id, "Hi Ann, nice profile").status_code == 201
    assert _send(ann, bob_id, "Thank you!").status_code == 201
    # A minute before the site's midnight the day is still full; at midnight it starts anew.
    clock.current = MIDNIGHT - timedelta(minutes=1)
    assert _left(ann, others[PAYING_FIRST_WEEK]) == 0
    clock.current = MIDNIGHT
    assert _left(ann, others[PAYING_FIRST_WEEK]) == PAYING_FIRST_WEEK
    assert _send(ann, others[PAYING_FIRST_WEEK], "Hi, a new day").status_code == 201


def test_the_cap_follows_trust(clocked_app: Flask, clock: FixedClock) -> None:
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    (bob_id,) = _others(app, 1, like=ann_id)
    assert _left(ann, bob_id) == FIRST_WEEK
    clock.current = START + timedelta(days=7)
    assert _left(ann, bob_id) == ESTABLISHED
    make_paid(app, ann_id)
    assert _left(ann, bob_id) == PAYING


def _dismiss(app: Flask, complaint_id: int) -> None:
    app.extensions["amora"].complaints().resolve(complaint_id, "a misunderstanding",
                                                  "j.jansen.ops", "no_action")


def test_reports_from_two_members_lower_the_cap_with_a_decision_a_dismissal_lifts(
        clocked_app: Flask, clock: FixedClock) -> None:
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    clock.current = START + timedelta(days=8)  # an established, paying member
    make_paid(app, ann_id)
    app.extensions["amora"].credits().grant(ann_id, 1000, "test", "pytest")
    bob, bob_id = signed_up(app, "Bob", "male", "female")
    carl, carl_id = signed_up(app, "Carl", "male", "female")
    (dave_id,) = _others(app, 1, like=ann_id)
    reports = []
    for client, member_id in ((bob, bob_id), (carl, carl_id)):
        answer = _send(ann, member_id, "Hi, how are you?")
        assert answer.status_code == 201, answer.json
        message = answer.json["message"]
        reports.append(client.post(f"/api/messages/{message['id']}/report").json["id"])
        if len(reports) == 1:  # one report alone waits for a moderator: no decision
            assert _decisions(ann) == [] and _left(ann, dave_id) == PAYING - 1
    (limit,) = _decisions(ann)
    assert limit["restriction"] == "sending_limited" and limit["status"] == "in_force"
    assert limit["ground"]["code"] == "spam" and limit["decided_automatically"] is True
    # In her language (Dutch), as the shield's decisions are written.
    assert "(leden die je hebben gemeld: 2)" in limit["facts"]
    assert f"dat nu {PAYING // 2} is in plaats van {PAYING}" in limit["facts"]
    assert _left(ann, dave_id) == PAYING // 2 - 2
    with app.extensions["amora"].unit_of_work() as work:
        decision = work.decisions.in_force(ann_id, Restriction.SENDING_LIMITED, str(ann_id))
        assert decision is not None and decision.notice_id == reports[1]
        assert decision.decided_by == "amora-shield"
    # Dismissing one of the two leaves one report: too few, the limit ends with its decision.
    _dismiss(app, reports[0])
    assert _decisions(ann)[0]["status"] == "lifted"
    assert _left(ann, dave_id) == PAYING - 2


def test_an_appeal_that_lifts_the_limit_restores_the_cap(
        clocked_app: Flask, clock: FixedClock) -> None:
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    make_paid(app, ann_id)
    app.extensions["amora"].credits().grant(ann_id, 1000, "test", "pytest")
    (dave_id,) = _others(app, 1, like=ann_id)
    for name in ("Bob", "Carl"):
        client, member_id = signed_up(app, name, "male", "female")
        message = _send(ann, member_id, f"Hi {name}").json["message"]
        assert client.post(f"/api/messages/{message['id']}/report").status_code == 201
    assert _left(ann, dave_id) == PAYING_FIRST_WEEK // 2 - 2
    (limit,) = _decisions(ann)
    appeal = ann.post(f"/api/decisions/{limit['id']}/appeal",
                      json={"text": "I only said hello to two people, nothing more."})
    assert appeal.status_code == 201, appeal.json
    app.extensions["amora"].appeals().decide(appeal.json["id"], True, "Two hellos are no spam",
                                             "j.jansen.ops")
    assert _decisions(ann)[0]["status"] == "lifted"
    assert _left(ann, dave_id) == PAYING_FIRST_WEEK - 2


def test_the_same_opener_to_a_fifth_member_in_a_day_is_nudged(
        clocked_app: Flask, clock: FixedClock) -> None:
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    make_paid(app, ann_id)
    app.extensions["amora"].credits().grant(ann_id, 1000, "test", "pytest")
    others = _others(app, MASS_RECIPIENTS + 1, like=ann_id)
    for n, member_id in enumerate(others[:MASS_RECIPIENTS - 1]):
        clock.current = START + timedelta(hours=n)
        sent = _send(ann, member_id, SCRIPT.format(name=f"Member{n}"))
        assert sent.status_code == 201 and sent.json["message"]["flags"] == []
    fifth = others[MASS_RECIPIENTS - 1]
    text = SCRIPT.format(name=f"Member{MASS_RECIPIENTS - 1}").replace("honest", "HONEST!!")
    nudged = _send(ann, fifth, text)
    assert nudged.status_code == 409 and nudged.json["error"] == "message_flagged"
    assert nudged.json["params"] == {"text": text, "reasons": ["mass_opener"], "spans": [
        {"start": 0, "end": len(text), "reason": "mass_opener"}]}
    assert _screen(ann, fifth)["conversation"] is None  # nothing stored
    sent = _send(ann, fifth, text, confirmed=True)
    assert sent.status_code == 201 and sent.json["message"]["flags"] == ["mass_opener"]
    # A message of her own making is no script; a day later the script is no longer many.
    last = others[MASS_RECIPIENTS]
    own = _send(ann, last, "You climb too? Which crag do you like best around Utrecht?")
    assert own.status_code == 201 and own.json["message"]["flags"] == []
    clock.current = START + timedelta(days=1, hours=MASS_RECIPIENTS)
    (later,) = _others(app, 1, like=ann_id, start=100)
    again = _send(ann, later, SCRIPT.format(name="Member100"))
    assert again.status_code == 201 and again.json["message"]["flags"] == []


def test_a_screening_finding_and_a_mass_opener_are_nudged_together(
        clocked_app: Flask, clock: FixedClock) -> None:
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    make_paid(app, ann_id)
    app.extensions["amora"].credits().grant(ann_id, 1000, "test", "pytest")
    others = _others(app, MASS_RECIPIENTS, like=ann_id)
    for member_id in others[:MASS_RECIPIENTS - 1]:
        assert _send(ann, member_id, SCRIPT.format(name="")).status_code == 201
    nudged = _send(ann, others[-1], SCRIPT.format(name="") + " WhatsApp +31612345678")
    assert nudged.status_code == 409
    reasons = nudged.json["params"]["reasons"]
    assert "mass_opener" in reasons and {"messenger", "phone"} <= set(reasons)
    spans = nudged.json["params"]["spans"]
    assert spans == sorted(spans, key=lambda span: (span["start"], span["end"]))


def test_fingerprints_are_kept_two_days(clocked_app: Flask, clock: FixedClock) -> None:
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    make_paid(app, ann_id)
    app.extensions["amora"].credits().grant(ann_id, 1000, "test", "pytest")
    others = _others(app, 3, like=ann_id)
    _send(ann, others[0], SCRIPT.format(name=""))
    _send(ann, others[1], "Hi!")  # too short to be a script: not kept
    container = app.extensions["amora"]

    def kept() -> list[int]:
        with container.unit_of_work() as work:
            return [sent.recipient_id for sent in work.trust.openers_since(ann_id, START)]

    assert kept() == [others[0]]
    clock.current = START + timedelta(days=2, seconds=1)
    assert container.opener_purge().purge() == 1 and kept() == []
    assert attrs.has(type(container.opener_purge()))


def test_a_held_sender_may_start_at_most_three_a_day(
        clocked_app: Flask, clock: FixedClock) -> None:
    """Held by the shield (the third flagged send of a day), their messages wait; the cap
    keeps a release from delivering a whole day's openers at once."""
    app = clocked_app
    ann, ann_id = signed_up(app, "Ann", "female", "male")
    make_paid(app, ann_id)
    app.extensions["amora"].credits().grant(ann_id, 1000, "test", "pytest")
    others = _others(app, HELD + 1, like=ann_id)
    for member_id in others[:HELD]:
        sent = _send(ann, member_id, "add me on whatsapp +31 6 12345678", confirmed=True)
        assert sent.status_code == 201
    assert sent.json["message"]["held"] is True
    assert _left(ann, others[HELD]) == 0
    refused = _send(ann, others[HELD], "Hi there")
    assert refused.json == {"error": "daily_conversations_used", "params": {"max": HELD}}
