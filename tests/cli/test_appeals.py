"""`amora appeals list|show|decide` (issue 21.3) and the messages `amora complaints show`
lists with a complaint (issue 21.4)."""

from __future__ import annotations

from sqlalchemy import select

from adapters.sql.tables import audit_log
from application.shared.sign_ins import Visitor
from cli import context
from tests.cli.conftest import Amora
from tests.cli.test_cli import _member

VISITOR = Visitor(ip="192.0.2.1", user_agent=None, language="en")


def test_operators_list_show_and_decide_appeals(amora: Amora) -> None:
    member_id = _member(amora)
    assert amora("members", "ban", str(member_id), "--reason", "fake photos",
                 "--ground", "terms:fake_profile").exit_code == 0
    filed = context.container().appeals().file(
        "amora.test", "eve@example.com", "long enough words",
        "These photos are really me, I can show more.", VISITOR)
    listed = amora("appeals", "list")
    assert listed.exit_code == 0 and str(member_id) in listed.output
    shown = amora("appeals", "show", str(filed.id))
    assert "These photos are really me" in shown.output and "fake photos" in shown.output
    assert amora("appeals", "decide", str(filed.id), "--lift", "--note", " ").exit_code == 1
    assert amora("appeals", "decide", str(filed.id), "--note", "x").exit_code != 0  # no choice
    lifted = amora("appeals", "decide", str(filed.id), "--lift", "--note", "Verified",
                   "--actor", "ops")
    assert lifted.exit_code == 0 and "lifted" in lifted.output
    again = amora("appeals", "decide", str(filed.id), "--uphold", "--note", "No")
    assert again.exit_code == 1 and "decided already" in again.output
    assert "active" in amora("members", "show", str(member_id)).output \
        or "not_confirmed" in amora("members", "show", str(member_id)).output
    assert amora("appeals", "list", "--status", "lifted", "--json").exit_code == 0
    assert amora("appeals", "list", "--status", "weird").exit_code == 1
    assert amora("appeals", "show", "999").exit_code == 1
    with context.container().engine().connect() as connection:
        actions = [row.action for row in connection.execute(
            select(audit_log).where(audit_log.c.actor == "ops"))]
    assert actions == ["members.unban", "appeals.decide"]


def test_complaints_show_lists_the_attached_messages(amora: Amora) -> None:
    from datetime import UTC, datetime

    from application.signup import SignupForm
    from domain.complaints import ComplaintForm

    eve = _member(amora)
    bob = context.container().signup().sign_up("amora.test", SignupForm(
        email="bob@example.com", name="Bob", date_of_birth="1980-01-01",
        password="long enough words"), VISITOR).member
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    with context.container().unit_of_work() as work:
        conversation = work.chats.start(bob.id, eve, now)
        rude = work.chats.add_message(conversation, bob.id, "[bold]You are ugly[/]", now, 0, True)
        work.commit()
    reporter = context.container().moderation().show(eve)
    filed = context.container().complaints().file(None, reporter, ComplaintForm(
        category="harassment", text="He insults me all the time", message_ids=(rude.id,),
        good_faith=True))
    shown = amora("complaints", "show", str(filed.id))
    assert shown.exit_code == 0 and "Attached messages" in shown.output
    assert "[bold]You are ugly[/]" in shown.output  # as written, not as markup
    assert '"text": "[bold]You are ugly[/]"' in amora("complaints", "show", str(filed.id),
                                                      "--json").output
