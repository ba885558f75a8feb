"""The checkout's tick and the VAT an order carries (issues 34.1, 34.3), on in-memory
ports: no order without the tick (a repeat and a direct debit neither), the tick's
version and time kept, the VAT recorded as the order is made and again, with the
payment's country and the day's rate, as it is paid."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from application.direct_debit import DirectDebit
from domain.checkout_consent import CHECKOUT_CONSENT_VERSION
from domain.direct_debit import MandateForm
from domain.errors import DomainError
from tests.application.people import add_member
from tests.application.till import order_of, till


def test_no_order_without_the_tick() -> None:
    t = till()
    for refused in (False, None):
        with pytest.raises(DomainError, match="delivery_consent_required"):
            t.checkout.start(t.ann, 1, "ideal", delivery_consent=refused)  # type: ignore[arg-type]
    assert t.store.orders == {} and t.gateway.requests == []


def test_the_order_keeps_the_ticks_version_and_time() -> None:
    t = till()
    order = order_of(t, t.checkout.start(t.ann, 1, "ideal", delivery_consent=True).order)
    assert (order.consent_version, order.consent_at) == (CHECKOUT_CONSENT_VERSION,
                                                         t.clock.now())


def test_a_repeat_asks_for_the_tick_again() -> None:
    t = till()
    t.bought(1)
    with pytest.raises(DomainError, match="delivery_consent_required"):
        t.checkout.repeat(t.ann, delivery_consent=False)
    assert len(t.store.orders) == 1
    again = order_of(t, t.checkout.repeat(t.ann, delivery_consent=True).order)
    assert again.consent_version == CHECKOUT_CONSENT_VERSION


def test_a_direct_debit_without_the_tick_records_no_mandate() -> None:
    t = till()
    debit = DirectDebit(t.checkout.uow, t.clock, None, None, None,  # type: ignore[arg-type]
                        t.checkout.start)
    form = MandateForm(account_holder="Ann", iban="NL91ABNA0417164300", street="Dam",
                       house_number="1", postcode="1012 JS", city="Amsterdam",
                       phone="+31612345678", sms_code="123456", consent=True)
    with pytest.raises(DomainError, match="delivery_consent_required"):
        debit.sign(t.ann, 1, form, delivery_consent=False)
    assert t.store.orders == {} and t.store.mandates == []


def test_an_order_made_in_the_netherlands_carries_dutch_vat() -> None:
    t = till()
    order = order_of(t, t.checkout.start(t.ann, 1, "ideal", delivery_consent=True).order)
    assert (order.vat_country, order.vat_rate_bp, order.vat_amount, order.net_amount) == (
        "NL", 2100, 174, 826)  # 1000 × 21 / 121 = 173.55
    assert order.payment_country is None


def test_where_the_member_is_decides_when_the_profile_disagrees() -> None:
    t = till()
    order = order_of(t, t.checkout.start(t.ann, 1, "ideal", geoip_country="DE",
                                     delivery_consent=True).order)
    assert (order.vat_country, order.vat_rate_bp, order.vat_amount) == ("DE", 1900, 160)


def test_the_banks_country_joins_the_evidence_when_paid() -> None:
    t = till()
    started = t.checkout.start(t.ann, 1, "ideal", geoip_country="DE", delivery_consent=True)
    t.gateway.countries[started.payment_id] = "NL"  # the bank agrees with the profile
    t.pay(started.payment_id)
    order = order_of(t, started.order)
    assert (order.payment_country, order.vat_country, order.vat_rate_bp,
            order.vat_amount) == ("NL", "NL", 2100, 174)


def test_a_pending_report_asks_no_country() -> None:
    t = till()
    started = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
    t.gateway.countries[started.payment_id] = "BE"
    t.pay(started.payment_id, "pending")
    assert order_of(t, started.order).vat_country == "NL"  # as made
    t.pay(started.payment_id)
    assert order_of(t, started.order).vat_country == "BE"  # none agree: the bank's


def test_the_rate_is_the_one_of_the_day_it_was_paid() -> None:
    t = till()
    fin = add_member(t.store, "Aino", country="FI",
                     created_at=datetime(2024, 1, 1, tzinfo=UTC))  # no time bonus
    t.clock.current = datetime(2024, 8, 31, 22, 0, tzinfo=UTC)
    started = t.checkout.start(fin, 1, "creditcard", delivery_consent=True)
    assert order_of(t, started.order).vat_rate_bp == 2400
    t.clock.current = datetime(2024, 9, 1, 0, 5, tzinfo=UTC)
    t.pay(started.payment_id)
    order = order_of(t, started.order)
    assert (order.vat_country, order.vat_rate_bp, order.vat_amount, order.net_amount) == (
        "FI", 2550, 203, 797)


def test_an_order_from_outside_the_table_carries_no_vat() -> None:
    t = till()
    order = order_of(t, t.checkout.start(t.ann, 3, "creditcard", geoip_country="US",
                                     delivery_consent=True).order)
    assert (order.vat_country, order.vat_rate_bp, order.vat_amount, order.net_amount) == (
        "US", 0, 0, 1200)
