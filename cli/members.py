"""`amora members list|show|ban|unban`."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cli.context import Id, container, fail_on_rule
from domain.members import Member
from domain.notifications import MailOff

app = typer.Typer(help="Members: look up, ban and unban.", no_args_is_help=True)
console = Console()
Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")]
Actor = Annotated[str, typer.Option(help="Who acts (audit log); defaults to your login.")]


def _table(members: list[Member]) -> Table:
    table = Table("id", "site", "e-mail", "name", "gender", "country", "status", "signed up")
    table.columns[2].no_wrap = True
    for member in members:
        table.add_row(str(member.id), str(member.site_id), member.email, member.profile.name,
                      member.profile.gender, member.profile.country, member.status.value,
                      member.created_at.strftime("%Y-%m-%d"))
    return table


@app.command("list")
def list_members(
    site: Annotated[str | None, typer.Option(help="Only this site's domain.")] = None,
    search: Annotated[str | None, typer.Option(help="Part of the e-mail or name.")] = None,
    status: Annotated[str | None, typer.Option(help="not_confirmed, active, deleted, banned")]
    = None,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
    offset: Annotated[int, typer.Option(min=0)] = 0,
) -> None:
    """Members, newest id last."""
    with fail_on_rule():
        members = container().moderation().list(site, search, status, limit, offset)
    console.print(_table(list(members)))


@app.command()
def show(member_id: Id) -> None:
    """One member's account and profile."""
    with fail_on_rule():
        member = container().moderation().show(member_id)
    console.print(_table([member]))
    profile = member.profile
    details = Table.grid(padding=(0, 2))
    for label, value in [
        ("e-mail", member.email), ("status", member.status.value),
        ("birth date", profile.birth_date.isoformat()), ("region", profile.region or ""),
        ("city", profile.city or ""), ("language", member.language),
        ("fictional", "yes" if member.is_fictional else "no"),
        ("invisible", "yes" if member.invisible else "no"),
        ("paid user", "yes" if member.paid_user else "no"),
        ("activated", member.activated_at.isoformat() if member.activated_at else "no"),
        ("banned", f"{member.banned_at:%Y-%m-%d} ({member.ban_reason})" if member.banned_at
         else "no"),
        ("traffic", member.traffic.network or ""),
    ]:
        details.add_row(f"[bold]{label}[/]", value)
    console.print(details)


@app.command("set-fictional")
def set_fictional(member_id: Id, state: Annotated[str, typer.Argument(help="on or off")],
                  actor: Actor = "") -> None:
    """Mark a profile as fictional (shown with the site's icon and warning) or not."""
    if state not in ("on", "off"):
        raise typer.BadParameter("say on or off")
    with fail_on_rule():
        container().moderation().set_fictional(member_id, state == "on",
                                               actor or getpass.getuser())
    console.print(f"Member {member_id} fictional: {state}.")


@app.command()
def ban(member_id: Id, reason: Reason, actor: Actor = "") -> None:
    """Ban a member: their sessions end at once and they see the ban page."""
    with fail_on_rule():
        container().moderation().ban(member_id, reason, actor or getpass.getuser())
    console.print(f"[red]Member {member_id} banned.[/]")


@app.command()
def unban(member_id: Id, reason: Reason, actor: Actor = "") -> None:
    """Lift a ban."""
    with fail_on_rule():
        container().moderation().unban(member_id, reason, actor or getpass.getuser())
    console.print(f"[green]Member {member_id} unbanned.[/]")


@app.command("block-directdebit")
def block_directdebit(member_id: Id, reason: Reason, actor: Actor = "") -> None:
    """Keep a member from paying by direct debit."""
    with fail_on_rule():
        container().shop_administration().block_directdebit(member_id, True, reason,
                                                            actor or getpass.getuser())
    console.print(f"[yellow]Member {member_id} may no longer pay by direct debit.[/]")


@app.command("unblock-directdebit")
def unblock_directdebit(member_id: Id, reason: Reason, actor: Actor = "") -> None:
    """Let a member pay by direct debit again."""
    with fail_on_rule():
        container().shop_administration().block_directdebit(member_id, False, reason,
                                                            actor or getpass.getuser())
    console.print(f"[green]Member {member_id} may pay by direct debit again.[/]")


@app.command("mail-off")
def mail_off(member_id: Id,
             reason: Annotated[MailOff, typer.Argument(help="fbl, bounce or unsubscribed")],
             actor: Actor = "") -> None:
    """Stop all e-mail to a member: a spam complaint (fbl), a bounce, or unsubscribed.
    The member's notification screen says why and how to turn mail back on."""
    with fail_on_rule():
        container().notification_settings().set_mail_off(member_id, reason,
                                                         actor or getpass.getuser())
    console.print(f"[yellow]No more e-mail to member {member_id} ({reason.value}).[/]")


@app.command("mail-on")
def mail_on(member_id: Id, actor: Actor = "") -> None:
    """Send e-mail to a member again."""
    with fail_on_rule():
        container().notification_settings().set_mail_off(member_id, None,
                                                         actor or getpass.getuser())
    console.print(f"[green]Member {member_id} receives e-mail again.[/]")
