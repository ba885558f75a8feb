"""`amora orders|discounts|bundles`: the operators' shop commands (audit-logged)."""

from __future__ import annotations

import getpass
from datetime import UTC, datetime
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cli.context import Id, container, fail_on_rule
from cli.failures import MAX_NUMBER
from domain.orders import Order

orders = typer.Typer(help="Orders: list, show and refund.", no_args_is_help=True)
discounts = typer.Typer(help="Discount codes: create, list and disable.", no_args_is_help=True)
bundles = typer.Typer(help="Credit bundles per site and currency.", no_args_is_help=True)
console = Console()
Actor = Annotated[str, typer.Option(help="Who acts (audit log); defaults to your login.")]


def _money(cents: int, currency: str) -> str:
    return f"{cents / 100:.2f} {currency}"


def _orders(rows: list[Order]) -> Table:
    table = Table("id", "member", "site", "credits", "amount", "method", "status", "code",
                  "created (UTC)", "paid (UTC)")
    for o in rows:
        table.add_row(str(o.id), str(o.member_id), str(o.site_id), str(o.credits),
                      _money(o.amount, o.currency), o.method, o.status.value,
                      o.discount_code or "", o.created_at.strftime("%Y-%m-%d %H:%M"),
                      o.paid_at.strftime("%Y-%m-%d %H:%M") if o.paid_at else "")
    return table


@orders.command("list")
def list_orders(site: Annotated[str | None, typer.Option(help="Only this site.")] = None,
                status: Annotated[str | None, typer.Option(help="open, paid, failed, ...")]
                = None,
                limit: Annotated[int, typer.Option(min=1, max=1000)] = 50) -> None:
    """Orders, newest first."""
    with fail_on_rule():
        rows = container().shop_administration().orders(site, status, limit)
    console.print(_orders(rows))


@orders.command()
def show(order_id: Id) -> None:
    """One order."""
    with fail_on_rule():
        order = container().shop_administration().order(order_id)
    console.print(_orders([order]))
    console.print(f"payment {order.provider}:{order.payment_id or '-'}")


@orders.command()
def refund(order_id: Id, actor: Actor = "") -> None:
    """Give the money back (within the site's refund_days); the credits go back too."""
    with fail_on_rule():
        order = container().shop().refund(order_id, actor or getpass.getuser())
    console.print(f"[yellow]Order {order.id} {order.status.value}.[/]")


@discounts.command("create")
def create_code(
    code: str, percentage: Annotated[str, typer.Argument(help="e.g. 10 or 12.5")],
    expires: Annotated[datetime | None, typer.Option(help="UTC, e.g. 2026-12-31")] = None,
    country: Annotated[str | None, typer.Option(help="Only members from this country.")]
    = None,
    minimum: Annotated[int, typer.Option(help="Minimum order value in cents.", min=0,
                                         max=MAX_NUMBER)] = 0,
    unlimited: Annotated[bool, typer.Option(help="Usable more than once per member.")]
    = False,
    method: Annotated[list[str] | None, typer.Option(help="Only these payment methods.")]
    = None,
    actor: Actor = "",
) -> None:
    """Create a discount code."""
    with fail_on_rule():
        made = container().shop_administration().create_code(
            code, percentage, actor or getpass.getuser(),
            expires=expires.replace(tzinfo=UTC) if expires else None, country=country,
            minimum_order_value=minimum, unlimited=unlimited, methods=method or ())
    console.print(f"[green]Code {made.code}: {made.value_percentage} % off.[/]")


@discounts.command("list")
def list_codes() -> None:
    """Every discount code."""
    table = Table("code", "%", "status", "validity", "expires", "country", "minimum",
                  "methods")
    for c in container().shop_administration().codes():
        table.add_row(c.code, str(c.value_percentage), c.status.value, c.validity.value,
                      c.expires.strftime("%Y-%m-%d") if c.expires else "", c.country or "",
                      str(c.minimum_order_value), ",".join(c.paymentmethods))
    console.print(table)


@discounts.command()
def disable(code: str, actor: Actor = "") -> None:
    """Stop a code from being used."""
    with fail_on_rule():
        container().shop_administration().disable_code(code, actor or getpass.getuser())
    console.print(f"[yellow]Code {code.upper()} disabled.[/]")


@bundles.command("list")
def list_bundles(domain: str) -> None:
    """A site's bundles on offer."""
    with fail_on_rule():
        rows = container().shop_administration().bundles(domain)
    table = Table("id", "credits", "price", "per credit")
    for b in rows:
        table.add_row(str(b.id), str(b.credits), _money(b.price, b.currency),
                      f"{b.price / b.credits / 100:.3f}")
    console.print(table)


@bundles.command("set")
def set_bundles(domain: str, currency: str,
                offer: Annotated[str, typer.Argument(help="credits:price,... e.g. "
                                                          "100:14.99,250:29.99")],
                actor: Actor = "") -> None:
    """Replace a site's bundles in one currency (old orders keep theirs)."""
    with fail_on_rule():
        rows = container().shop_administration().set_bundles(domain, currency, offer,
                                                             actor or getpass.getuser())
    console.print(f"[green]{len(rows)} bundles in {currency.upper()} for {domain}.[/]")
