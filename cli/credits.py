"""`amora credits grant|revoke|ledger`: operators move a member's credits (audit-logged)."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cli.context import Id, container, fail_on_rule
from cli.failures import MAX_NUMBER

app = typer.Typer(help="Credits: grant, revoke and read a member's ledger.",
                  no_args_is_help=True)
console = Console()
Amount = Annotated[int, typer.Argument(min=1, max=MAX_NUMBER, help="Credits (a positive number).")]
Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the ledger and audit log).")]
Actor = Annotated[str, typer.Option(help="Who acts (audit log); defaults to your login.")]
Key = Annotated[str | None, typer.Option(
    help="Idempotency key: running the same command with the same key books it once.")]


@app.command()
def grant(member_id: Id, amount: Amount, reason: Reason, actor: Actor = "",
          key: Key = None) -> None:
    """Give a member credits."""
    with fail_on_rule():
        entry = container().credits().grant(member_id, amount, reason,
                                            actor or getpass.getuser(), key)
    console.print(f"[green]Granted {amount} credits to member {member_id}; "
                  f"balance {entry.balance_after}.[/]")


@app.command()
def revoke(member_id: Id, amount: Amount, reason: Reason, actor: Actor = "",
           key: Key = None) -> None:
    """Take credits back (never below zero)."""
    with fail_on_rule():
        entry = container().credits().revoke(member_id, amount, reason,
                                             actor or getpass.getuser(), key)
    console.print(f"[yellow]Revoked {amount} credits from member {member_id}; "
                  f"balance {entry.balance_after}.[/]")


@app.command()
def ledger(member_id: Id) -> None:
    """Every credit movement of a member, oldest first, and the balance."""
    with fail_on_rule():
        balance, entries = container().credits().ledger(member_id)
    table = Table("when (UTC)", "kind", "amount", "balance", "reason", "key")
    for entry in entries:
        table.add_row(entry.at.strftime("%Y-%m-%d %H:%M:%S"), entry.kind.value,
                      f"{entry.amount:+d}", str(entry.balance_after), entry.reason, entry.key)
    console.print(table)
    console.print(f"Balance: [bold]{balance}[/] credits")
