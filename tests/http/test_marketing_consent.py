"""Marketing mail by opt-in (issue 29.7), over HTTP on SQLite and PostgreSQL: a new member
gets no weekly update, offer or news until they opt in; the signup's opt-in box is
recorded with its time as the member's consent, and shows in their data export."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Flask

from adapters.container import Container
from application.ports.jobs import WeeklyUpdate
from domain.members import AccountStatus, ProfileStatus
from domain.notifications import MARKETING
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_notifications_api import mails


def _body(answer: Any) -> dict[str, Any]:
    body = answer.json
    assert isinstance(body, dict)
    return body


def _signed_up(app: Flask, name: str, **extra: Any) -> tuple[ApiClient, int]:
    client = ApiClient(app)
    answer = client.post("/api/signup", json={**SIGNUP, "email": f"{name.lower()}@example.com",
                                              "name": name, **extra})
    assert answer.status_code == 201, answer.json
    member_id = _body(answer)["user"]["id"]
    with app.extensions["amora"].unit_of_work() as work:  # the e-mail confirmed
        member = work.members.get(member_id)
        work.members.save(member, attrs.evolve(
            member, status=AccountStatus.ACTIVE,
            profile=attrs.evolve(member.profile, status=ProfileStatus.ACTIVE)))
        work.commit()
    return client, member_id


def _weekly_run(container: Container) -> list[int]:
    """The scheduler's weekly run: whom it queues, each job then run."""
    queued: list[WeeklyUpdate] = []
    container.notifier().weekly_updates(
        lambda job: queued.append(job) if isinstance(job, WeeklyUpdate) else None)
    for job in queued:
        container.notifier().notify(job)
    return [job.member_id for job in queued]


def _consents(app: Flask, member_id: int) -> list[dict[str, Any]]:
    with app.extensions["amora"].unit_of_work() as work:
        sections = dict(work.personal_data.sections(member_id))
        return [dict(row) for row in sections["consents"]]


def test_a_new_member_gets_no_marketing_mail_until_they_opt_in(
        app: Flask, container: Container) -> None:
    ann, ann_id = _signed_up(app, "Ann")
    preferences = _body(ann.get("/api/notifications"))["preferences"]
    assert {key for key, on in preferences.items() if not on} == MARKETING
    assert _weekly_run(container) == []
    container.notifier().notify(WeeklyUpdate(ann_id))  # a job queued anyway
    assert mails(container, "ann@example.com") == []
    with app.extensions["amora"].unit_of_work() as work:
        no = work.notifications.marketing_consent(ann_id)
    assert no is not None and (no.given, no.via) == (False, "signup")

    changed = ann.put("/api/notifications", json={"preferences": {"weekly_updates": True}})
    assert _body(changed)["preferences"]["weekly_updates"] is True
    assert _weekly_run(container) == [ann_id]
    [mail] = mails(container, "ann@example.com")
    assert "List-Unsubscribe" in mail
    with app.extensions["amora"].unit_of_work() as work:
        yes = work.notifications.marketing_consent(ann_id)
    assert yes is not None and (yes.given, yes.via) == (True, "settings") and yes.at >= no.at


def test_the_opt_in_at_signup_is_recorded_with_its_time(
        app: Flask, container: Container) -> None:
    refused = ApiClient(app).post("/api/signup", json={**SIGNUP, "marketing": "yes"})
    assert (refused.status_code, _body(refused)["error"]) == (400, "invalid_request")
    ben, ben_id = _signed_up(app, "Ben", marketing=True)
    preferences = _body(ben.get("/api/notifications"))["preferences"]
    assert all(preferences.values())
    with app.extensions["amora"].unit_of_work() as work:
        consent = work.notifications.marketing_consent(ben_id)
        joined = work.members.get(ben_id).created_at
    assert consent is not None and (consent.given, consent.via, consent.at) == (
        True, "signup", joined)
    assert _weekly_run(container) == [ben_id]
    assert len(mails(container, "ben@example.com")) == 1
    assert {"consent": "marketing_mail", "given": True, "given_at": joined.isoformat(),
            "details": {"via": "signup"}} in _consents(app, ben_id)

    # All marketing off on the notifications screen: the consent is withdrawn.
    ben.put("/api/notifications", json={"preferences": dict.fromkeys(MARKETING, False)})
    [withdrawn] = [c for c in _consents(app, ben_id) if c["consent"] == "marketing_mail"]
    assert withdrawn["given"] is False and withdrawn["details"] == {"via": "settings"}
    assert _weekly_run(container) == []
