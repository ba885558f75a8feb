"""A brand launched with the operators' use cases (issue 20), as visitors and members meet
it: its company on the legal pages and in mails, and discount codes scoped to sites,
members and currencies refused elsewhere with the shop's translated errors. On SQLite
and PostgreSQL."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from flask import Flask

from adapters.container import Container
from application.companies import NewCompany
from application.site_launch import NewSite
from domain.pricing import Bundle
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up
from tests.http.test_shop_api import age_account
from tests.mails import plain_text, read_mail

ROOT = Path(__file__).resolve().parents[2]
NORDLYS = NewCompany(name="Nordlys Media AS", street="Karl Johans gate 1", postcode="0154",
                     city="Oslo", country="no", registration="995525828",
                     vat=["NO 995 525 828 MVA"], email="hjelp@nordlys.test",
                     phone="22 12 34 56", tradenames=["Nordlys"], delete_discount=40)


@pytest.fixture
def launched(app: Flask) -> None:
    container = app.extensions["amora"]
    container.companies().add(NORDLYS, "ops")
    container.site_launch().add(NewSite(domain="nordlys.test", company="nordlys media as",
                                        name="Nordlys", copy_from="amora.test"), "ops")


def test_the_new_site_shows_its_company_on_legal_pages_and_footer(
        launched: None, client: ApiClient) -> None:
    settings = client.get("/api/settings?_force_domain=nordlys.test").json
    assert (settings["domain"], settings["name"]) == ("nordlys.test", "Nordlys")
    assert settings["support_email"] == "hjelp@nordlys.test"
    info = client.get("/api/companyinfo?_force_domain=nordlys.test").json
    assert (info["id"], info["name"]) == (settings["company_id"], "Nordlys Media AS")
    assert (info["address"], info["postcode"], info["city"], info["country"]) == (
        "Karl Johans gate 1", "0154", "Oslo", "NO")
    assert info["kvk"] == "995 525 828" and info["vat_numbers"] == ["NO995525828MVA"]
    assert info["support_phone"] == "+47 22 12 34 56" and info["tradenames"] == ["Nordlys"]
    # the template's own company is untouched
    assert client.get("/api/companyinfo").json["name"] == "Amora Media B.V."


def test_the_new_sites_mails_name_its_company(launched: None, app: Flask,
                                              container: Container) -> None:
    client = ApiClient(app)
    answer = client.post("/api/signup?_force_domain=nordlys.test", json={
        "email": "ola@example.com", "name": "Ola", "date_of_birth": "1990-04-01",
        "password": "correct horse battery", "gender": "male", "seeking": "female",
        "language": "en", "traffic": {"network": "partner", "lander": "video"}})
    assert answer.status_code == 201, answer.json
    [counted] = container.figures().signups("nordlys.test", 1)  # `amora stats signups`
    assert (counted.lander, counted.source, counted.signups) == ("video", "partner", 1)
    container.account_mails().send("activation", answer.json["user"]["id"])
    [path] = Path(container.config().mail_dir).glob("*.eml")
    mail = read_mail(path)
    text = plain_text(mail)
    assert "Nordlys Media AS" in text and "Karl Johans gate 1, 0154 Oslo" in text
    assert "Amora Media" not in text and "Nordlys" in str(mail["From"])


@pytest.fixture
def shopper(app: Flask) -> tuple[ApiClient, int]:
    with app.extensions["amora"].unit_of_work() as work:
        for currency in ("EUR", "USD"):
            work.bundles.replace(1, currency, [Bundle(id=0, site_id=1, credits=100,
                                                      price=1499, currency=currency)])
        work.commit()
    client, member_id = signed_up(app, "Ann", "female", "male")
    age_account(app, member_id, hours=100)  # no automatic discount competes
    return client, member_id


def _catalog_has(code: str) -> None:
    for path in sorted((ROOT / "web/src/locales").glob("*/shop.json")):
        assert json.loads(path.read_text())["errors"][code], path


def test_codes_scoped_elsewhere_are_refused_with_the_shops_errors(
        app: Flask, shopper: tuple[ApiClient, int]) -> None:
    ann, ann_id = shopper
    admin = app.extensions["amora"].shop_administration()
    other = signed_up(app, "Bea", "female", "male")[1]
    admin.create_code("HOME10", "10", "ops", sites=["amora.test"], member_id=ann_id,
                      currency="EUR")
    admin.create_code("FLIRT10", "10", "ops", sites=["flirt.test"])
    admin.create_code("BEA10", "10", "ops", member_id=other)
    admin.create_code("DOLLAR10", "10", "ops", currency="usd")
    [bundle] = [b["id"] for b in ann.get("/api/bundles").json["bundles"]]
    for code, error in (("FLIRT10", "code_not_found"), ("BEA10", "code_not_found"),
                        ("DOLLAR10", "code_currency")):
        checked = ann.get(f"/api/discountcode?code={code}")
        assert (checked.status_code, checked.json["error"]) == (404 if error ==
                                                                "code_not_found" else 400,
                                                                error), code
        ordered = ann.post("/api/orders", json={"delivery_consent": True,
                                                "bundle": bundle, "method": "ideal",
                                                "discount_code": code})
        assert ordered.status_code in (400, 404) and ordered.json["error"] == error, code
        _catalog_has(error)
    assert ann.get("/api/discountcode?code=HOME10").json["bundles"][0]["discounted_price"] \
        == 1349
    started = ann.post("/api/orders", json={"delivery_consent": True,
                                            "bundle": bundle, "method": "ideal",
                                            "discount_code": "HOME10"})
    assert started.status_code == 201
    listed = {c.code.code: c for c in admin.codes()}
    assert listed["HOME10"].domains == ("amora.test",) and listed["FLIRT10"].uses == 0


def test_operators_preview_links_open_pending_photos_only(
        app: Flask, container: Container, client: ApiClient) -> None:
    member_id = signed_up(app, "Ann", "female", "male")[1]
    with container.unit_of_work() as work:
        for n in (1, 2):
            work.photos.add(member_id, f"photos/p/{n}.jpg", f"photos/p/{n}_t.jpg", False,
                            "pending", datetime.now(UTC))
        work.commit()
    for name in ("photos/p/1.jpg", "photos/p/1_t.jpg", "photos/p/2.jpg"):
        container.files().put(name, b"\xff\xd8jpeg", "image/jpeg")
    first, second = container.photos().pending()[0]
    assert client.get("/media/photos/p/1.jpg").status_code == 404  # pending: not for anyone
    for name in ("photos/p/1.jpg", "photos/p/1_t.jpg"):
        assert client.get(f"/media/{name}?preview={first.preview}").status_code == 200
    assert client.get(f"/media/photos/p/2.jpg?preview={first.preview}").status_code == 404
    assert client.get("/media/photos/p/1.jpg?preview=forged").status_code == 404
    expired = container.signer().sign("photo_preview", [first.id, 0])
    assert client.get(f"/media/photos/p/1.jpg?preview={expired}").status_code == 404
    assert second.preview != first.preview


def test_another_running_process_serves_the_new_site_without_a_restart(
        app: Flask, client: ApiClient, database_url: str, tmp_path: Path) -> None:
    from adapters.container import build_container
    from adapters.http.app import create_app
    from tests.conftest import make_config

    other = build_container(make_config(tmp_path / "other", DATABASE_URL=database_url,
                                        WEB_DIST=str(tmp_path / "dist")))
    elsewhere = ApiClient(create_app(other))
    try:
        assert elsewhere.get("/api/settings?_force_domain=nordlys.test").json["domain"] == \
            "amora.test"  # unknown yet: the default site
        container = app.extensions["amora"]
        container.companies().add(NORDLYS, "ops")
        container.site_launch().add(NewSite(domain="nordlys.test", company="1"), "ops")
        # this process at once; the other within a second (its sites are re-read that often)
        assert client.get("/api/settings?_force_domain=nordlys.test").json["domain"] == \
            "nordlys.test"
        deadline = time.monotonic() + 10
        while elsewhere.get("/api/settings?_force_domain=nordlys.test").json["domain"] != \
                "nordlys.test":
            assert time.monotonic() < deadline, "the other process never served the site"
            time.sleep(0.1)
    finally:
        other.engine().dispose()
