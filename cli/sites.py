"""`amora sites list|show|set`: operators look at and change site settings."""

from __future__ import annotations

import getpass
import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from adapters.sql.documents import converter
from cli.context import container, fail_on_rule
from domain.site_settings import SETTING_KEYS

app = typer.Typer(help="Sites served by this deployment.", no_args_is_help=True)
console = Console()


@app.command("list")
def list_sites() -> None:
    """All sites, keyed by domain."""
    table = Table("id", "domain", "name", "company", "niche", "signups", "locales", "default")
    table.columns[1].no_wrap = True
    for site in container().site_administration().list():
        table.add_row(str(site.id), site.domain, site.name, str(site.company_id),
                      str(int(site.niche)), site.signups, " ".join(site.locales),
                      "yes" if site.is_default else "")
    console.print(table)


@app.command()
def show(domain: str) -> None:
    """Every setting of one site."""
    with fail_on_rule():
        site = container().site_administration().show(domain)
    console.print_json(json.dumps(converter.unstructure(site), ensure_ascii=False))


@app.command("set")
def set_setting(
    domain: str,
    key: Annotated[str, typer.Argument(help="Setting name; run `amora sites keys` for the list.")],
    value: str,
    actor: Annotated[str, typer.Option(help="Who makes the change (audit log).")] = "",
) -> None:
    """Change one setting; the change is validated and audit-logged."""
    with fail_on_rule():
        site = container().site_administration().set(domain, key, value,
                                                     actor or getpass.getuser())
    console.print(f"[green]{site.domain}[/]: {key} set.")


@app.command()
def keys() -> None:
    """The setting names `set` understands."""
    for key in SETTING_KEYS:
        console.print(key)
