"""`amora grounds list`: the grounds a decision may name (`--ground terms:spam`), each with
its title and words as a site's members read them in a language. A site rewords one with
`amora sites set <domain> ground_texts.<kind:code>.<lang> "..."` (ground_titles likewise);
an empty value gives the catalogue's words back."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.context import container, fail_on_rule
from cli.output import Json, rows
from domain.decisions import LEGAL_PROVISIONS, TERMS_CLAUSES, Ground, GroundKind
from domain.errors import DomainError
from domain.locales import is_locale

app = typer.Typer(help="Grounds of decisions: clauses of the terms and legal provisions.",
                  no_args_is_help=True)


@app.command("list")
def list_grounds(
    site: Annotated[str, typer.Option(help="The site whose wording to show.")] = "",
    language: Annotated[str, typer.Option(help="da de en es fi fr it nb nl pl sv")] = "en",
    as_json: Json = False,
) -> None:
    """Every ground with its title and words; `own` marks a site's own wording.

    Examples:

      amora grounds list

      amora grounds list --site amora.test --language de --json
    """
    with fail_on_rule():
        if not is_locale(language):
            raise DomainError("invalid_request", detail="language")
        administration = container().site_administration()
        chosen = administration.show(site) if site else next(
            (found for found in administration.list() if found.is_default), None)
        if chosen is None:
            raise DomainError("site_not_found", domain="(the default site)")
    texts = container().ground_texts()
    grounds = [Ground(kind=GroundKind.TERMS, code=code) for code in TERMS_CLAUSES] + [
        Ground(kind=GroundKind.LAW, code=code) for code in LEGAL_PROVISIONS]
    records = []
    for ground in grounds:
        title, text = texts.describe(chosen, ground, language)
        own = any(language in words.get(str(ground), {})
                  for words in (chosen.ground_titles, chosen.ground_texts))
        records.append({"ground": str(ground), "title": title, "text": text, "own": own})
    rows(("ground", "title", "text", "own"), records, as_json=as_json, no_wrap=("ground",))
