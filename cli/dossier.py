"""How `amora members show` prints a member's dossier (issue 32.1, application/dossier.py):
one screen of sections for people, or one JSON object (snake_case keys, money as decimal
strings in currency units, times in ISO 8601 UTC) for scripts.

Whatever a member or another operator wrote (names, about text, complaints, appeals,
reasons, browser names) is printed as plain text with its control characters written out
(cli/output.py `shown`, `plain`); the preview links are printed whole, so that any terminal
can open or copy them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import attrs
from rich.table import Column, Table
from rich.text import Text

from application.dossier import Dossier, DossierPhoto, LinkedAccount
from application.ports.complaints import Complaint
from application.ports.dossier import Latest, OrderLine
from application.ports.shop import MemberFlag
from cli.output import console, plain, shown
from domain.appeals import Appeal
from domain.credits import LedgerEntry
from domain.decisions import Decision
from domain.dossier import Link, Trace

CUT = 60  # a complaint's, appeal's or decision's text in a row of the screen
BROWSER = 40  # a browser's name (user agent) likewise
_MOMENTS = frozenset({"at", "created", "paid", "refunded"})  # kept on one line


def units(cents: int) -> str:
    """Cents as currency units, exact ("20.00")."""
    sign = "-" if cents < 0 else ""
    whole, rest = divmod(abs(cents), 100)
    return f"{sign}{whole}.{rest:02d}"


def _moment(value: datetime | None) -> str:
    return f"{value:%Y-%m-%d %H:%M}" if value else ""


def _cut(text: str | None, longest: int = CUT) -> str:
    one_line = " ".join((text or "").split())
    return one_line if len(one_line) <= longest else one_line[:longest - 1] + "…"


# --- JSON -------------------------------------------------------------------------------


def _photo(photo: DossierPhoto, url: str) -> dict[str, Any]:
    stored = photo.photo
    token = f"?preview={photo.preview}" if photo.preview else ""
    return {"id": stored.id, "status": stored.status.value, "main": stored.is_main,
            "uploaded_at": stored.created_at, "preview": f"{url}/media/{stored.filename}{token}",
            "thumbnail": f"{url}/media/{stored.thumb_filename}{token}",
            "photo_hash": str(stored.phash) if stored.phash else None}


def _trace(trace: Trace | None) -> dict[str, Any] | None:
    if trace is None:
        return None
    return {"ip": trace.ip, "device": trace.device, "user_agent": trace.user_agent,
            "first_at": trace.first, "last_at": trace.last, "sessions": trace.sessions}


def _link(link: Link) -> dict[str, Any]:
    if link.photo_id is not None:
        return {"by": link.kind.value, "photo": link.photo_id,
                "their_photo": link.their_photo_id, "distance": link.distance}
    return {"by": link.kind.value, "value": link.value}


def _linked(account: LinkedAccount) -> dict[str, Any]:
    other = account.member
    return {"id": other.id, "site": other.site, "email": other.email, "name": other.name,
            "status": other.status, "created_at": other.created_at,
            "links": [_link(link) for link in account.links]}


def _ledger(entry: LedgerEntry) -> dict[str, Any]:
    return {"at": entry.at, "kind": entry.kind.value, "credits": entry.amount,
            "balance_after": entry.balance_after, "reason": entry.reason}


def _order(order: OrderLine) -> dict[str, Any]:
    return {"id": order.id, "created_at": order.created_at, "status": order.status,
            "credits": order.credits, "amount": units(order.amount),
            "currency": order.currency, "method": order.method, "paid_at": order.paid_at,
            "refunded_at": order.refunded_at}


def _complaint(complaint: Complaint) -> dict[str, Any]:
    return {"id": complaint.id, "created_at": complaint.created_at,
            "category": complaint.category, "status": complaint.status,
            "reporter_id": complaint.reporter_id, "member_id": complaint.member_id,
            "item_kind": complaint.item_kind, "item_id": complaint.item_id,
            "text": complaint.text, "outcome": complaint.outcome}


def _decision(decision: Decision) -> dict[str, Any]:
    return {"id": decision.id, "restriction": decision.restriction.value,
            "item_kind": decision.item_kind.value, "item_id": decision.item_id,
            "ground": str(decision.ground), "facts": decision.facts,
            "decided_by": decision.decided_by, "decided_at": decision.decided_at,
            "automatic": decision.decided_automatically, "status": decision.status.value,
            "notice_id": decision.notice_id, "lifted_at": decision.lifted_at}


def _appeal(appeal: Appeal) -> dict[str, Any]:
    return {"id": appeal.id, "created_at": appeal.created_at, "status": appeal.status.value,
            "decision_id": appeal.decision_id, "text": appeal.text,
            "decided_at": appeal.decided_at, "decided_by": appeal.decided_by,
            "note": appeal.note}


def _flag(flag: MemberFlag) -> dict[str, Any]:
    return {"flag": flag.flag, "details": flag.details, "at": flag.created_at}


def _latest(latest: Latest[Any], shape: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    return {"total": latest.total, "latest": [shape(item) for item in latest.items]}


def dossier_data(found: Dossier, base_url: str) -> dict[str, Any]:
    """The dossier as `--json` prints it."""
    member, profile = found.member, found.member.profile
    url = base_url.format(domain=found.site)  # BASE_URL may hold {domain}
    held = found.held
    data: dict[str, Any] = plain({
        "id": member.id, "site": found.site, "email": member.email,
        "status": member.status.value, "created_at": member.created_at,
        "activated_at": member.activated_at, "last_active": found.last_active,
        "language": member.language, "fictional": member.is_fictional,
        "invisible": member.invisible, "paid_user": member.paid_user,
        "banned_at": member.banned_at, "ban_reason": member.ban_reason,
        "deleted_at": member.deleted_at,
        "traffic": {key: value for key, value in attrs.asdict(member.traffic).items()
                    if value},
        "profile": {"name": profile.name, "age": found.age, "birth_date": profile.birth_date,
                    "gender": profile.gender, "sexuality": profile.sexuality,
                    "country": profile.country, "region": profile.region,
                    "city": profile.city, "about_me": profile.about_me,
                    "status": profile.status.value},
        "photos": [_photo(photo, url) for photo in found.photos],
        "previews_until": found.previews_until,
        "signup": _trace(found.signup),
        "recent": [_trace(trace) for trace in found.recent],
        "linked": [_linked(account) for account in found.linked],
        "linked_total": found.linked_total,
        "credits": {"balance": found.balance, **_latest(found.ledger, _ledger)},
        "orders": _latest(found.orders, _order),
        "complaints_by": _latest(found.complaints_by, _complaint),
        "complaints_against": _latest(found.complaints_against, _complaint),
        "decisions": _latest(found.decisions, _decision),
        "appeals": [_appeal(appeal) for appeal in found.appeals],
        "flags": {
            "held_by_shield": {"decision": held.id, "since": held.decided_at,
                               "facts": held.facts} if held else None,
            "in_force": [{"decision": decision.id, "restriction": decision.restriction.value,
                          "item_id": decision.item_id} for decision in found.in_force],
            "text_flags": {field: list(profile.text_flags.of(field))
                           for field in profile.text_flags.flagged_fields()},
            "member_flags": [_flag(flag) for flag in found.flags],
        },
    })
    return data


# --- the screen --------------------------------------------------------------------------


def _heading(title: str, note: str = "") -> None:
    console.print()
    console.print(Text.assemble((title, "bold underline"), (f"  {note}" if note else "", "dim")))


def _grid(pairs: Sequence[tuple[str, Any]]) -> None:
    grid = Table.grid(padding=(0, 2))
    for label, value in pairs:
        if isinstance(value, bool):
            value = "yes" if value else "no"
        grid.add_row(Text(label, style="bold"), value if isinstance(value, Text)
                     else shown("" if value is None else value))
    console.print(grid)


def _table(columns: Sequence[str | Column], lines: Sequence[Sequence[Any]], empty: str) -> None:
    if not lines:
        console.print(shown(f"  {empty}", style="dim"))
        return
    table = Table(*(Column(column, no_wrap=column in _MOMENTS) if isinstance(column, str)
                    else column for column in columns), box=None, padding=(0, 1),
                  pad_edge=False)
    for line in lines:
        table.add_row(*(value if isinstance(value, Text) else shown("" if value is None
                                                                      else value)
                        for value in line))
    console.print(table)


def _of(latest: Latest[Any]) -> str:
    """How many there are, and how many of them are shown: "(3)", "(latest 10 of 37)"."""
    shown_count = len(latest.items)
    return f"(latest {shown_count} of {latest.total})" if latest.total > shown_count \
        else f"({latest.total})"


def _profile(found: Dossier) -> None:
    member, profile = found.member, found.member.profile
    status = Text(member.status.value, style="red" if member.status.value == "banned" else "")
    if found.held is not None:
        status.append(f"  held by the scam shield (decision {found.held.id}, since "
                      f"{_moment(found.held.decided_at)})", style="bold red")
    place = ", ".join(part for part in (profile.city, profile.region, profile.country) if part)
    traffic = " ".join(f"{key}={value}" for key, value in attrs.asdict(member.traffic).items()
                       if value)
    title = Text.assemble((f"Member {member.id}", "bold"), " ", shown(profile.name),
                          f" on {found.site}")
    console.print(title)
    _grid([
        ("status", status), ("e-mail", member.email),
        ("age", f"{found.age} (born {profile.birth_date.isoformat()})"),
        ("gender", f"{profile.gender}, {profile.sexuality}"), ("place", place),
        ("language", member.language),
        ("signed up", f"{_moment(member.created_at)} UTC"),
        ("activated", f"{_moment(member.activated_at)} UTC" if member.activated_at
         else "no"),
        ("last active", f"{_moment(found.last_active)} UTC"),
        ("fictional", member.is_fictional), ("invisible", member.invisible),
        ("paid user", member.paid_user),
        *((("banned", f"{_moment(member.banned_at)} UTC"),
           ("ban reason", member.ban_reason)) if member.banned_at else ()),
        *((("deleted", f"{_moment(member.deleted_at)} UTC"),) if member.deleted_at else ()),
        *((("traffic", traffic),) if traffic else ()),
    ])
    _heading("About me")
    about = profile.about_me.strip()
    console.print(shown(about, lines=True) if about else shown("  (empty)", style="dim"))


def _photos(found: Dossier, base_url: str) -> None:
    url = base_url.format(domain=found.site)
    _heading(f"Photos ({len(found.photos)})",
             f"preview links open without a login until {_moment(found.previews_until)} UTC"
             if found.photos else "")
    if not found.photos:
        console.print(shown("  none", style="dim"))
    for photo in found.photos:
        stored = photo.photo
        style = {"rejected": "red", "held": "bold red", "removed": "red",
                 "pending": "yellow"}.get(stored.status.value, "")
        console.print(Text.assemble(
            f"  {stored.id}  ", (stored.status.value, style), "  main" if stored.is_main else "",
            f"  uploaded {_moment(stored.created_at)}"))
        token = f"?preview={photo.preview}" if photo.preview else ""
        # Whole, on a line of its own: terminals wrap it, copying keeps it one link.
        console.print(shown(f"    {url}/media/{stored.filename}{token}"), soft_wrap=True)


def _where(found: Dossier) -> None:
    _heading("Sign-up and sessions")
    signup = found.signup
    if signup is None:
        console.print(shown("  signed up: no session recorded with the sign-up", style="dim"))
    else:
        console.print(Text.assemble("  signed up from ", shown(signup.ip or "?"),
                                    ", device ", shown(signup.device or "?"), ", ",
                                    shown(_cut(signup.user_agent, BROWSER) or "?")))
    # The first use of each is in --json.
    _table((*(Column(name, no_wrap=True) for name in ("address", "device", "last used",
                                                        "times")), "browser"),
           [(trace.ip, trace.device, _moment(trace.last), trace.sessions,
             _cut(trace.user_agent, BROWSER)) for trace in found.recent], "no sessions")


def _links(found: Dossier) -> None:
    more = found.linked_total - len(found.linked)
    _heading(f"Linked accounts ({found.linked_total})",
             f"the first {len(found.linked)} shown" if more > 0 else "")
    _table(("id", "site", "e-mail", "name", "status", "linked by"),
           [(account.member.id, account.member.site, account.member.email,
             account.member.name, account.member.status,
             "; ".join(link.describe() for link in account.links))
            for account in found.linked], "none by device, address or photo")


def _money(found: Dossier) -> None:
    _heading(f"Credits: balance {found.balance}", f"ledger lines {_of(found.ledger)}")
    _table(("at", "kind", "credits", "balance", "reason"),
           [(_moment(entry.at), entry.kind.value, f"{entry.amount:+d}", entry.balance_after,
             _cut(entry.reason)) for entry in found.ledger.items], "no ledger lines")
    _heading(f"Orders {_of(found.orders)}")
    _table(("id", "created", "status", "credits", "amount", "method", "paid", "refunded"),
           [(order.id, _moment(order.created_at), order.status, order.credits,
             f"{units(order.amount)} {order.currency}", order.method, _moment(order.paid_at),
             _moment(order.refunded_at)) for order in found.orders.items], "none")


def _complaints(title: str, latest: Latest[Complaint], by_member: bool) -> None:
    """Complaints the member filed (``by_member``: the column says about whom) or filed
    about the member (the column says by whom: a member's id, or a visitor's address)."""
    _heading(f"{title} {_of(latest)}")
    _table(("id", "created", "category", "status", "about" if by_member else "by", "text"),
           [(complaint.id, _moment(complaint.created_at), complaint.category,
             complaint.outcome or complaint.status,
             complaint.member_id if by_member else complaint.reporter_id or complaint.email,
             _cut(complaint.text)) for complaint in latest.items], "none")


def _decisions(found: Dossier) -> None:
    _heading(f"Decisions {_of(found.decisions)}")
    _table(("id", "restriction", "item", "ground", "decided by", "at", "status", "facts"),
           [(decision.id, decision.restriction.value, decision.item_id, str(decision.ground),
             decision.decided_by, _moment(decision.decided_at), decision.status.value,
             _cut(decision.facts)) for decision in found.decisions.items], "none")
    _heading(f"Appeals ({len(found.appeals)})")
    _table(("id", "created", "status", "decision", "text"),
           [(appeal.id, _moment(appeal.created_at), appeal.status.value, appeal.decision_id,
             _cut(appeal.text)) for appeal in found.appeals], "none")


def _flags(found: Dossier) -> None:
    _heading("Flags")
    profile = found.member.profile
    lines: list[Text] = []
    if found.held is not None:
        lines.append(Text.assemble(("held by the scam shield", "bold red"),
                                   f": decision {found.held.id} since "
                                   f"{_moment(found.held.decided_at)} - ",
                                   shown(_cut(found.held.facts))))
    else:
        lines.append(Text("not held by the scam shield"))
    for field in profile.text_flags.flagged_fields():
        lines.append(Text.assemble(("flagged text", "yellow"),
                                   f": {field} ({', '.join(profile.text_flags.of(field))})"))
    others = [decision for decision in found.in_force if decision is not found.held]
    if others:
        lines.append(Text("in force: " + ", ".join(
            f"{decision.restriction.value} {decision.item_id or ''}".strip()
            + f" (decision {decision.id})" for decision in others)))
    for flag in found.flags:
        details = " ".join(f"{key}={value}" for key, value in flag.details.items())
        lines.append(Text.assemble((flag.flag, "yellow"), f" {_moment(flag.created_at)} ",
                                   shown(details)))
    for line in lines:
        console.print(Text.assemble("  ", line))


def print_dossier(found: Dossier, base_url: str) -> None:
    """The dossier as one screen of sections."""
    _profile(found)
    _photos(found, base_url)
    _where(found)
    _links(found)
    _money(found)
    _complaints("Complaints by the member", found.complaints_by, True)
    _complaints("Complaints about the member", found.complaints_against, False)
    _decisions(found)
    _flags(found)
