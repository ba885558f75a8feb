"""Properties of the site rules (spec sections 1, 3, 6, 9)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.site_settings import change_setting
from domain.sites import (
    SEARCH_POLICIES,
    SIGNUP_POLICIES,
    TERMS_BASE_DATE,
    Address,
    Company,
    MessageCost,
    Niche,
    Site,
    entry_popup_enabled,
    normalise_domain,
    selected_country,
    terms_version,
)

countries = st.sampled_from(["NL", "DE", "US", "DK", "SE", "PL"])


def site(**changes: object) -> Site:
    return Site(id=1, domain="amora.test", name="Amora", company_id=1, **changes)  # type: ignore[arg-type]


@given(policy=st.sampled_from(SIGNUP_POLICIES), source=st.booleans())
def test_signup_policy(policy: str, source: bool) -> None:
    allowed = site(signups=policy).signup_allowed(source)
    assert allowed == (policy == "all" or (policy == "with_trafficsource" and source))


@given(plain=st.sampled_from(SEARCH_POLICIES), variant=st.sampled_from(SEARCH_POLICIES),
       source=st.booleans())
def test_logged_out_search_policy(plain: str, variant: str, source: bool) -> None:
    allowed = site(logged_out_search=plain, logged_out_search_trafficsource=variant)
    expected = plain != "none" or (variant != "none" and source)
    assert allowed.logged_out_search_allowed(source) == expected


@given(credits=st.integers(0, 500), floor=st.integers(0, 500), country=countries)
def test_message_cost_never_below_the_country_floor(credits: int, floor: int, country: str) -> None:
    rules = site(message_credits=credits, minimum_message_costs={"DE": MessageCost(floor, "EUR")})
    cost = rules.minimum_message_cost(country)
    assert cost >= credits
    assert cost == (max(credits, floor) if country == "DE" else credits)


@given(added=st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                          timezones=st.just(UTC)))
def test_terms_version_is_the_later_of_base_date_and_company_added(added: datetime) -> None:
    company = Company(id=1, name="X", kvk="1", added=added,
                      addresses=(Address("s", "p", "c", "NL"),))
    version = terms_version(company)
    assert version >= TERMS_BASE_DATE and version >= added
    assert version in (TERMS_BASE_DATE, added)


def test_terms_version_examples() -> None:
    early = Company(id=1, name="X", kvk="1", added=TERMS_BASE_DATE - timedelta(days=400),
                    addresses=(Address("s", "p", "c", "NL"),))
    assert terms_version(early) == datetime(2023, 12, 1, 12, 0, tzinfo=UTC)


def test_company_address_variants() -> None:
    default = Address("Keizersgracht 1", "1015", "Amsterdam", "NL")
    us = Address("1 Main St", "19801", "Wilmington", "US", audience="US")
    company = Company(id=1, name="X", kvk="1", added=TERMS_BASE_DATE, addresses=(default, us))
    assert company.address_for("US") == us
    assert company.address_for("NL") == default
    assert company.address_for(None) == default
    with pytest.raises(DomainError):
        Company(id=1, name="X", kvk="1", added=TERMS_BASE_DATE, addresses=(us,))


@given(st.text(max_size=80))
@example("0\r:")  # whitespace left bare once the port went
@example("a. .")
def test_normalise_domain_is_idempotent(host: str) -> None:
    once = normalise_domain(host)
    assert normalise_domain(once) == once


def test_normalise_domain_strips_port_and_case() -> None:
    assert normalise_domain("Amora.Test:8000") == "amora.test"
    assert normalise_domain("127.0.0.1:8000") == "127.0.0.1"
    assert normalise_domain("[::1]:8000") == "[::1]"


def test_niche_slug_prefixes() -> None:
    assert [niche.slug_prefix for niche in Niche] == [
        "", "she-", "bdsm-", "bbw-", "gilf-", "milf-", "gay-"]


def test_only_the_gay_niche_says_whom_a_signup_starts_from() -> None:
    assert {niche: niche.signup_defaults for niche in Niche if niche.signup_defaults} == {
        Niche.GAY: ("male", "male")}


@given(geo=st.one_of(st.none(), countries))
def test_selected_country_is_served_by_the_site(geo: str | None) -> None:
    served = site(countries=("NL", "DE"))
    chosen = selected_country(served, geo)
    assert chosen in ("NL", "DE")
    assert chosen == (geo if geo in ("NL", "DE") else "NL")


@given(enabled=st.booleans(), listed=st.lists(countries, max_size=3), visitor=countries)
def test_entry_popup(enabled: bool, listed: list[str], visitor: str) -> None:
    rules = site(enable_site_entry_popup=enabled, entry_popup_countries=tuple(listed))
    expected = enabled and (not listed or visitor in listed)
    assert entry_popup_enabled(rules, visitor) == expected


@pytest.mark.parametrize(
    ("key", "raw"),
    [("niche", "8"), ("niche", "x"), ("signups", "sometimes"), ("min_age", "17"),
     ("countries", "NLD"), ("locales", "en,xx"), ("domain", "not a domain"),
     ("message_credits", "-1"), ("index_title.xx", "Hi"), ("minimum_message_costs.NL", "ten"),
     ("member_resell", "maybe"), ("name", " "), ("nonsense", "1"),
     ("visible_profile_notes.shoe_size.en", "x"), ("search_fields", "gender,height")],
)
def test_bad_settings_are_refused(key: str, raw: str) -> None:
    before = site()
    with pytest.raises(DomainError) as refused:
        change_setting(before, key, raw)
    assert refused.value.code in ("invalid_setting", "unknown_setting")
    assert before == site()  # nothing changed


def test_settings_change_by_type() -> None:
    changed = change_setting(site(), "niche", "7")
    assert changed.niche is Niche.GAY and changed.niche.slug_prefix == "gay-"
    changed = change_setting(changed, "countries", "nl, de")
    assert changed.countries == ("NL", "DE")
    changed = change_setting(changed, "enable_site_entry_popup", "no")
    assert changed.enable_site_entry_popup is False
    changed = change_setting(changed, "fictional_warning.de", "Fiktives Profil")
    assert changed.text("fictional_warning", "de") == "Fiktives Profil"
    changed = change_setting(changed, "minimum_message_costs.pl", "12 pln")
    assert changed.minimum_message_costs["PL"] == MessageCost(12, "PLN")
    changed = change_setting(changed, "minimum_message_costs.PL", "")
    assert "PL" not in changed.minimum_message_costs
    changed = change_setting(changed, "visible_profile_notes.tattoos.nl", "Optioneel")
    assert changed.visible_profile_notes == {"tattoos": {"nl": "Optioneel"}}
    changed = change_setting(changed, "domain_language", "")
    assert changed.domain_language is None


def test_site_texts_fall_back() -> None:
    texts = site(index_title={"nl": "Hallo", "en": "Hello"})
    assert texts.text("index_title", "de") == "Hello"
    assert attrs.evolve(texts, index_title={"nl": "Hallo"}).text("index_title", "de") == "Hallo"
    assert texts.text("description", "de") == ""
