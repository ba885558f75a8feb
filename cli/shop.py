"""`amora orders|discounts|bundles`: the operators' shop commands (audit-logged).

Money is typed and printed in currency units ("14.99", at most two decimals; stored as
cents); JSON has it as decimal strings next to its currency."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

import typer
from rich.text import Text

from application.ports.shop import Refund
from application.shared.refunds import Refunded
from application.shop_admin import CodeFigures, PriceList
from cli.confirm import DryRun, Yes, confirm, refuse_unless_asked
from cli.context import Id, container, fail_on_rule
from cli.failures import MAX_NUMBER
from cli.inputs import Actor, reason
from cli.operator import operator
from cli.output import Json, console, errors, labelled, money, print_json, rows, say, shown
from domain.orders import Order, OrderStatus
from domain.pricing import Bundle
from domain.refunds import RefundPlan

orders = typer.Typer(help="Orders: list, show and refund.", no_args_is_help=True)
discounts = typer.Typer(help="Discount codes: create, list, show and disable.",
                        no_args_is_help=True)
bundles = typer.Typer(help="Credit bundles per site and currency.", no_args_is_help=True)
ORDER_COLUMNS = ("id", "member", "site", "credits", "amount", "refunded", "currency",
                 "method", "status", "code", "created", "paid")
Currency = Annotated[str, typer.Argument(help="Three letters, e.g. EUR.")]
Since = Annotated[datetime | None, typer.Option(
    formats=["%Y-%m-%d", "%Y-%m-%dT%H:%M"], help="Made on this day or moment or later (UTC).")]


def _order(o: Order, domains: dict[int, str] | None = None) -> dict[str, Any]:
    return {"id": o.id, "member": o.member_id,
            "site": (domains or {}).get(o.site_id, o.site_id), "credits": o.credits,
            "amount": money(o.amount), "refunded": money(o.refunded), "currency": o.currency,
            "method": o.method, "status": o.status.value, "code": o.discount_code,
            "created": o.created_at, "paid": o.paid_at,
            "payment": f"{o.provider}:{o.payment_id or '-'}"}


@orders.command("list")
def list_orders(
    member: Annotated[int | None, typer.Option(min=1, max=MAX_NUMBER,
                                               help="Only this member's.")] = None,
    since: Since = None,
    status: Annotated[str | None, typer.Option(
        help="open, pending, paid, failed, canceled, expired, refunded or charged_back.")]
    = None,
    site: Annotated[str | None, typer.Option(help="Only this site's (its domain).")] = None,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
    as_json: Json = False,
) -> None:
    """Orders, newest first (times in UTC); a partly refunded order is paid with the
    money given back so far under refunded.

    Examples:

      amora orders list --member 42 --since 2026-11-01

      amora orders list --status paid --site amora.test --limit 20 --json
    """
    admin = container().shop_administration()
    with fail_on_rule():
        found = admin.orders(site, status, limit, member_id=member,
                             since=since.replace(tzinfo=UTC) if since else None)
        domains = admin.site_domains()
    rows(ORDER_COLUMNS, [_order(o, domains) for o in found], as_json=as_json,
         empty="No orders found.")


def _refund(r: Refund, currency: str) -> dict[str, Any]:
    return {"at": r.created_at, "amount": money(r.amount), "currency": currency,
            "kind": r.kind, "credits_taken": r.credits, "credits_spent": r.missing,
            "reason": r.reason, "actor": r.actor}


@orders.command()
def show(order_id: Id, as_json: Json = False) -> None:
    """One order with its refunds (each with the credits taken back and those the member
    had spent already) and what is left to refund.

    Example:

      amora orders show 7
    """
    admin = container().shop_administration()
    with fail_on_rule():
        found = admin.order_with_refunds(order_id)
        domains = admin.site_domains()
    order = found.order
    record = {**_order(order, domains),
              "refundable": money(order.amount - order.refunded)
              if order.status is OrderStatus.PAID else money(0),
              "refunds": [_refund(r, order.currency) for r in found.refunds]}
    if as_json:
        print_json(record)
        return
    for key, value in record.items():
        if isinstance(value, datetime):
            value = value.strftime("%Y-%m-%d %H:%M UTC")
        if key != "refunds":
            console.print(labelled(key, "-" if value is None else value))
    if found.refunds:
        rows(("at", "amount", "currency", "kind", "credits_taken", "credits_spent", "reason",
              "actor"), record["refunds"], as_json=False, title="Refunds")


def _plan(plan: RefundPlan) -> dict[str, Any]:
    return {"order": plan.order_id, "member": plan.member_id, "currency": plan.currency,
            "paid": money(plan.paid), "refunded_before": money(plan.refunded_before),
            "amount": money(plan.amount), "remaining": money(plan.remaining),
            "credits": plan.credits, "credits_back": plan.credits_back,
            "credits_taken": plan.taken, "credits_spent": plan.missing,
            "balance": plan.balance, "balance_after": plan.balance_after,
            "status_after": plan.status_after.value}


def _show_plan(plan: RefundPlan, *, err: bool) -> None:
    """The plan for people: what goes back, which credits come back, which cannot."""
    out = errors if err else console
    cur = plan.currency
    out.print(shown(f"Refund of order {plan.order_id} (member {plan.member_id}):",
                    style="bold"))
    earlier = (f"; {money(plan.refunded_before)} {cur} refunded before"
               if plan.refunded_before else "")
    out.print(shown(f"  money back        {money(plan.amount)} {cur} of {money(plan.paid)} {cur}"
                    f" paid{earlier}; {money(plan.remaining)} {cur} refundable after"))
    out.print(shown(f"  credits back      {plan.credits_back} of the order's {plan.credits}"))
    out.print(shown(f"  taken back        {plan.taken} (balance {plan.balance} -> "
                    f"{plan.balance_after})"))
    if plan.missing:
        out.print(shown(f"  cannot take back  {plan.missing}: spent already (the member is "
                        "flagged payment_reversed_credits_spent)", style="yellow"))
    else:
        out.print(shown("  cannot take back  0"))
    after = ("refunded" if plan.full else "paid, partly refunded")
    out.print(shown(f"  order after       {after}"))


@orders.command()
def refund(
    order_id: Id,
    why: Annotated[str, reason("Why the money goes back (kept with the refund and in the "
                               "audit log). Required.")],
    amount: Annotated[str | None, typer.Option(
        help="Give back only this much, in currency units (e.g. 12.50); default: all "
             "that is left. Partial refunds add up to at most what was paid.")] = None,
    dry_run: DryRun = False,
    yes: Yes = False,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Give money of a paid order back (within the site's refund_days) and take back
    the credits it bought (the same share of them; those the member spent already cannot
    be, and are flagged). Shows the plan first; on a terminal asks before doing it;
    without a terminal only with --yes. The gateway's refund, the order, the credits and
    the audit line move together or not at all.

    Examples:

      amora orders refund 7 --reason "double charge" --dry-run

      amora orders refund 7 --reason "late delivery" --amount 5.00

      amora orders refund 7 --reason "goodwill" --amount 5.00 --yes --json
    """
    refunds = container().refunds()
    with fail_on_rule():
        plan = refunds.refund_plan(order_id, amount, reason=why)
    if dry_run:
        if as_json:
            print_json({**_plan(plan), "dry_run": True})
        else:
            _show_plan(plan, err=False)
            console.print(shown("Dry run: nothing changed."))
        return
    who = operator(actor)  # in production, no change without a name: before asking
    refuse_unless_asked(yes, "the refund")
    _show_plan(plan, err=as_json)  # --json keeps standard output for the outcome
    confirm(f"Refund {money(plan.amount)} {plan.currency} of order {plan.order_id}?", yes,
            err=as_json)
    with fail_on_rule():
        done = refunds.refund(order_id, who, reason=why, amount=amount, confirmed=plan)
    _refunded(done, as_json)


def _refunded(done: Refunded, as_json: bool) -> None:
    order, given = done.order, done.refund
    if as_json:
        print_json({"order": _order(order), "refund": _refund(given, order.currency),
                    "refundable": money(order.amount - order.refunded),
                    "balance": done.balance})
        return
    left = order.amount - order.refunded
    console.print(shown(f"Refunded {money(given.amount)} {order.currency} of order {order.id}; "
                        f"{money(left)} {order.currency} left refundable (order "
                        f"{order.status.value}).", style="yellow"))
    spent = f"; {given.missing} spent already (flagged)" if given.missing else ""
    console.print(shown(f"Took back {given.credits} credits{spent}. Balance {done.balance}."))


@discounts.command("create")
def create_code(
    code: str, percentage: Annotated[str, typer.Argument(help="e.g. 10 or 12.5")],
    expires: Annotated[datetime | None, typer.Option(help="UTC, e.g. 2026-12-31")] = None,
    country: Annotated[str | None, typer.Option(help="Only members from this country.")]
    = None,
    minimum: Annotated[str, typer.Option(
        help="Minimum order value before the discount, in currency units (20.00 is twenty "
             "euros in EUR).")] = "0",
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
    currency.

    Examples:

      amora discounts create SPRING10 10 --minimum 20.00 --country NL

      amora discounts create NORDLYS20 20 --site nordlys.example --currency NOK
    """
    admin = container().shop_administration()
    with fail_on_rule():
        made = admin.create_code(
            code, percentage, operator(actor),
            expires=expires.replace(tzinfo=UTC) if expires else None, country=country,
            minimum=minimum, unlimited=unlimited, methods=method or (),
            sites=site or (), member_id=member, currency=currency)
        record = _code(admin.code(made.code))
    minimum_text = (f", orders from {record['minimum']}"
                    f"{' ' + made.currency if made.currency else ''}"
                    if made.minimum_order_value else "")
    say(as_json, record, f"Code {made.code}: {made.value_percentage} % off{minimum_text}.",
        "green")


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
    """Every discount code, where it works, its uses and the revenue of its orders
    (money kept: paid less refunded).

    Example:

      amora discounts list --json
    """
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
    """One code with its scope, minimum order value, uses and revenue per currency.

    Example:

      amora discounts show SPRING10
    """
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
    """Stop a code from being used.

    Example:

      amora discounts disable SPRING10
    """
    with fail_on_rule():
        container().shop_administration().disable_code(code, operator(actor))
    say(as_json, {"code": code.strip().upper(), "status": "disabled"},
        f"Code {code.strip().upper()} disabled.", "green")


BUNDLE_COLUMNS = ("id", "credits", "price", "currency", "per_credit")


def _bundle(b: Bundle) -> dict[str, Any]:
    return {"id": b.id, "credits": b.credits, "price": money(b.price), "currency": b.currency,
            "per_credit": f"{b.price / b.credits / 100:.3f}"}


@bundles.command("list")
def list_bundles(domain: str, as_json: Json = False) -> None:
    """A site's bundles on offer, per currency, prices in currency units.

    Example:

      amora bundles list amora.test
    """
    with fail_on_rule():
        found = container().shop_administration().bundles(domain)
    rows(BUNDLE_COLUMNS, [_bundle(b) for b in found],
         as_json=as_json, empty=f"{domain} offers no bundles.")


def _price_list(changed: PriceList, as_json: bool) -> None:
    """The currency's price list after the change, each bundle marked as it changed."""
    def change(b: Bundle) -> str:
        if b.credits not in changed.changed:
            return ""
        old = changed.before.get(b.credits)
        return f"was {money(old)}" if old is not None else "added"

    records = [{**_bundle(b), "change": change(b)} for b in changed.bundles]
    removed = [{"credits": b.credits, "price": money(b.price)} for b in changed.removed]
    if as_json:
        print_json({"site": changed.domain, "currency": changed.currency, "bundles": records,
                    "removed": removed})
        return
    rows((*BUNDLE_COLUMNS, "change"), records, as_json=False,
         title=f"{changed.domain} {changed.currency}",
         empty=f"{changed.domain} offers no bundles in {changed.currency} now: members who "
               "would pay in it are offered the EUR ones.")
    for gone in removed:
        console.print(Text.assemble(("removed ", "yellow"),
                                    shown(f"{gone['credits']} credits at {gone['price']} "
                                          f"{changed.currency}")))


@bundles.command("set")
def set_bundles(domain: str, currency: Currency,
                offer: Annotated[str, typer.Argument(help="credits:price,... in currency "
                                                          "units, e.g. 100:14.99,250:29.99")],
                actor: Actor = "", as_json: Json = False) -> None:
    """Price the bundles named by their credits (added if new); every other bundle of the
    site in that currency stays as it is. Shows the resulting price list. Orders keep the
    price they were made at.

    Examples:

      amora bundles set amora.test EUR 100:15.99

      amora bundles set nordlys.example NOK 100:169,250:339,600:679
    """
    with fail_on_rule():
        changed = container().shop_administration().set_bundles(domain, currency, offer,
                                                                operator(actor))
    _price_list(changed, as_json)


@bundles.command("remove")
def remove_bundles(domain: str, currency: Currency,
                   credits: Annotated[list[str], typer.Argument(
                       help="The bundles to take off, by their credits, e.g. 250 600.")],
                   actor: Actor = "", as_json: Json = False) -> None:
    """Take bundles off a site's price list in one currency (orders keep theirs); the
    last EUR bundle stays (members elsewhere fall back to EUR). Shows the resulting list.

    Example:

      amora bundles remove amora.test EUR 600 1000
    """
    with fail_on_rule():
        changed = container().shop_administration().remove_bundles(domain, currency,
                                                                   credits, operator(actor))
    _price_list(changed, as_json)
