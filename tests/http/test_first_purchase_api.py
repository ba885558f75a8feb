"""The first-purchase discount (time bonus, welcome discount) goes to one order at a time
and never after a paid purchase (issue 28.5), and prices follow where the member is, not
the country they type (issue 28.6): through the API on SQLite and PostgreSQL."""

from __future__ import annotations

from collections import Counter

import pytest
from flask import Flask
from sqlalchemy import select, update
from werkzeug.test import TestResponse

from adapters.sql.tables import orders, profiles
from domain.pricing import Bundle
from tests.api_client import ApiClient
from tests.http.conftest import changed_behind_the_app
from tests.http.test_likes_api import signed_up
from tests.http.test_races import at_once, client_of
from tests.http.test_shop_api import EUR, age_account, pay, settle

GBP = [(100, 1299)]


@pytest.fixture
def buyer(app: Flask) -> tuple[ApiClient, int]:
    """A member who signed up a moment ago (the time bonus runs), and the EUR bundles."""
    with app.extensions["amora"].unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="EUR") for c, p in EUR])
        work.commit()
    return signed_up(app, "Ann", "female", "male")


def order(client: ApiClient, bundle: int, **headers: str) -> dict[str, object]:
    started = client.post("/api/orders", json={"delivery_consent": True,
                                               "bundle": bundle, "method": "creditcard"},
                          headers=headers)
    assert started.status_code == 201 and started.json, started.json
    answer = client.get(f"/api/orders/{started.json['order']}").json
    assert answer is not None and isinstance(answer["order"], dict)
    return answer["order"]


def test_four_orders_in_the_time_bonus_get_it_once(buyer: tuple[ApiClient, int],
                                                   client: ApiClient) -> None:
    """The attack: four orders within the four hours were all 25 % off."""
    ann, _ = buyer
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    placed = [order(ann, bundle) for _ in range(4)]
    assert [(o["amount"], o["discount_code"]) for o in placed] == [
        (1124, "TIMEBONUS25"), (1499, None), (1499, None), (1499, None)]
    listed = ann.get("/api/bundles").json
    assert listed["discount"] is None
    assert [b["discounted_price"] for b in listed["bundles"]] == [p for _, p in EUR]
    held = listed["held_discount"]
    assert (held["kind"], held["order"]) == ("time_bonus", placed[0]["id"])
    welcome = ann.get("/api/discountcode?welcome=true")
    assert welcome.status_code == 409 and welcome.json["error"] == "code_used"
    assert welcome.json["params"] == {"order": placed[0]["id"], "discount": "time_bonus"}


def test_an_unpaid_end_frees_it_and_a_payment_spends_it(
        app: Flask, buyer: tuple[ApiClient, int], client: ApiClient) -> None:
    ann, ann_id = buyer
    age_account(app, ann_id, hours=5)  # the time bonus is over, the 48 h welcome runs
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    first, payment = pay(ann, bundle, "canceled")
    assert ann.get("/api/bundles").json["held_discount"]["order"] == first
    settle(client, payment)
    listed = ann.get("/api/bundles").json
    assert listed["held_discount"] is None and listed["discount"]["kind"] == "welcome"
    paid, payment = pay(ann, bundle)
    settle(client, payment)
    assert ann.get(f"/api/orders/{paid}").json["order"]["amount"] == 1124
    listed = ann.get("/api/bundles").json
    assert listed["discount"] is None and listed["held_discount"] is None
    assert order(ann, bundle)["amount"] == 1499
    assert ann.get("/api/discountcode?welcome=true").json["error"] == "code_not_found"


def test_parallel_orders_take_the_time_bonus_once(
        app: Flask, buyer: tuple[ApiClient, int], database_url: str) -> None:
    """Sixteen orders at once: one gets the 25 %, the others pay in full or are refused
    as having raced for it (code_used); never two discounted."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite serializes writers; the race is PostgreSQL's")
    ann, _ = buyer
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    as_ann = client_of(app, ann)
    refusals: list[object] = []

    def start(_: int) -> TestResponse:
        answer = as_ann().post("/api/orders", json={"delivery_consent": True,
                                                    "bundle": bundle, "method": "creditcard"})
        if answer.status_code == 409:
            refusals.append(answer.json)
        return answer

    results = at_once(16, start)
    assert set(results) <= {(201, None), (409, "code_used")}, results
    # The member hears it was the time bonus that went to the other order, not a code.
    assert all(refused == {"error": "code_used", "params": {"discount": "time_bonus"}}
               for refused in refusals), refusals
    placed = ann.get("/api/transactions").json["transactions"]
    assert len(placed) == results[201, None]
    assert Counter(o["discount_code"] for o in placed) == Counter(
        {"TIMEBONUS25": 1, None: len(placed) - 1})


def test_prices_follow_where_the_member_is(app: Flask, buyer: tuple[ApiClient, int]) -> None:
    ann, ann_id = buyer  # signed up in the Netherlands
    age_account(app, ann_id, hours=100)
    with app.extensions["amora"].unit_of_work() as work:
        work.bundles.replace(1, "GBP", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="GBP") for c, p in GBP])
        work.commit()
    in_london = {"X-Geoip-Country": "GB"}
    listed = ann.get("/api/bundles", headers=in_london).json["bundles"]
    assert [(b["price"], b["currency"]) for b in listed] == [(1299, "GBP")]
    assert ann.get("/api/bundles").json["bundles"][0]["currency"] == "EUR"  # no GeoIP
    placed = order(ann, listed[0]["id"], **in_london)
    assert (placed["amount"], placed["currency"]) == (1299, "GBP")
    refused = ann.post("/api/orders", json={"delivery_consent": True,
                                            "bundle": listed[0]["id"], "method": "creditcard"},
                       headers={"X-Geoip-Country": "NL"})
    assert refused.status_code == 404 and refused.json["error"] == "bundle_not_found"
    # Typing another country changes nothing where GeoIP knows better.
    with app.extensions["amora"].engine().begin() as connection:
        connection.execute(update(profiles).where(profiles.c.member_id == ann_id)
                           .values(country="GB"))
    changed_behind_the_app(app, ann_id)
    in_amsterdam = {"X-Geoip-Country": "NL"}
    listed = ann.get("/api/bundles", headers=in_amsterdam).json["bundles"]
    assert [b["currency"] for b in listed] == ["EUR", "EUR"]
    euros = order(ann, listed[0]["id"], **in_amsterdam)
    with app.extensions["amora"].engine().connect() as connection:
        evidence = connection.execute(
            select(orders.c.country, orders.c.geoip_country, orders.c.profile_country)
            .where(orders.c.id.in_([placed["id"], euros["id"]])).order_by(orders.c.id)).all()
    assert [tuple(row) for row in evidence] == [("GB", "GB", "NL"), ("NL", "NL", "GB")]
