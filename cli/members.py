"""`amora members list|show|ban|unban|remove-text|...`."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from cli.context import Id, container, fail_on_rule
from cli.failures import MAX_NUMBER
from cli.inputs import Actor, Facts, GroundOption, Notice, RequiredFacts, reason
from cli.operator import operator
from cli.output import Json, console, plain, print_json, rows, say, shown
from domain.blocklists import MemberPart
from domain.decisions import Ground
from domain.errors import DomainError
from domain.members import Member
from domain.notifications import MailOff
from domain.removals import ProfileText

app = typer.Typer(help="Members: look up, ban and unban.", no_args_is_help=True)
Reason = Annotated[str, reason("Why (kept in the audit log).")]


COLUMNS = ("id", "site", "e-mail", "name", "gender", "country", "status", "signed up")


def _record(member: Member) -> dict[str, Any]:
    return {"id": member.id, "site": member.site_id, "e-mail": member.email,
            "name": member.profile.name, "gender": member.profile.gender,
            "country": member.profile.country, "status": member.status.value,
            "signed up": member.created_at.strftime("%Y-%m-%d")}


@app.command("list")
def list_members(
    site: Annotated[str | None, typer.Option(help="Only this site's domain.")] = None,
    search: Annotated[str | None, typer.Option(help="Part of the e-mail or name, or the id.")]
    = None,
    status: Annotated[str | None, typer.Option(help="not_confirmed, active, deleted, banned")]
    = None,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
    offset: Annotated[int, typer.Option(min=0, max=MAX_NUMBER)] = 0,
    as_json: Json = False,
) -> None:
    """Members, newest id last."""
    with fail_on_rule():
        members = container().moderation().list(site, search, status, limit, offset)
    rows(COLUMNS, [_record(m) for m in members], as_json=as_json, no_wrap=("e-mail",),
         empty="No members found.")


@app.command()
def show(member_id: Id, as_json: Json = False) -> None:
    """One member's account and profile."""
    with fail_on_rule():
        member = container().moderation().show(member_id)
    profile = member.profile
    details = {
        "e-mail": member.email, "status": member.status.value,
        "birth date": profile.birth_date.isoformat(), "region": profile.region or "",
        "city": profile.city or "", "language": member.language,
        "fictional": member.is_fictional, "invisible": member.invisible,
        "paid user": member.paid_user,
        "activated": member.activated_at.isoformat() if member.activated_at else None,
        "banned": member.banned_at.isoformat() if member.banned_at else None,
        "ban reason": member.ban_reason, "traffic": plain(member.traffic),
    }
    if as_json:
        print_json({**_record(member), **details})
        return
    rows(COLUMNS, [_record(member)], as_json=False, no_wrap=("e-mail",))
    grid = Table.grid(padding=(0, 2))
    for label, value in details.items():
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif label == "traffic":
            value = " ".join(f"{key}={part}" for key, part in value.items() if part)
        grid.add_row(Text(label, style="bold"), shown("no" if value is None else value))
    console.print(grid)


@app.command("set-fictional")
def set_fictional(member_id: Id, state: Annotated[str, typer.Argument(help="on or off")],
                  actor: Actor = "", as_json: Json = False) -> None:
    """Mark a profile as fictional (shown with the site's icon and warning) or not."""
    if state not in ("on", "off"):
        raise typer.BadParameter("say on or off")
    with fail_on_rule():
        container().moderation().set_fictional(member_id, state == "on",
                                               operator(actor))
    say(as_json, {"id": member_id, "fictional": state == "on"},
        f"Member {member_id} fictional: {state}.")


def _parts(value: str | None) -> list[MemberPart]:
    names = [name.strip() for name in (value or "").split(",") if name.strip()]
    known = ", ".join(part.value for part in MemberPart)
    for name in names:
        if name not in {part.value for part in MemberPart}:
            raise typer.BadParameter(f"{name} is none of {known}")
    return [MemberPart(name) for name in names]


Blocklist = Annotated[str | None, typer.Option(
    "--blocklist", show_default=False,
    help="Also list what they left behind, comma-separated: email, domain, ips, device, "
         "photos (issue 31.3; a free-mail domain is refused). Signups and photos matching "
         "them are held for review.")]


@app.command()
def ban(member_id: Id, reason: Reason, ground: GroundOption = "", facts: Facts = None,
        notice: Notice = None, blocklist: Blocklist = None, actor: Actor = "",
        as_json: Json = False) -> None:
    """Ban a member: their sessions end at once and they see the ban page. The member is
    told the decision: its facts (--facts, else the reason) and its --ground."""
    parts = _parts(blocklist)
    who = operator(actor)
    with fail_on_rule():
        entries = container().blocklists().of_member(member_id, parts, reason) \
            if parts else []
        container().moderation().ban(member_id, reason, who, ground=Ground.parse(ground),
                                     facts=facts, notice_id=notice, blocklist=entries)
        listed = container().blocklists().list(member_id=member_id, limit=1000) \
            if parts else []
    if as_json:
        print_json({"id": member_id, "status": "banned",
                    "blocklist": [{"id": entry.id, "kind": entry.kind.value,
                                   "value": entry.value} for entry in listed]})
        return
    say(False, {}, f"Member {member_id} banned.", "red")
    if parts:
        say(False, {}, f"On the block lists: {len(listed)} entries of member {member_id} "
                       f"(amora blocklist list --member {member_id}).", "yellow")


@app.command()
def unban(member_id: Id, reason: Reason, actor: Actor = "", as_json: Json = False) -> None:
    """Lift a ban."""
    with fail_on_rule():
        container().moderation().unban(member_id, reason, operator(actor))
    say(as_json, {"id": member_id, "banned": False}, f"Member {member_id} unbanned.",
        "green")


def _fields(values: list[str]) -> list[str]:
    known = "name, about or city"
    for value in values:
        try:
            ProfileText.parse(value)
        except DomainError:
            raise typer.BadParameter(f"{value} is no profile text; say {known}") from None
    return values


Fields = Annotated[list[str], typer.Option(
    "--field", callback=_fields, show_default=False,
    help="A text to remove: name, about or city (repeat for more). Required.")]


@app.command("remove-text")
def remove_text(member_id: Id, field: Fields, facts: RequiredFacts,
                ground: GroundOption = "", notice: Notice = None, actor: Actor = "",
                as_json: Json = False) -> None:
    """Remove profile texts others see: the about text and city become empty, the name
    the member's number (#ID). The member is told the decision (--facts, --ground); the
    old texts stay only in the decision, so an appeal can bring them back."""
    with fail_on_rule():
        removed = container().removals().remove_text(
            member_id, [ProfileText.parse(value) for value in field], operator(actor),
            ground=Ground.parse(ground), facts=facts, notice_id=notice)
    say(as_json, {"id": member_id, "removed": list(removed.fields),
                  "decision": removed.decision.id},
        f"Removed {', '.join(removed.fields)} of member {member_id} "
        f"(decision {removed.decision.id}).", "yellow")


@app.command("block-directdebit")
def block_directdebit(member_id: Id, reason: Reason, ground: GroundOption = "",
                      facts: Facts = None, notice: Notice = None, actor: Actor = "",
                      as_json: Json = False) -> None:
    """Keep a member from paying by direct debit; they are told the decision."""
    with fail_on_rule():
        container().shop_administration().block_directdebit(member_id, True, reason,
                                                            operator(actor),
                                                            ground=Ground.parse(ground),
                                                            facts=facts, notice_id=notice)
    say(as_json, {"id": member_id, "directdebit_blocked": True},
        f"Member {member_id} may no longer pay by direct debit.", "yellow")


@app.command("unblock-directdebit")
def unblock_directdebit(member_id: Id, reason: Reason, actor: Actor = "",
                        as_json: Json = False) -> None:
    """Let a member pay by direct debit again."""
    with fail_on_rule():
        container().shop_administration().block_directdebit(member_id, False, reason,
                                                            operator(actor))
    say(as_json, {"id": member_id, "directdebit_blocked": False},
        f"Member {member_id} may pay by direct debit again.", "green")


@app.command("mail-off")
def mail_off(member_id: Id,
             reason: Annotated[MailOff, typer.Argument(help="fbl, bounce or unsubscribed")],
             actor: Actor = "", as_json: Json = False) -> None:
    """Stop all e-mail to a member: a spam complaint (fbl), a bounce, or unsubscribed.
    The member's notification screen says why and how to turn mail back on."""
    with fail_on_rule():
        container().notification_settings().set_mail_off(member_id, reason,
                                                         operator(actor))
    say(as_json, {"id": member_id, "mail_off": reason.value},
        f"No more e-mail to member {member_id} ({reason.value}).", "yellow")


@app.command("mail-on")
def mail_on(member_id: Id, actor: Actor = "", as_json: Json = False) -> None:
    """Send e-mail to a member again."""
    with fail_on_rule():
        container().notification_settings().set_mail_off(member_id, None,
                                                         operator(actor))
    say(as_json, {"id": member_id, "mail_off": None},
        f"Member {member_id} receives e-mail again.", "green")
