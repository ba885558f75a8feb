"""`amora orders|discounts|bundles`: the operators' shop commands (audit-logged)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

import typer

from application.shop_admin import CodeFigures
from cli.context import Id, container, fail_on_rule
from cli.failures import MAX_NUMBER
from cli.inputs import Actor
from cli.operator import operator
from cli.output import Json, console, labelled, money, print_json, rows, say
from domain.orders import Order
from domain.pricing import Bundle

orders = typer.Typer(help="Orders: list, show and refund.", no_args_is_help=True)
discounts = typer.Typer(help="Discount codes: create, list, show and disable.",
                        no_args_is_help=True)
bundles = typer.Typer(help="Credit bundles per site and currency.", no_args_is_help=True)
ORDER_COLUMNS = ("id", "member", "site", "credits", "amount", "currency", "method", "status",
                 "code", "created", "paid")


def _order(o: Order) -> dict[str, Any]:
    return {"id": o.id, "member": o.member_id, "site": o.site_id, "credits": o.credits,
            "amount": money(o.amount), "currency": o.currency, "method": o.method,
            "status": o.status.value, "code": o.discount_code, "created": o.created_at,
            "paid": o.paid_at, "payment": f"{o.provider}:{o.payment_id or '-'}"}


@orders.command("list")
def list_orders(site: Annotated[str | None, typer.Option(help="Only this site.")] = None,
                status: Annotated[str | None, typer.Option(help="open, paid, failed, ...")]
                = None,
                limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
                as_json: Json = False) -> None:
    """Orders, newest first (times in UTC)."""
    with fail_on_rule():
        found = container().shop_administration().orders(site, status, limit)
    rows(ORDER_COLUMNS, [_order(o) for o in found], as_json=as_json)


@orders.command()
def show(order_id: Id, as_json: Json = False) -> None:
    """One order."""
    with fail_on_rule():
        order = container().shop_administration().order(order_id)
    if as_json:
        print_json(_order(order))
        return
    rows(ORDER_COLUMNS, [_order(order)], as_json=False)
    console.print(f"payment {order.provider}:{order.payment_id or '-'}")


@orders.command()
def refund(order_id: Id, actor: Actor = "", as_json: Json = False) -> None:
    """Give the money back (within the site's refund_days); the credits go back too."""
    with fail_on_rule():
        order = container().shop().refund(order_id, operator(actor))
    say(as_json, _order(order), f"Order {order.id} {order.status.value}.", "yellow")


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
    site: Annotated[list[str] | None, typer.Option(
        help="Only on this site (repeatable); default every site.")] = None,
    member: Annotated[int | None, typer.Option(min=1, max=MAX_NUMBER,
                                               help="Only for this member id.")] = None,
    currency: Annotated[str | None, typer.Option(help="Only for orders in this currency.")]
    = None,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Create a discount code, for every site or only some (--site), one member, one
    currency."""
    with fail_on_rule():
        made = container().shop_administration().create_code(
            code, percentage, operator(actor),
            expires=expires.replace(tzinfo=UTC) if expires else None, country=country,
            minimum_order_value=minimum, unlimited=unlimited, methods=method or (),
            sites=site or (), member_id=member, currency=currency)
    say(as_json, made, f"Code {made.code}: {made.value_percentage} % off.", "green")


def _code(figures: CodeFigures) -> dict[str, Any]:
    c = figures.code
    return {"code": c.code, "percentage": c.value_percentage, "status": c.status.value,
            "validity": c.validity.value, "expires": c.expires, "sites": list(figures.domains),
            "member": c.member_id, "currency": c.currency, "country": c.country,
            "minimum": money(c.minimum_order_value), "methods": list(c.paymentmethods),
            "uses": figures.uses,
            "revenue": {cur: money(cents) for cur, cents in sorted(figures.revenue.items())}}


CODE_COLUMNS = ("code", "percentage", "status", "validity", "expires", "sites", "member",
                "currency", "country", "minimum", "methods", "uses", "revenue")


@discounts.command("list")
def list_codes(as_json: Json = False) -> None:
    """Every discount code, where it works, its uses and the revenue of its orders."""
    records = [_code(c) for c in container().shop_administration().codes()]
    if not as_json:
        for record in records:
            record["revenue"] = ", ".join(f"{v} {k}" for k, v in record["revenue"].items())
    # The table keeps to what fits a terminal; `show` and --json have every field.
    columns = CODE_COLUMNS if as_json else ("code", "percentage", "status", "sites", "member",
                                            "currency", "uses", "revenue")
    rows(columns, records, as_json=as_json, empty="No discount codes yet.", no_wrap=("code",))


@discounts.command("show")
def show_code(code: str, as_json: Json = False) -> None:
    """One code with its scope, uses and revenue per currency."""
    with fail_on_rule():
        record = _code(container().shop_administration().code(code))
    if as_json:
        print_json(record)
        return
    for key, value in record.items():
        if isinstance(value, dict):
            value = ", ".join(f"{v} {k}" for k, v in value.items()) or "-"
        elif isinstance(value, list):
            value = ", ".join(value) or "every"
        console.print(labelled(key, value))


@discounts.command()
def disable(code: str, actor: Actor = "", as_json: Json = False) -> None:
    """Stop a code from being used."""
    with fail_on_rule():
        container().shop_administration().disable_code(code, operator(actor))
    say(as_json, {"code": code.strip().upper(), "status": "disabled"},
        f"Code {code.strip().upper()} disabled.", "yellow")


def _bundle(b: Bundle) -> dict[str, Any]:
    return {"id": b.id, "credits": b.credits, "price": money(b.price), "currency": b.currency,
            "per credit": f"{b.price / b.credits / 100:.3f}"}


@bundles.command("list")
def list_bundles(domain: str, as_json: Json = False) -> None:
    """A site's bundles on offer, per currency."""
    with fail_on_rule():
        found = container().shop_administration().bundles(domain)
    rows(("id", "credits", "price", "currency", "per credit"), [_bundle(b) for b in found],
         as_json=as_json, empty=f"{domain} offers no bundles.")


@bundles.command("set")
def set_bundles(domain: str, currency: str,
                offer: Annotated[str, typer.Argument(help="credits:price,... e.g. "
                                                          "100:14.99,250:29.99")],
                actor: Actor = "", as_json: Json = False) -> None:
    """Replace a site's bundles in one currency (old orders keep theirs)."""
    with fail_on_rule():
        found = container().shop_administration().set_bundles(domain, currency, offer,
                                                              operator(actor))
    say(as_json, [_bundle(b) for b in found],
        f"{len(found)} bundles in {currency.strip().upper()} for {domain}.", "green")
