"""Payment methods by the member's country, likeliest first (issue 19.5)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.orders import METHODS
from domain.payment_methods import methods_for, offered_to


def test_each_country_sees_its_own_banks_first() -> None:
    assert methods_for("NL")[0] == "ideal"
    assert methods_for("BE")[0] == "bancontact"
    assert methods_for("DE")[0] == "paypal"
    assert "ideal" not in methods_for("DE") and not offered_to("DE", "ideal")
    assert "bancontact" not in methods_for("NL")
    assert methods_for("US") == ("creditcard", "paypal")  # no SEPA debit outside the euro
    assert "directdebit" in methods_for("DE")


@given(country=st.one_of(st.none(), st.text(max_size=3),
                         st.sampled_from(["NL", "nl", "DE", "BE", "AT", "SE", "PL", "US"])))
def test_every_country_can_pay_by_card_and_the_first_is_offered(country: str | None) -> None:
    methods = methods_for(country)
    assert "creditcard" in methods and set(methods) <= set(METHODS)
    assert len(set(methods)) == len(methods) and offered_to(country, methods[0])
