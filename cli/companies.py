"""`amora companies add|list|show|set|address`: the operating companies behind the sites
(validated, audit-logged)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from application.companies import NewCompany
from cli.context import container, fail_on_rule
from cli.inputs import Actor
from cli.operator import operator
from cli.output import Json, console, labelled, print_json, rows, say
from domain.companies import FIELDS
from domain.sites import Address, Company, Site

app = typer.Typer(help="Operating companies: add, list, show and change.",
                  no_args_is_help=True)
Ref = Annotated[str, typer.Argument(help="The company's name or id.")]


def _record(company: Company, sites: list[Site]) -> dict[str, Any]:
    home = company.address_for(None)
    return {
        "id": company.id, "name": company.name, "tradenames": list(company.tradenames),
        "street": home.street, "postcode": home.postcode, "city": home.city,
        "country": home.country, "registration": company.kvk,
        "vat": list(company.vat_numbers), "email": company.support_email,
        "phone": company.support_phone, "delete_discount": company.delete_discount,
        "added": company.added,
        "addresses": [{"for": a.audience, "street": a.street, "postcode": a.postcode,
                       "city": a.city, "country": a.country}
                      for a in company.addresses if a.audience],
        "sites": [site.domain for site in sites],
    }


@app.command()
def add(
    name: str,
    street: Annotated[str, typer.Option(help="Street and number.")],
    postcode: Annotated[str, typer.Option()],
    city: Annotated[str, typer.Option()],
    country: Annotated[str, typer.Option(help="ISO code, e.g. NL.")],
    registration: Annotated[str, typer.Option(help="Chamber of commerce / company number.")],
    vat: Annotated[list[str] | None, typer.Option(help="VAT number (repeatable).")] = None,
    email: Annotated[str, typer.Option(help="Support e-mail.")] = "",
    phone: Annotated[str, typer.Option(help="Support phone.")] = "",
    tradename: Annotated[list[str] | None, typer.Option(help="Trade name (repeatable).")]
    = None,
    delete_discount: Annotated[int, typer.Option(
        min=0, max=100, help="% offered to members who would delete their account.")] = 0,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Add a company; its data is checked (country, VAT, registration, e-mail, phone).

    Example:

      amora companies add "Flirt ApS" --street "Vesterbrogade 1" --postcode 1620
      --city København --country DK --registration 12345678 --actor alice
    """
    with fail_on_rule():
        company = container().companies().add(NewCompany(
            name=name, street=street, postcode=postcode, city=city, country=country,
            registration=registration, vat=vat or (), email=email, phone=phone,
            tradenames=tradename or (), delete_discount=delete_discount),
            operator(actor))
    say(as_json, _record(company, []), f"Company {company.id}: {company.name}.", "green")


@app.command("list")
def list_companies(as_json: Json = False) -> None:
    """Every company and the sites it runs.

    Examples:

      amora companies list

      amora companies list --json
    """
    records = [_record(company, sites) for company, sites in container().companies().all()]
    columns = ("id", "name", "country", "registration", "vat", "email", "phone", "sites")
    # The table keeps to what fits a terminal; `show` and --json have every field.
    rows(columns if as_json else ("id", "name", "country", "registration", "sites"), records,
         as_json=as_json, empty="No companies yet: amora companies add ...",
         no_wrap=("name",))


@app.command()
def show(ref: Ref, as_json: Json = False) -> None:
    """Everything about one company, its address variants and its sites.

    Examples:

      amora companies show "Amora Media B.V."

      amora companies show 1 --json
    """
    with fail_on_rule():
        company, sites = container().companies().show(ref)
    record = _record(company, sites)
    if as_json:
        print_json(record)
        return
    for key, value in record.items():
        if key != "addresses":
            console.print(labelled(key, ", ".join(value) if isinstance(value, list) else value))
    for address in record["addresses"]:
        console.print(labelled(f"address for {address['for']}", f"{address['street']}, "
                               f"{address['postcode']} {address['city']}, {address['country']}"))


@app.command("set")
def set_field(
    ref: Ref,
    key: Annotated[str, typer.Argument(help=", ".join(FIELDS))],
    value: Annotated[str, typer.Argument(help="Lists (tradenames, vat) comma separated.")],
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Change one field; street, postcode, city and country are the main address's.

    Examples:

      amora companies set 1 email support@amora.example --actor alice

      amora companies set 1 tradenames "Amora,Amora Dating" --actor alice
    """
    with fail_on_rule():
        company = container().companies().set(ref, key, value, operator(actor))
    say(as_json, _record(company, []), f"{company.name}: {key} set.", "green")


@app.command()
def address(
    ref: Ref,
    audience: Annotated[str, typer.Option("--for", help="Visitors' country it is shown to, "
                                          "e.g. US.")],
    street: Annotated[str, typer.Option()] = "",
    postcode: Annotated[str, typer.Option()] = "",
    city: Annotated[str, typer.Option()] = "",
    country: Annotated[str, typer.Option(help="The address's own country.")] = "",
    remove: Annotated[bool, typer.Option("--remove", help="Remove this variant.")] = False,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Add, replace or remove an address variant shown to visitors from one country
    (e.g. the US address on the English legal pages for US visitors).

    Example:

      amora companies address 1 --for US
    """
    companies, who = container().companies(), operator(actor)
    with fail_on_rule():
        if remove:
            company = companies.remove_address(ref, audience, who)
        else:
            company = companies.set_address(ref, Address(street.strip(), postcode.strip(),
                                                         city.strip(), country,
                                                         audience=audience), who)
    say(as_json, _record(company, []), f"{company.name}: address for "
        f"{audience.upper()} {'removed' if remove else 'set'}.", "green")
