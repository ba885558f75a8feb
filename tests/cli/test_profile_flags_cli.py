"""Flagged profile texts for operators (issue 31.2): `amora safety queue` lists the names
and about texts saved despite the scam shield's nudge; `amora safety clear-profile` clears
a harmless one's flags, `amora members remove-text` removes a lure (and its flags). On
SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from typing import Any

import attrs

from application.ports.audit import AuditFilter
from cli import context
from domain.members import AccountStatus
from tests.cli.test_safety_queue import _member, amora  # noqa: F401 (the fixture)

LURE = "Send 300 by Western Union please"  # (a profile takes no control characters)


def _save(member_id: int, **changes: Any) -> None:
    context.container().profiles().update(member_id, changes, confirmed=True)


def _queued(amora: Any) -> list[dict[str, Any]]:  # noqa: F811
    listed = amora("safety", "queue", "--json")
    assert listed.exit_code == 0, listed.output
    answer: list[dict[str, Any]] = json.loads(listed.stdout)["profiles"]
    return answer


def test_flagged_profiles_are_queued_and_cleared(amora: Any) -> None:  # noqa: F811
    ann, bea, cat = (_member(f"{n}@example.com", n.title()) for n in ("ann", "bea", "cat"))
    _save(ann, about_me=LURE)
    _save(bea, name="Bea wa +31612345678", about_me="I love hiking")
    # As the screening reads the lure today (the rules are tuned apart from this test).
    lure_reasons = list(context.container().screening().check(LURE).reasons)
    assert "transfer_service" in lure_reasons
    assert _queued(amora) == [
        {"member": {"id": bea, "name": "Bea wa +31612345678", "email": "bea@example.com"},
         "texts": [{"field": "name", "text": "Bea wa +31612345678", "reasons": ["phone"]}]},
        {"member": {"id": ann, "name": "Ann", "email": "ann@example.com"},
         "texts": [{"field": "about", "text": LURE, "reasons": lure_reasons}]},
    ]
    shown = amora("safety", "queue")
    assert shown.exit_code == 0, shown.output
    assert "Flagged profile texts: 2" in shown.stdout
    # The found part between braces with its reasons (the terminal may wrap the line).
    assert re.search(r"\{[^}]*Western Union\}\([^)]*transfer_service",
                     " ".join(shown.stdout.split()))

    refused = amora("safety", "clear-profile", str(cat), "--note", "fine")
    assert refused.exit_code == 1 and "not_flagged" in refused.output
    wrong = amora("safety", "clear-profile", str(bea), "--note", "fine", "--field", "city")
    assert wrong.exit_code == 2
    cleared = amora("safety", "clear-profile", str(bea), "--note", "her office number",
                    "--json")
    assert cleared.exit_code == 0, cleared.output
    assert json.loads(cleared.stdout) == {"id": bea, "cleared": ["name"]}
    assert [item["member"]["id"] for item in _queued(amora)] == [ann]
    with context.container().unit_of_work() as work:
        [entry] = [e for e in work.audit_queries.find(AuditFilter(member_id=bea))
                   if e.action == "safety.clear_profile"]
    assert (entry.actor, entry.details) == ("ops", {
        "fields": ["name"], "reasons": ["phone"], "note": "her office number"})

    removed = amora("members", "remove-text", str(ann), "--field", "about", "--facts",
                    "Your profile asked for money.", "--ground", "terms:scam")
    assert removed.exit_code == 0, removed.output
    assert _queued(amora) == []


def test_banned_members_leave_the_queue(amora: Any) -> None:  # noqa: F811
    ann = _member("ann@example.com", "Ann")
    _save(ann, about_me=LURE)
    with context.container().unit_of_work() as work:
        member = work.members.get(ann)
        assert member is not None
        work.members.save(member, attrs.evolve(member, status=AccountStatus.BANNED))
        work.commit()
    assert _queued(amora) == []
