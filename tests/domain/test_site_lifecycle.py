"""Site settings held to their standards, and a site's rename and closure as rules
(issue 32.5). The standards here are a stand-in with a few codes; the real ones
(pycountry, phonenumbers, email-validator) are tested through `amora sites set`."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.site_settings import (
    INT_RANGES,
    NESTED_KEYS,
    PLAIN_KEYS,
    change_setting,
    unknown_setting,
)
from domain.sites import (
    CLOSE_REASON_LONGEST,
    MessageCost,
    Site,
    closed_site,
    renamed_site,
    reopened_site,
)

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


class FewStandards:
    def country(self, code: str) -> str | None:
        return code if code in ("NL", "DE", "CH", "GB") else None

    def currency(self, code: str) -> str | None:
        return code if code in ("EUR", "CHF", "GBP") else None

    def phone(self, number: str, country: str) -> str | None:
        return "+31 20 123 4567" if number.replace(" ", "") in ("0201234567",
                                                               "+31201234567") else None

    def email(self, address: str) -> bool:
        return address.endswith("@amora.example")


def site(**changes: object) -> Site:
    return Site(id=1, domain="amora.test", name="Amora", company_id=1, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(("key", "raw"), [
    ("countries", "NL,XX"), ("entry_popup_countries", "UK"), ("countries", "nld"),
    ("minimum_message_costs.XX", "12 EUR"), ("minimum_message_costs.CH", "12 CHX"),
    ("minimum_message_costs.NL", "12 usd"), ("support_email", "not an email"),
    ("support_email", "help@gmail.invalid"), ("support_phone", "12345"),
    ("refund_days", "3650000"), ("message_credits", "10001"),
])
def test_values_outside_their_standard_are_refused(key: str, raw: str) -> None:
    before = site(countries=("NL",))
    with pytest.raises(DomainError) as refused:
        change_setting(before, key, raw, FewStandards())
    assert refused.value.code == "invalid_setting"
    assert before == site(countries=("NL",))


def test_values_in_their_standard_are_stored_in_standard_form() -> None:
    standards = FewStandards()
    changed = change_setting(site(), "countries", " nl,ch ", standards)
    changed = change_setting(changed, "minimum_message_costs.ch", "15 chf", standards)
    changed = change_setting(changed, "support_phone", "020 123 4567", standards)
    changed = change_setting(changed, "support_email", "help@amora.example", standards)
    assert changed.countries == ("NL", "CH")
    assert changed.minimum_message_costs["CH"] == MessageCost(15, "CHF")
    assert changed.support_phone == "+31 20 123 4567"
    # Emptying needs no standard: a contact cleared, a floor stored before the check gone.
    cleared = change_setting(site(support_email="x", minimum_message_costs={
        "XX": MessageCost(1, "EUR")}), "minimum_message_costs.XX", "", standards)
    assert cleared.minimum_message_costs == {}
    assert change_setting(cleared, "support_email", "", standards).support_email == ""


def test_without_standards_only_the_shape_is_checked() -> None:
    assert change_setting(site(), "countries", "xx").countries == ("XX",)
    with pytest.raises(DomainError):
        change_setting(site(), "countries", "xxx")


@pytest.mark.parametrize(("typed", "suggested"), [
    ("refund_day", "refund_days"), ("Refund_Days", "refund_days"),
    ("suport_email", "support_email"), ("index_titel.de", "index_title.de"),
    ("index_title", "index_title.<lang>"), ("minimum_message_cost.NL", "minimum_message_costs.NL"),
    ("refund_days.en", "refund_days"), ("countrys", "countries"),
])
def test_an_unknown_key_is_refused_with_the_nearest_known_one(typed: str,
                                                               suggested: str) -> None:
    with pytest.raises(DomainError) as refused:
        change_setting(site(), typed, "1")
    assert refused.value.code == "unknown_setting"
    assert refused.value.params == {"field": typed, "suggestion": suggested}


def test_nothing_is_suggested_when_nothing_is_near() -> None:
    assert unknown_setting("bogus").params == {"field": "bogus"}
    assert unknown_setting("xyzzy.de").params == {"field": "xyzzy.de"}


@given(key=st.sampled_from(PLAIN_KEYS + tuple(NESTED_KEYS)))
def test_every_known_key_is_its_own_nearest(key: str) -> None:
    """A known field never gets another's name: a typo of it finds it again."""
    suggestion = unknown_setting(key + "x").params.get("suggestion", "")
    assert suggestion.split(".")[0] == key


def test_every_number_has_a_sensible_range() -> None:
    assert all(0 <= low < high <= 2**31 - 1 for low, high in INT_RANGES.values())
    assert INT_RANGES["refund_days"] == (0, 365)


def test_a_site_closes_once_with_a_reason_and_reopens() -> None:
    closed = closed_site(site(), "  Brand retired\r\nMembers moved  ", NOW)
    assert (closed.closed, closed.closed_at, closed.closed_reason) == (
        True, NOW, "Brand retired\nMembers moved")
    with pytest.raises(DomainError) as refused:
        closed.refuse_if_closed()
    assert (refused.value.code, refused.value.params) == ("site_closed", {"sitename": "Amora"})
    with pytest.raises(DomainError, match="site_closed_already"):
        closed_site(closed, "again", NOW)
    opened = reopened_site(closed)
    assert (opened.closed, opened.closed_reason) == (False, "")
    opened.refuse_if_closed()
    with pytest.raises(DomainError, match="site_not_closed"):
        reopened_site(opened)
    for reason in ("", "  ", "x" * (CLOSE_REASON_LONGEST + 1), "a\x1b[2Jb"):
        with pytest.raises(DomainError, match="invalid_reason"):
            closed_site(site(), reason, NOW)


def test_a_rename_needs_a_new_real_domain() -> None:
    assert renamed_site(site(), " Amora.Example. ").domain == "amora.example"
    for wrong, code in (("amora.test", "same_domain"), ("AMORA.test", "same_domain"),
                        ("not a domain", "invalid_setting"), ("localhost", "invalid_setting")):
        with pytest.raises(DomainError) as refused:
            renamed_site(site(), wrong)
        assert refused.value.code == code
