"""`amora members list|show|ban|unban|remove-text|clear-text|...`: find members (by
address too), read a member's dossier (issue 32.1), ban them and take down what they wrote
(issue 32.2)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.context import Id, container, fail_on_rule
from cli.failures import MAX_NUMBER, fail
from cli.inputs import Actor, Facts, GroundOption, Notice, RequiredFacts, reason
from cli.messages import describe
from cli.operator import operator
from cli.output import Json, print_json, rows, say
from domain.blocklists import MemberPart
from domain.decisions import Ground
from domain.errors import DomainError
from domain.notifications import MailOff
from domain.removals import ProfileText

if TYPE_CHECKING:
    from application.ports.dossier import ListedMember

app = typer.Typer(help="Members: look up, ban and unban.", no_args_is_help=True)
Reason = Annotated[str, reason("Why (kept in the audit log).")]


# As --json names them (and tab-separated output when piped): email, signed_up, ...
COLUMNS = ("id", "site", "email", "name", "gender", "country", "status", "signed up",
           "last active")
_WORDS = {  # this group's own refusals, as `describe` words the others
    "member_not_found_by_email": "No member with the e-mail address {email}",
    "member_email_on_sites": "{email} is a member on several sites: {members}; name one "
                             "by its id or add --site",
    "invalid_address_search": "{value} is no IP address or network (e.g. 192.0.2.7 or "
                              "192.0.2.0/24)",
    "address_search_too_wide": "{value} is wider than /{widest}: search a smaller network",
    "address_search_too_many": "{value} holds more than {max} addresses members used: "
                               "search a smaller network",
}


@contextmanager
def _refusals() -> Iterator[None]:
    """fail_on_rule, with this group's own words for its own refusals."""
    try:
        yield
    except DomainError as error:
        if error.code not in _WORDS:
            fail(describe(error))
        try:
            fail(_WORDS[error.code].format(**error.params))
        except (KeyError, IndexError):
            fail(describe(error))


class Sort(StrEnum):
    ID = "id"
    SIGNUP = "signup"
    ACTIVE = "active"


def _listed(found: ListedMember, with_addresses: bool) -> dict[str, Any]:
    member = found.member
    record = {"id": member.id, "site": found.site, "email": member.email,
              "name": member.profile.name, "gender": member.profile.gender,
              "country": member.profile.country, "status": member.status.value,
              "signed_up": member.created_at, "last_active": found.last_active}
    if with_addresses:
        record["addresses"] = list(found.addresses)
    return record


@app.command("list")
def list_members(
    site: Annotated[str | None, typer.Option(help="Only this site's domain.")] = None,
    search: Annotated[str | None, typer.Option(help="Part of the e-mail or name, or the id.")]
    = None,
    ip: Annotated[str | None, typer.Option(
        "--ip", help="Members who signed up or logged in from this address or network "
                     "(192.0.2.7, 192.0.2.0/24, 2001:db8::/48).")] = None,
    status: Annotated[str | None, typer.Option(help="not_confirmed, active, deleted, banned")]
    = None,
    sort: Annotated[Sort, typer.Option(
        help="id: the oldest account first; signup: the newest sign-up first; active: "
             "the most recently active first (seen live or logged in).")] = Sort.ID,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
    offset: Annotated[int, typer.Option(min=0, max=MAX_NUMBER)] = 0,
    as_json: Json = False,
) -> None:
    """Members: by site, e-mail, name or id, status and the addresses they used; the
    oldest account first unless --sort says otherwise (times in UTC).

    Examples:

      amora members list --search ann

      amora members list --ip 192.0.2.0/24 --sort active

      amora members list --site amora.test --sort signup --limit 20 --json
    """
    with _refusals():
        found = container().dossiers().find(site, search, status, ip, sort.value, limit,
                                            offset)
    records = [_listed(member, ip is not None) for member in found]
    if as_json:
        print_json(records)
        return
    headers = {"signed_up": "signed up", "last_active": "last active"}
    columns = (*COLUMNS, *(("addresses",) if ip is not None else ()))
    rows(columns, [{headers.get(key, key): value for key, value in record.items()}
                   for record in records], as_json=False, no_wrap=("email",),
         empty="No members found.")


EMAIL_LONGEST = 254  # members.email

Member = Annotated[str, typer.Argument(
    metavar="ID|E-MAIL", show_default=False,
    help="The member's id, or their e-mail address (--site when several sites have it).")]


def _member(value: str) -> tuple[int | None, str | None]:
    """A member's id or e-mail address as typed: (id, None) or (None, address)."""
    text = value.strip()
    if text.isascii() and text.isdigit():
        number = int(text)
        if not 1 <= number <= MAX_NUMBER:
            raise typer.BadParameter(f"{value}: member ids run from 1 to {MAX_NUMBER}")
        return number, None
    if "@" in text and len(text) <= EMAIL_LONGEST:
        return None, text
    raise typer.BadParameter(f"{value} is no member id or e-mail address")


@app.command()
def show(
    member: Member,
    site: Annotated[str | None, typer.Option(
        help="The site whose member has that e-mail address (its domain).")] = None,
    as_json: Json = False,
) -> None:
    """A member's dossier on one screen: the profile, photos (with preview links that open
    without a login for 24 hours), about text, where they signed up and log in from
    (addresses and devices), the accounts linked to theirs by device, address or photo,
    credits and orders, complaints by and about them, decisions, appeals and flags
    (the scam shield's hold too). Times in UTC.

    Examples:

      amora members show 1234

      amora members show eve@example.com --site amora.test

      amora members show 1234 --json
    """
    from cli.dossier import dossier_data, print_dossier  # the dossier's parts: only here

    member_id, email = _member(member)
    if member_id is not None and site is not None:
        raise typer.BadParameter("--site goes with an e-mail address (an id names one "
                                 "member already)", param_hint="'--site'")
    desk = container().dossiers()
    with _refusals():
        found = desk.of_member(member_id) if member_id is not None \
            else desk.by_email(email or "", site)
    base_url = container().config().base_url
    if as_json:
        print_json(dossier_data(found, base_url))
        return
    print_dossier(found, base_url)


@app.command("set-fictional")
def set_fictional(member_id: Id, state: Annotated[str, typer.Argument(help="on or off")],
                  actor: Actor = "", as_json: Json = False) -> None:
    """Mark a profile as fictional (shown with the site's icon and warning) or not.

    Examples:

      amora members set-fictional 1234 on

      amora members set-fictional 1234 off --json
    """
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
    told the decision: its facts (--facts, else the reason) and its --ground.

    Examples:

      amora members ban 1234 --reason "asked 5 members for money" --ground terms:scam

      amora members ban 1234 --reason "came back" --ground ban_evasion --blocklist email,ips
    """
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
    """Lift a ban.

    Examples:

      amora members unban 1234 --reason "appeal upheld: not the same person"
    """
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
    old texts stay only in the decision, so an appeal can bring them back.

    Examples:

      amora members remove-text 1234 --field about --facts "a phone number" --ground spam

      amora members remove-text 1234 --field name --facts "an insult" --ground harassment
    """
    with fail_on_rule():
        removed = container().removals().remove_text(
            member_id, [ProfileText.parse(value) for value in field], operator(actor),
            ground=Ground.parse(ground), facts=facts, notice_id=notice)
    say(as_json, {"id": member_id, "removed": list(removed.fields),
                  "decision": removed.decision.id},
        f"Removed {', '.join(removed.fields)} of member {member_id} "
        f"(decision {removed.decision.id}).", "yellow")


ClearFields = Annotated[list[str], typer.Option(
    "--field", callback=_fields, show_default=False,
    help="about_me or name (repeat for both). Required.")]


@app.command("clear-text")
def clear_text(member_id: Id, field: ClearFields, reason: Reason, ground: GroundOption = "",
               facts: Facts = None, notice: Notice = None, actor: Actor = "",
               as_json: Json = False) -> None:
    """Clear a profile's about text or name with a reason (the name becomes the member's
    number, #ID): one decision, as remove-text makes. The member reads its facts (--facts,
    else the reason) and its --ground; the audit log keeps the reason; an appeal can
    bring the texts back.

    Examples:

      amora members clear-text 1234 --field about_me --reason "phone number in the text"
      --ground terms:off_platform_contact

      amora members clear-text 1234 --field name --field about_me --reason "impersonation"
      --ground terms:fake_profile --notice 87
    """
    chosen = [ProfileText.parse(value) for value in field]
    if ProfileText.CITY in chosen:
        raise typer.BadParameter("clear-text clears about_me or name (remove-text also "
                                 "takes city)", param_hint="'--field'")
    with fail_on_rule():
        removed = container().removals().remove_text(
            member_id, chosen, operator(actor), ground=Ground.parse(ground),
            facts=facts or reason, notice_id=notice, reason=reason)
    say(as_json, {"id": member_id, "cleared": list(removed.fields),
                  "decision": removed.decision.id},
        f"Cleared {', '.join(removed.fields)} of member {member_id} "
        f"(decision {removed.decision.id}).", "yellow")


@app.command("block-directdebit")
def block_directdebit(member_id: Id, reason: Reason, ground: GroundOption = "",
                      facts: Facts = None, notice: Notice = None, actor: Actor = "",
                      as_json: Json = False) -> None:
    """Keep a member from paying by direct debit; they are told the decision.

    Examples:

      amora members block-directdebit 1234 --reason "three chargebacks" --ground terms:payment_abuse
    """
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
    """Let a member pay by direct debit again.

    Examples:

      amora members unblock-directdebit 1234 --reason "paid what was owed"
    """
    with fail_on_rule():
        container().shop_administration().block_directdebit(member_id, False, reason,
                                                            operator(actor))
    say(as_json, {"id": member_id, "directdebit_blocked": False},
        f"Member {member_id} may pay by direct debit again.", "green")


@app.command("two-factor-off")
def two_factor_off(member_id: Id, reason: Reason, actor: Actor = "",
                   as_json: Json = False) -> None:
    """Turn off a member's two-step login when they lost their phone and their recovery
    codes, after support made sure it is them. The member is mailed; the audit log keeps
    the reason. Their passkeys and password stay as they are.

    Examples:

      amora members two-factor-off 1234 --reason "lost phone; ID checked in ticket 5521"
    """
    with fail_on_rule():
        container().two_factor().turn_off_for_member(member_id, operator(actor), reason)
    say(as_json, {"id": member_id, "two_factor": False},
        f"Two-step login turned off for member {member_id}.", "yellow")


@app.command("mail-off")
def mail_off(member_id: Id,
             reason: Annotated[MailOff, typer.Argument(help="fbl, bounce or unsubscribed")],
             actor: Actor = "", as_json: Json = False) -> None:
    """Stop all e-mail to a member: a spam complaint (fbl), a bounce, or unsubscribed.
    The member's notification screen says why and how to turn mail back on.

    Examples:

      amora members mail-off 1234 bounce

      amora members mail-off 1234 fbl --json
    """
    with fail_on_rule():
        container().notification_settings().set_mail_off(member_id, reason,
                                                         operator(actor))
    say(as_json, {"id": member_id, "mail_off": reason.value},
        f"No more e-mail to member {member_id} ({reason.value}).", "yellow")


@app.command("mail-on")
def mail_on(member_id: Id, actor: Actor = "", as_json: Json = False) -> None:
    """Send e-mail to a member again.

    Examples:

      amora members mail-on 1234
    """
    with fail_on_rule():
        container().notification_settings().set_mail_off(member_id, None,
                                                         operator(actor))
    say(as_json, {"id": member_id, "mail_off": None},
        f"Member {member_id} receives e-mail again.", "green")
