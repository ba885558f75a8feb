"""`amora sites list|show|set|keys|add|remove|rename|close|reopen`: operators launch,
rename and close sites and change their settings (validated, audit-logged)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from adapters.sql.documents import converter
from application.site_launch import NewSite
from cli.context import container, fail_on_rule
from cli.failures import fail
from cli.inputs import NAME_LONGEST, Actor, checked, reason
from cli.operator import operator
from cli.output import Json, console, print_json, print_json_view, rows, say
from domain.errors import DomainError
from domain.site_settings import SETTING_KEYS
from domain.sites import normalise_domain

app = typer.Typer(help="Sites served by this deployment.", no_args_is_help=True)


@app.command("list")
def list_sites(as_json: Json = False) -> None:
    """All sites, keyed by domain.

    Examples:

      amora sites list

      amora sites list --json
    """
    records = [{"id": site.id, "domain": site.domain, "name": site.name,
                "company": site.company_id, "niche": int(site.niche), "signups": site.signups,
                "locales": list(site.locales), "default": site.is_default,
                "closed": site.closed}
               for site in container().site_administration().list()]
    rows(("id", "domain", "name", "company", "niche", "signups", "locales", "default",
          "closed"), records, as_json=as_json, no_wrap=("domain",))


@app.command()
def show(domain: str, as_json: Json = False) -> None:
    """Every setting of one site, whether and why it is closed, and the former domains
    that redirect to it.

    Examples:

      amora sites show amora.test

      amora sites show amora.test --json
    """
    with fail_on_rule():
        administration = container().site_administration()
        site = administration.show(domain)
    settings = converter.unstructure(site)
    settings["former_domains"] = list(administration.former_domains(site))
    if as_json:
        print_json(settings)
    else:
        print_json_view(settings)


@app.command("set")
def set_setting(
    domain: str,
    key: Annotated[str, typer.Argument(help="Setting name; run `amora sites keys` for the list.")],
    value: str,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Change one setting; the change is validated and audit-logged.

    Countries are ISO 3166 codes, currencies ISO 4217, numbers within their range; an
    unknown key is refused with the nearest known one. `domain` renames the site (see
    `rename`).

    Examples:

      amora sites set amora.test countries NL,DE,BE

      amora sites set amora.test minimum_message_costs.CH "15 CHF"

      amora sites set amora.test support_email help@amora.example
    """
    with fail_on_rule():
        site = container().site_administration().set(domain, key, value,
                                                     operator(actor))
    say(as_json, {"domain": site.domain, "key": key, "value": value},
        f"{site.domain}: {key} set.", "green")


@app.command()
def keys(as_json: Json = False) -> None:
    """The setting names `set` understands.

    Examples:

      amora sites keys

      amora sites keys --json
    """
    if as_json:
        print_json(list(SETTING_KEYS))
        return
    for key in SETTING_KEYS:
        console.print(key)


@app.command()
def add(
    domain: str,
    company: Annotated[str, typer.Option(help="The operating company's name or id.")],
    name: Annotated[str, typer.Option(help="The brand name (default: from the domain).",
                                      callback=checked(NAME_LONGEST))] = "",
    niche: Annotated[int | None, typer.Option(help="1 none, 2 she, 3 bdsm, 4 bbw, 5 gilf, "
                                              "6 milf, 7 gay")] = None,
    language: Annotated[str | None, typer.Option(help="The domain's language, e.g. de.")]
    = None,
    copy_from: Annotated[str | None, typer.Option(
        help="A site whose settings, texts and bundles the new one starts with.")] = None,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Launch a site: served at once by every running process, with its settings, texts
    and bundles per currency copied from --copy-from or the standard ones.

    Example:

      amora sites add flirt.example --company 1 --language de --copy-from amora.test --actor al
    """
    with fail_on_rule():
        site, bundles = container().site_launch().add(NewSite(
            domain=domain, company=company, name=name, niche=niche, language=language,
            copy_from=copy_from), operator(actor))
    say(as_json, {"id": site.id, "domain": site.domain, "name": site.name,
                  "company": site.company_id, "bundles": bundles},
        f"Site {site.domain} ({site.name}) is live with {bundles} bundles.", "green")


@app.command()
def remove(domain: str, actor: Actor = "", as_json: Json = False) -> None:
    """Take down a site nobody signed up on (its bundles and lander figures go too).

    Example:

      amora sites remove flirt.example --actor alice
    """
    with fail_on_rule():
        site = container().site_launch().remove(domain, operator(actor))
    say(as_json, {"id": site.id, "domain": site.domain, "removed": True},
        f"Site {site.domain} removed.", "yellow")


@app.command()
def rename(
    old: Annotated[str, typer.Argument(help="The site's domain now.")],
    new: Annotated[str, typer.Argument(help="Its new domain.")],
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Move a site to a new domain; the old one keeps redirecting there (301, same path
    and query). Members, orders and settings stay the site's; members sign in again on
    the new domain (their browser's cookie belongs to the old one). Point DNS and the
    TLS certificate of both domains at the server first.

    Example:

      amora sites rename amora.test amora.example --actor alice
    """
    with fail_on_rule():
        site = container().site_administration().rename(old, new, operator(actor))
    old_domain = normalise_domain(old)
    say(as_json, {"id": site.id, "domain": site.domain, "redirects_from": old_domain},
        f"{old_domain} is now {site.domain}; {old_domain} redirects there.", "green")


def _confirmed(question: str, yes: bool) -> None:
    """A change that mails every member is confirmed: asked on a terminal, --yes in a
    script (without it, nothing happens)."""
    if yes:
        return
    if not sys.stdin.isatty():
        fail("not on a terminal: add --yes to go ahead without being asked")
    if not typer.confirm(question, default=False):
        fail("nothing changed")


@app.command()
def close(
    domain: str,
    why: Annotated[str, reason("Why the site closes (kept for operators: audit log, "
                               "`sites show`; members get a mail of their own).")],
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask (scripts).")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Say what would happen; "
                                          "change nothing.")] = False,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Close a site: sign-ups and purchases stop at once, and every member (confirmed, not
    deleted) is mailed in their language. Members keep logging in, their credits, data
    export, account deletion and refunds. `reopen` undoes it.

    Example:

      amora sites close flirt.test --reason "Brand retired, members moved to amora.test"
    """
    with fail_on_rule():
        administration = container().site_administration()
        site = administration.show(domain)
        if site.closed:
            raise DomainError("site_closed_already", domain=site.domain)
        members = administration.members_to_tell(site)
        if dry_run:
            say(as_json, {"domain": site.domain, "closed": False, "members_to_mail": members,
                          "dry_run": True},
                f"Would close {site.domain} and mail {members} members; nothing changed.")
            return
        _confirmed(f"Close {site.domain} to sign-ups and purchases and mail {members} "
                   "members?", yes)
        site, members = administration.close(domain, why, operator(actor))
    say(as_json, {"domain": site.domain, "closed": True, "members_to_mail": members},
        f"{site.domain} is closed: no sign-ups or purchases; {members} members will be "
        "mailed.", "yellow")


@app.command()
def reopen(domain: str, actor: Actor = "", as_json: Json = False) -> None:
    """Take sign-ups and purchases on a closed site again (closure mails not yet sent
    are not sent).

    Example:

      amora sites reopen flirt.test
    """
    with fail_on_rule():
        site = container().site_administration().reopen(domain, operator(actor))
    say(as_json, {"domain": site.domain, "closed": False},
        f"{site.domain} takes sign-ups and purchases again.", "green")
