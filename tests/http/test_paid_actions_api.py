"""Paid actions through the API (issue 19.5): payment methods by the member's country."""

from __future__ import annotations

import attrs
from flask import Flask

from tests.api_client import ApiClient
from tests.http.conftest import changed_behind_the_app
from tests.http.test_shop_api import shopper  # noqa: F401 - the fixture


def move_to(app: Flask, member_id: int, country: str) -> None:
    with app.extensions["amora"].unit_of_work() as work:
        member = work.members.get(member_id)
        work.members.save(member, attrs.evolve(
            member, profile=attrs.evolve(member.profile, country=country, region=None)))
        work.commit()
    changed_behind_the_app(app, member_id)


def test_methods_follow_the_members_country(app: Flask, shopper: tuple[ApiClient, int]) -> None:  # noqa: F811
    ann, ann_id = shopper
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    dutch = ann.get(f"/api/bundles/{bundle}/methods").json
    assert dutch["preferred"] == "ideal" and dutch["methods"][0]["id"] == "ideal"
    move_to(app, ann_id, "DE")
    german = ann.get(f"/api/bundles/{bundle}/methods").json
    ids = [method["id"] for method in german["methods"]]
    assert "ideal" not in ids and german["preferred"] == ids[0] == "paypal"
    refused = ann.post("/api/orders", json={"delivery_consent": True,
                                            "bundle": bundle, "method": "ideal"})
    assert refused.status_code == 400 and refused.json["error"] == "invalid_payment_method"
    assert ann.get("/api/transactions").json["transactions"] == []
    assert ann.post("/api/orders", json={"delivery_consent": True,
                                         "bundle": bundle, "method": "paypal"}).status_code == 201

