"""`amora blocklist add|list|remove` (issue 31.3): what a banned member left behind, so
that a signup or a photo matching it is held for review (never refused in silence).

    amora blocklist add email scam@example.com --note "..."
    amora blocklist add domain scam-mail.example
    amora blocklist add ip 81.2.69.160            (an IPv4 address stays /32; IPv6 -> /64)
    amora blocklist add ip 81.2.69.0/24
    amora blocklist add device <the amora_device cookie>
    amora blocklist add photo ./scammer.jpg        (its perceptual hash is listed)
    amora blocklist add photo-hash <80 hex digits>
    amora blocklist add --member 12 --email --domain --ips --device --photos

`amora members ban ID --blocklist email,domain,ips,device,photos` lists them with the ban.
Free-mail domains (gmail.com, outlook.com, ...) are never listed."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from application.shared.blocklist_matches import Listed
from cli.context import Id, container, fail_on_rule
from cli.failures import MAX_NUMBER, fail
from cli.inputs import Actor, checked
from cli.operator import operator
from cli.output import Json, console, print_json, rows, shown, snake
from domain.blocklists import NOTE_MAX, Entry, EntryKind, MemberPart
from domain.photos import MAX_UPLOAD_BYTES

app = typer.Typer(help="Block lists: e-mail addresses, domains, networks, devices and photos "
                       "of banned members; a signup or photo matching one is held for review.",
                  no_args_is_help=True)


class Kind(StrEnum):
    """What `add` lists, as an operator names it."""

    EMAIL = "email"
    DOMAIN = "domain"
    IP = "ip"
    DEVICE = "device"
    PHOTO = "photo"  # an image file: its hash is listed
    PHOTO_HASH = "photo-hash"


_KINDS = {Kind.EMAIL: EntryKind.EMAIL, Kind.DOMAIN: EntryKind.EMAIL_DOMAIN,
          Kind.IP: EntryKind.IP_NETWORK, Kind.DEVICE: EntryKind.DEVICE,
          Kind.PHOTO_HASH: EntryKind.PHOTO_HASH}
# `list --kind` takes the stored kinds' names as well as these.
_LISTED = {**{kind.value: kind for kind in EntryKind},
           **{name.value: kind for name, kind in _KINDS.items()}}

Note = Annotated[str, typer.Option(help="Why (kept with each entry).",
                                   callback=checked(NOTE_MAX))]
COLUMNS = ("id", "kind", "value", "note", "member", "decision", "added by", "added")


def _record(entry: Entry, short: bool = False) -> dict[str, Any]:
    """An entry as a row; ``short``: a photo hash's first 16 digits (a table has no room
    for 80; --json gives them all)."""
    value = entry.value
    if short and entry.kind is EntryKind.PHOTO_HASH:
        value = f"{value[:16]}…"
    return {"id": entry.id, "kind": entry.kind.value, "value": value,
            "note": entry.note, "member": entry.member_id, "decision": entry.decision_id,
            "added by": entry.added_by, "added": entry.added_at}


def _say(listed: Listed, as_json: bool) -> None:
    if as_json:
        print_json({"added": [{snake(key): value for key, value in _record(entry).items()}
                              for entry in listed.added],
                    "already_listed": [{"kind": entry.kind.value, "value": entry.value}
                                       for entry in listed.present]})
        return
    if listed.added:
        rows(COLUMNS, [_record(entry, short=True) for entry in listed.added], as_json=False,
             title=f"Listed {len(listed.added)}")
    for entry in listed.present:
        console.print(shown(f"Listed already: {entry.kind.value} {entry.value}",
                            style="yellow"))
    if not listed.added and not listed.present:
        console.print(shown("Nothing to list: the member has none of these.",
                            style="yellow"))


@app.command()
def add(
    kind: Annotated[Kind | None, typer.Argument(
        help="What to list: email, domain, ip, device, photo (an image file) or "
             "photo-hash; or leave it out and name a --member.", show_default=False)] = None,
    value: Annotated[str | None, typer.Argument(
        help="The address, domain, address or network (CIDR), device id, file or hash.",
        show_default=False, callback=checked(1000))] = None,
    member: Annotated[int | None, typer.Option(
        min=1, max=MAX_NUMBER, help="List what this member left behind: say which with "
        "--email --domain --ips --device --photos.", show_default=False)] = None,
    email: Annotated[bool, typer.Option("--email", help="With --member: their address.")]
    = False,
    domain: Annotated[bool, typer.Option(
        "--domain", help="With --member: their address's domain (never a free-mail one).")]
    = False,
    ips: Annotated[bool, typer.Option(
        "--ips", help="With --member: the networks they signed up and logged in from.")]
    = False,
    device: Annotated[bool, typer.Option(
        "--device", help="With --member: their browsers' device cookies.")] = False,
    photos: Annotated[bool, typer.Option(
        "--photos", help="With --member: their photos' perceptual hashes.")] = False,
    note: Note = "", actor: Actor = "", as_json: Json = False,
) -> None:
    """List a value, or parts of a member (their ban's decision is named with them).
    A value listed already stays as it was.

    Examples:

      amora blocklist add email scam@fraud.example --note "Romance scam, complaint 12" --actor alice

      amora blocklist add --member 42 --email --ips --photos --note "Banned: scam" --actor alice
    """
    parts = [part for part, chosen in ((MemberPart.EMAIL, email), (MemberPart.DOMAIN, domain),
                                       (MemberPart.IPS, ips), (MemberPart.DEVICE, device),
                                       (MemberPart.PHOTOS, photos)) if chosen]
    if member is not None:
        if kind is not None:
            raise typer.BadParameter("name a --member or a KIND and VALUE, not both")
        if not parts:
            raise typer.BadParameter("say what of the member to list: --email, --domain, "
                                     "--ips, --device and/or --photos")
        with fail_on_rule():
            listed = container().blocklists().add_member(member, parts, note, operator(actor))
        _say(listed, as_json)
        return
    if parts:
        raise typer.BadParameter("--email, --domain, --ips, --device and --photos go with "
                                 "--member")
    if kind is None or value is None:
        raise typer.BadParameter("name a KIND and VALUE (e.g. ip 81.2.69.160), or a --member")
    who = operator(actor)
    with fail_on_rule():
        if kind is Kind.PHOTO:
            listed = container().blocklists().add_image(_image(value), note, who)
        else:
            listed = container().blocklists().add(_KINDS[kind], value, note, who)
    _say(listed, as_json)


def _image(name: str) -> bytes:
    path = Path(name)
    try:
        if path.stat().st_size > MAX_UPLOAD_BYTES:
            fail(f"{name}: larger than an upload may be ({MAX_UPLOAD_BYTES // 2**20} MB)")
        return path.read_bytes()
    except OSError as error:
        fail(f"{name}: {error.strerror or 'cannot be read'}")


def _kind(value: str | None) -> EntryKind | None:
    if value is None:
        return None
    if value not in _LISTED:
        raise typer.BadParameter(f"say one of {', '.join(kind.value for kind in EntryKind)}")
    return _LISTED[value]


@app.command("list")
def list_entries(
    kind: Annotated[str | None, typer.Option(
        help="Only this kind: email, email_domain, ip_network, device or photo_hash.",
        show_default=False)] = None,
    member: Annotated[int | None, typer.Option(
        min=1, max=MAX_NUMBER, help="Only what this member left behind.",
        show_default=False)] = None,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
    offset: Annotated[int, typer.Option(min=0, max=MAX_NUMBER)] = 0,
    as_json: Json = False,
) -> None:
    """The entries, newest first.

    Examples:

      amora blocklist list --kind email

      amora blocklist list --member 42 --json
    """
    with fail_on_rule():
        found = container().blocklists().list(_kind(kind), member, limit, offset)
    rows(COLUMNS, [_record(entry, short=not as_json) for entry in found], as_json=as_json,
         empty="The block lists are empty." if kind is None and member is None
         else "No entries found.")


@app.command()
def remove(entry_id: Id, note: Note = "", actor: Actor = "", as_json: Json = False) -> None:
    """Take an entry off its list. What it holds already stays held until an operator
    decides (amora photos approve, amora safety release).

    Example:

      amora blocklist remove 17 --note "Listed by mistake" --actor alice
    """
    with fail_on_rule():
        removed = container().blocklists().remove(entry_id, operator(actor), note)
    if as_json:
        print_json({"removed": _record(removed)})
        return
    console.print(shown(f"Removed entry {removed.id}: {removed.kind.value} {removed.value}",
                        style="green"))
