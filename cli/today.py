"""`amora today`: the operator's day at a glance (issue 32.6). Today on every site (each in
its own time zone) or one, beside yesterday and yesterday by this time; what waits for
someone (photos, complaints, appeals, members the scam shield holds); the background jobs
and the server errors of the last hour. `--json` prints the same figures, money as decimal
strings in currency units, ages in whole seconds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Column, Table
from rich.text import Text

from cli.context import container, fail_on_rule
from cli.output import Json, console, money, print_json, shown
from domain.today import Activity, Queue, Queues, SiteToday, Today

Site = Annotated[str | None, typer.Option(help="Only this site's domain (else every site).")]

# Past these a figure is shown in red: work that waits too long, or something failing.
PHOTO_AGE_WARNING = timedelta(hours=24)
COMPLAINT_AGE_WARNING = timedelta(hours=24)
JOBS_AGE_WARNING = timedelta(minutes=10)
REFUND_AGE_WARNING = timedelta(hours=1)  # the outbox's retries of a refund end after ~40 min
_NONE = "-"


def today(site: Site = None, as_json: Json = False) -> None:
    """Today at a glance: sign-ups, activations, paying members, revenue and failed
    payments (today in the site's time zone, beside yesterday and yesterday by this time),
    photos to review, open complaints and appeals, members held by the scam shield, the
    background jobs and the 5xx responses of the last hour.

    Examples:

      amora today

      amora today --site amora.test --json
    """
    with fail_on_rule():
        found = container().at_a_glance().today(site)
    if as_json:
        print_json(_data(found, site))
        return
    _show(found, site)


# --- JSON --------------------------------------------------------------------------------

def _seconds(age: timedelta | None) -> int | None:
    return None if age is None else int(age.total_seconds())


def _amounts(cents: Mapping[str, int]) -> dict[str, str]:
    return {currency: str(money(amount)) for currency, amount in cents.items()}


def _activity(activity: Activity) -> dict[str, Any]:
    return {"signups": activity.signups, "activations": activity.activations,
            "first_purchases": activity.first_purchases, "paid_orders": activity.paid_orders,
            "revenue": _amounts(activity.revenue), "refunded": _amounts(activity.refunded),
            "failed_payments": activity.failed_payments}


def _queue(queue: Queue, now: datetime) -> dict[str, Any]:
    return {"count": queue.count, "oldest_at": queue.oldest,
            "oldest_seconds": _seconds(queue.age(now))}


def _now(queues: Queues, now: datetime) -> dict[str, Any]:
    return {"paying_members": queues.paying_members,
            "photos_to_review": {**_queue(queues.photos, now), "held": queues.held_photos},
            "open_complaints": _queue(queues.complaints, now),
            "open_appeals": _queue(queues.appeals, now),
            "held_members": _queue(queues.held_members, now),
            "refunds_waiting": _queue(queues.refunds_waiting, now)}


def _site(site: SiteToday, now: datetime) -> dict[str, Any]:
    return {"site": site.domain, "time_zone": site.time_zone, "date": site.day.date,
            "day_started_at": site.day.today.start, "today": _activity(site.today),
            "yesterday": _activity(site.yesterday),
            "yesterday_by_now": _activity(site.yesterday_by_now),
            "now": _now(site.queues, now)}


def _data(found: Today, site: str | None) -> dict[str, Any]:
    now = found.now
    jobs = found.outbox
    return {
        "at": now, "site": found.sites[0].domain if site is not None and found.sites else None,
        "total": {"today": _activity(found.total_today),
                  "yesterday": _activity(found.total_yesterday),
                  "yesterday_by_now": _activity(found.total_yesterday_by_now),
                  "now": _now(found.total_queues, now)},
        "sites": [_site(each, now) for each in found.sites],
        "jobs": {"waiting": jobs.waiting.count, "oldest_at": jobs.waiting.oldest,
                 "oldest_seconds": _seconds(jobs.waiting.age(now)),
                 "retrying": jobs.retrying, "failed": jobs.failed,
                 "failed_last_24h": jobs.failed_today},
        "server_errors": {"since": found.server_errors_since,
                          "total": sum(found.server_errors.values()),
                          "by_status": {str(status): count
                                        for status, count in found.server_errors.items()}},
    }


# --- for people --------------------------------------------------------------------------

def age(value: timedelta | None) -> str:
    """An age as people read it: 45 s, 12 min, 3 h 12 min, 2 d 4 h."""
    if value is None:
        return _NONE
    seconds = int(value.total_seconds())
    if seconds < 60:
        return f"{seconds} s"
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if hours < 1:
        return f"{minutes} min"
    if days < 1:
        return f"{hours} h {minutes % 60} min" if minutes % 60 else f"{hours} h"
    return f"{days} d {hours % 24} h" if hours % 24 else f"{days} d"


def _title(found: Today, site: str | None) -> Text:
    dates = {each.day.date for each in found.sites}
    where = (found.sites[0].domain if site is not None and found.sites
             else f"all {len(found.sites)} sites" if len(found.sites) != 1
             else found.sites[0].domain)
    when = (next(iter(dates)).strftime("%a %d %b %Y") if len(dates) == 1
            else "each site's own date")
    zones = {each.time_zone for each in found.sites}
    zone = next(iter(zones)) if len(zones) == 1 else "each site's time zone"
    return shown(f"Today on {where}: {when} ({zone}), at {found.now:%H:%M} UTC", style="bold")


def _columns(*names: str) -> list[Column]:
    """A table's columns: the first names the row, the others hold figures."""
    return [Column(shown(name), justify="left" if n == 0 else "right",
                   min_width=None if n == 0 else len(name)) for n, name in enumerate(names)]


def _amount_rows(name: str, figures: tuple[Activity, ...],
                 pick: Callable[[Activity], Mapping[str, int]]) -> list[list[str]]:
    currencies = sorted({currency for each in figures for currency in pick(each)})
    return [[f"{name} {currency}",
             *(str(money(pick(each)[currency])) if currency in pick(each) else _NONE
               for each in figures)] for currency in currencies]


def _activity_table(found: Today) -> Table:
    figures = (found.total_today, found.total_yesterday, found.total_yesterday_by_now)
    table = Table(*_columns("", "today", "yesterday", "yesterday by this time"), box=None,
                  pad_edge=False)
    counts: list[tuple[str, Callable[[Activity], int]]] = [
        ("Sign-ups", lambda a: a.signups),
        ("Activations (e-mail confirmed)", lambda a: a.activations),
        ("First purchases", lambda a: a.first_purchases),
        ("Paid orders", lambda a: a.paid_orders)]
    for name, pick in counts:
        table.add_row(shown(name), *(shown(pick(each)) for each in figures))
    for row in (_amount_rows("Revenue", figures, lambda a: a.revenue)
                or [["Revenue", "0", "0", "0"]]):
        table.add_row(*(shown(cell) for cell in row))
    for row in _amount_rows("Refunded", figures, lambda a: a.refunded):
        table.add_row(*(shown(cell) for cell in row))
    failed = [each.failed_payments for each in figures]
    table.add_row(shown("Failed payments"), shown(failed[0], style="red" if failed[0] else ""),
                  *(shown(count) for count in failed[1:]))
    return table


def _waiting(count: int, oldest: timedelta | None, warn_after: timedelta | None,
             label: str = "oldest") -> Text:
    late = warn_after is not None and oldest is not None and oldest > warn_after
    text = shown(count, style="bold" if count else "")
    if count:
        text.append_text(shown(f"   {label} {age(oldest)}", style="red" if late else ""))
    return text


def _now_table(found: Today, site: str | None) -> Table:
    now, queues, jobs = found.now, found.total_queues, found.outbox
    table = Table(Column(), Column(), box=None, pad_edge=False, show_header=False)
    table.add_row(shown("Paying members (all time)"), shown(queues.paying_members))
    photos = _waiting(queues.photos.count, queues.photos.age(now), PHOTO_AGE_WARNING)
    if queues.held_photos:
        photos.append_text(shown(f"   ({queues.held_photos} held by the block lists)"))
    table.add_row(shown("Photos to review"), photos)
    table.add_row(shown("Open complaints"), _waiting(
        queues.complaints.count, queues.complaints.age(now), COMPLAINT_AGE_WARNING))
    table.add_row(shown("Open appeals"), _waiting(queues.appeals.count,
                                                  queues.appeals.age(now), None))
    table.add_row(shown("Held by the scam shield"), _waiting(
        queues.held_members.count, queues.held_members.age(now), None, label="longest"))
    table.add_row(shown("Withdrawal refunds waiting"), _waiting(
        queues.refunds_waiting.count, queues.refunds_waiting.age(now), REFUND_AGE_WARNING))
    every = "" if site is None else " (every site)"
    table.add_row(shown(f"Jobs waiting{every}"), _waiting(
        jobs.waiting.count, jobs.waiting.age(now), JOBS_AGE_WARNING))
    failing = Text()
    failing.append_text(shown(f"{jobs.retrying} retrying",
                              style="red" if jobs.retrying else ""))
    failing.append_text(shown(f", {jobs.failed} given up ({jobs.failed_today} in 24 h)",
                              style="red" if jobs.failed_today else ""))
    table.add_row(shown(f"Failing jobs{every}"), failing)
    errors = sum(found.server_errors.values())
    text = shown(errors, style="bold red" if errors else "")
    if errors:
        text.append_text(shown("   " + ", ".join(f"{count} x {status}" for status, count
                                                 in found.server_errors.items())))
    table.add_row(shown(f"5xx responses, last hour{every}"), text)
    return table


def _sites_table(found: Today) -> Table:
    table = Table(*_columns("site", "signups", "confirmed", "buyers", "revenue", "failed",
                            "photos", "complaints", "appeals", "held"),
                  box=box.SIMPLE_HEAD, show_edge=False, padding=0,
                  title=shown("Per site: today's signups, confirmed e-mail addresses, first "
                              "purchases, revenue and failed payments; what waits now"),
                  title_justify="left", title_style="bold")
    records = [[each.domain, each.today.signups, each.today.activations,
                each.today.first_purchases,
                ", ".join(f"{money(cents)} {currency}"
                          for currency, cents in each.today.revenue.items()) or "0",
                each.today.failed_payments, each.queues.photos.count,
                each.queues.complaints.count, each.queues.appeals.count,
                each.queues.held_members.count] for each in found.sites]
    # A narrow terminal cuts the domains short rather than the figures.
    figures = sum(max([column.min_width or 0, *(len(str(record[n])) for record in records)])
                  + 1 for n, column in enumerate(table.columns) if n)
    table.columns[0].overflow = "ellipsis"
    table.columns[0].max_width = max(4, console.width - figures)
    for record in records:
        table.add_row(*(shown(cell) for cell in record))
    return table


def _show(found: Today, site: str | None) -> None:
    console.print(_title(found, site))
    console.print()
    console.print(_activity_table(found))
    console.print()
    console.print(shown("Now", style="bold"))
    console.print(_now_table(found, site))
    if site is None and len(found.sites) > 1:
        console.print()
        console.print(_sites_table(found))
