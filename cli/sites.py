"""`amora sites list|show|set|keys|add|remove`: operators launch sites and change their
settings (validated, audit-logged)."""

from __future__ import annotations

from typing import Annotated

import typer

from adapters.sql.documents import converter
from application.site_launch import NewSite
from cli.context import container, fail_on_rule
from cli.inputs import NAME_LONGEST, Actor, checked
from cli.operator import operator
from cli.output import Json, console, print_json, print_json_view, rows, say
from domain.site_settings import SETTING_KEYS

app = typer.Typer(help="Sites served by this deployment.", no_args_is_help=True)


@app.command("list")
def list_sites(as_json: Json = False) -> None:
    """All sites, keyed by domain."""
    records = [{"id": site.id, "domain": site.domain, "name": site.name,
                "company": site.company_id, "niche": int(site.niche), "signups": site.signups,
                "locales": list(site.locales), "default": site.is_default}
               for site in container().site_administration().list()]
    rows(("id", "domain", "name", "company", "niche", "signups", "locales", "default"),
         records, as_json=as_json, no_wrap=("domain",))


@app.command()
def show(domain: str, as_json: Json = False) -> None:
    """Every setting of one site."""
    with fail_on_rule():
        site = container().site_administration().show(domain)
    settings = converter.unstructure(site)
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
    """Change one setting; the change is validated and audit-logged."""
    with fail_on_rule():
        site = container().site_administration().set(domain, key, value,
                                                     operator(actor))
    say(as_json, {"domain": site.domain, "key": key, "value": value},
        f"{site.domain}: {key} set.", "green")


@app.command()
def keys(as_json: Json = False) -> None:
    """The setting names `set` understands."""
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
    and bundles per currency copied from --copy-from or the standard ones."""
    with fail_on_rule():
        site, bundles = container().site_launch().add(NewSite(
            domain=domain, company=company, name=name, niche=niche, language=language,
            copy_from=copy_from), operator(actor))
    say(as_json, {"id": site.id, "domain": site.domain, "name": site.name,
                  "company": site.company_id, "bundles": bundles},
        f"Site {site.domain} ({site.name}) is live with {bundles} bundles.", "green")


@app.command()
def remove(domain: str, actor: Actor = "", as_json: Json = False) -> None:
    """Take down a site nobody signed up on (its bundles and lander figures go too)."""
    with fail_on_rule():
        site = container().site_launch().remove(domain, operator(actor))
    say(as_json, {"id": site.id, "domain": site.domain, "removed": True},
        f"Site {site.domain} removed.", "yellow")
