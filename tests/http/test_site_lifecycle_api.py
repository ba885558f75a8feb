"""A renamed or closed site seen from the web (issue 32.5), on SQLite and PostgreSQL: a
former domain answers every path with a permanent redirect to the same path on the new
one; a closed site refuses sign-ups and purchases (403 site_closed) and says it is
closed, while its members still log in, get their data and delete their account."""

from __future__ import annotations

from flask import Flask

from adapters.container import Container
from domain.pricing import Bundle
from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP
from tests.http.test_likes_api import signed_up

PASSWORD = str(SIGNUP["password"])


def test_a_former_domain_redirects_to_the_same_path_on_the_new_one(
        app: Flask, container: Container, client: ApiClient) -> None:
    joined = client.post("/api/signup", base_url="https://flirt.test",
                         json={**SIGNUP, "email": "fay@example.com", "name": "Fay"})
    assert joined.status_code == 201
    container.site_administration().rename("flirt.test", "flirt.example", "pytest")

    page = client.get("/members/7?tab=photos&q=a%20b", base_url="https://flirt.test")
    assert page.status_code == 301
    assert page.headers["Location"] == "https://flirt.example/members/7?tab=photos&q=a%20b"
    assert page.headers["Cache-Control"] == "public, max-age=86400"
    api = client.get("/api/settings", base_url="http://Flirt.Test.:8106")
    assert (api.status_code, api.headers["Location"]) == (
        301, "http://flirt.example:8106/api/settings")
    # A form or API call keeps its method and body: 308.
    posted = client.post("/api/user", base_url="https://flirt.test",
                         json={"email": "fay@example.com", "password": PASSWORD})
    assert (posted.status_code, posted.headers["Location"]) == (
        308, "https://flirt.example/api/user")

    # The new domain is the site, with its members; other hosts are as they were.
    assert client.get("/api/settings", base_url="https://flirt.example").json[
        "name"] == "Flirt"
    login = client.post("/api/user", base_url="https://flirt.example",
                        json={"email": "fay@example.com", "password": PASSWORD})
    assert login.status_code == 200 and login.json["user"]["email"] == "fay@example.com"
    assert client.get("/api/settings", base_url="https://amora.test").json["name"] == "Amora"
    assert client.get("/api/settings", base_url="https://nowhere.example").json[
        "domain"] == "amora.test"
    # ?_force_domain (development) names the site by its former domain too, never redirects.
    forced = client.get("/api/settings?_force_domain=flirt.test")
    assert (forced.status_code, forced.json["domain"]) == (200, "flirt.example")


def test_a_closed_site_refuses_signups_and_purchases_but_keeps_its_members(
        app: Flask, container: Container, client: ApiClient) -> None:
    with container.unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=100, price=1499,
                                               currency="EUR")])
        work.commit()
    ann, _ = signed_up(app, "Ann", "female", "male")
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    assert client.get("/api/settings").json["closed"] is False
    container.site_administration().close("amora.test", "Brand retired", "pytest")

    assert client.get("/api/settings").json["closed"] is True
    for refused in (
            client.post("/api/signup", json={**SIGNUP, "email": "bob@example.com"}),
            ann.post("/api/orders", json={"delivery_consent": True,
                                          "bundle": bundle, "method": "ideal"}),
            ann.post("/api/directdebit/sms", json={"phone": "+31 6 12345678"})):
        assert (refused.status_code, refused.json) == (
            403, {"error": "site_closed", "params": {"sitename": "Amora"}})

    # Logging in, the copy of one's data and leaving all still work.
    again = ApiClient(app)
    login = again.post("/api/user", json={"email": "ann@example.com", "password": PASSWORD})
    assert login.status_code == 200
    assert again.post("/api/export/confirm", json={"password": PASSWORD}).status_code == 204
    assert again.get("/api/export").status_code == 202
    assert again.get("/api/bundles").status_code == 200  # the prices stay readable
    left = again.delete("/api/user", json={"password": PASSWORD, "reason": "closed"})
    assert left.status_code == 204

    container.site_administration().reopen("amora.test", "pytest")
    assert client.post("/api/signup", json={**SIGNUP, "email": "bob@example.com"}
                       ).status_code == 201
