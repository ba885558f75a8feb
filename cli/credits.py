"""`amora credits grant|revoke|ledger`: operators move a member's credits (audit-logged)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from cli.context import Id, container, fail_on_rule
from cli.inputs import Actor, Facts, GroundOption, Key, Notice, reason
from cli.operator import operator
from cli.output import Json, console, print_json, rows, say
from domain.credits import MAX_AMOUNT
from domain.decisions import Ground

app = typer.Typer(help="Credits: grant, revoke and read a member's ledger.",
                  no_args_is_help=True)
Amount = Annotated[int, typer.Argument(min=1, max=MAX_AMOUNT,
                                       help="Credits (a positive number).")]
Reason = Annotated[str, reason("Why (kept in the ledger and audit log).")]


@app.command()
def grant(member_id: Id, amount: Amount, reason: Reason, actor: Actor = "",
          key: Key = None, as_json: Json = False) -> None:
    """Give a member credits.

    Example:

      amora credits grant 42 50 --reason "Goodwill after the outage" --actor alice
    """
    with fail_on_rule():
        entry = container().credits().grant(member_id, amount, reason,
                                            operator(actor), key)
    say(as_json, {"member": member_id, "amount": amount, "balance": entry.balance_after},
        f"Granted {amount} credits to member {member_id}; balance {entry.balance_after}.",
        "green")


@app.command()
def revoke(member_id: Id, amount: Amount, reason: Reason, ground: GroundOption = "",
           facts: Facts = None, notice: Notice = None, actor: Actor = "",
           key: Key = None, as_json: Json = False) -> None:
    """Take credits back (never below zero); the member is told the decision.

    Examples:

      amora credits revoke 42 50 --reason "Granted twice" --ground terms:other_terms --actor alice

      amora credits revoke 42 200 --reason "Chargebacks" --ground terms:payment_abuse --actor al
    """
    with fail_on_rule():
        entry = container().credits().revoke(member_id, amount, reason,
                                             operator(actor), key,
                                             ground=Ground.parse(ground), notice_id=notice,
                                             facts=facts)
    say(as_json, {"member": member_id, "amount": -amount, "balance": entry.balance_after},
        f"Revoked {amount} credits from member {member_id}; "
        f"balance {entry.balance_after}.", "yellow")


@app.command()
def ledger(member_id: Id, as_json: Json = False) -> None:
    """Every credit movement of a member, oldest first, and the balance.

    Examples:

      amora credits ledger 42

      amora credits ledger 42 --json
    """
    with fail_on_rule():
        balance, entries = container().credits().ledger(member_id)
    records = [{"when": entry.at, "kind": entry.kind.value,
                "amount": entry.amount if as_json else f"{entry.amount:+d}",
                "balance": entry.balance_after, "reason": entry.reason, "key": entry.key}
               for entry in entries]
    if as_json:
        print_json({"member": member_id, "balance": balance, "entries": records})
        return
    rows(("when", "kind", "amount", "balance", "reason", "key"), records, as_json=False)
    console.print(Text.assemble("Balance: ", (str(balance), "bold"), " credits"))
