"""GET /api/settings and /api/companyinfo through the Flask test client."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.container import Container
from tests.api_client import ApiClient


def test_settings_by_host_header(client: ApiClient) -> None:
    answer = client.get("/api/settings", headers={"Host": "flirt.test:8000"})
    assert answer.status_code == 200
    assert answer.json["name"] == "Flirt"
    assert answer.json["niche"] == 7 and answer.json["niche_slug"] == "gay-"


def test_force_domain_wins_and_unknown_falls_back(client: ApiClient) -> None:
    forced = client.get("/api/settings?_force_domain=flirt.test", headers={"Host": "amora.test"})
    assert forced.json["name"] == "Flirt"
    unknown = client.get("/api/settings?_force_domain=%00%FF<script>&network=x&sub1=y")
    assert unknown.status_code == 200 and unknown.json["name"] == "Amora"


def test_geoip_from_the_proxy_header(client: ApiClient) -> None:
    plain = client.get("/api/settings").json
    assert plain["geoip_country"] is None
    german = client.get("/api/settings", headers={"X-Geoip-Country": "de"}).json
    assert german["geoip_country"] == "DE" and german["geoip_selected_country"] == "DE"
    assert german["message_credits"] == 15
    for junk in ("XX", "Germany", "1", ""):
        answer = client.get("/api/settings", headers={"X-Geoip-Country": junk}).json
        assert answer["geoip_country"] is None


def test_settings_carry_the_rules_the_client_explains(client: ApiClient) -> None:
    settings = client.get("/api/settings").json
    assert (settings["free_conversations"], settings["free_photos"],
            settings["premium_photos"]) == (2, 3, 25)
    assert (settings["min_age"], settings["max_age"]) == (18, 99)
    assert settings["limits"] == {
        "name_min": 2, "name_max": 30, "password_min": 10, "password_max": 128,
        "about_me_max": 2000, "city_max": 100, "interests_max": 20, "finder_interests_max": 10,
        "complaint_min": 10, "complaint_max": 5000, "mandate_field_max": 100}
    # Outside the default layout the entry warning is for visitors from NL and DE only.
    for country, everywhere in (("DE", True), ("NL", True), ("US", False)):
        answer = client.get("/api/settings", headers={"X-Geoip-Country": country}).json
        assert answer["entry_popup_all_layouts"] is everywhere


@pytest.mark.parametrize(("headers", "query", "title"), [
    ({"Accept-Language": "nl-NL,nl;q=0.9"}, "", "Ontmoet volwassenen bij jou in de buurt"),
    ({"Accept-Language": "nl"}, "?lang=en", "Meet adults near you"),
    ({"X-Cookie": "i18n_redirected=nl"}, "", "Ontmoet volwassenen bij jou in de buurt"),
    ({"Accept-Language": "fi"}, "?lang=xx", "Meet adults near you"),
])
def test_site_texts_in_the_visitor_language(client: ApiClient, headers: dict[str, str],
                                            query: str, title: str) -> None:
    headers = dict(headers)
    if "X-Cookie" in headers:
        client.set_cookie("i18n_redirected", headers.pop("X-Cookie").split("=")[1])
    assert client.get(f"/api/settings{query}", headers=headers).json["index_title"] == title


def test_company_info_with_us_variant(client: ApiClient) -> None:
    info = client.get("/api/companyinfo").json
    assert info["name"] == "Amora Media B.V." and info["city"] == "Amsterdam"
    assert info["terms_version"] == "2024-03-01T09:30:00+00:00"
    us = client.get("/api/companyinfo", headers={"X-Geoip-Country": "US"}).json
    assert us["country"] == "US" and us["address"] == "1209 Orange Street"


def test_unknown_api_paths_and_methods_answer_json(client: ApiClient) -> None:
    missing = client.get("/api/does-not-exist")
    assert missing.status_code == 404
    assert missing.json == {"error": "not_found", "params": {}}
    wrong = client.post("/api/settings", data="{not json", content_type="application/json")
    assert wrong.status_code == 405 and wrong.json["error"] == "method_not_allowed"


def test_web_app_routes(client: ApiClient) -> None:
    for path in ("/", "/pages/terms", "/no/such/screen", "/members/12"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert b'<div id=root>' in answer.data
        assert answer.headers["Cache-Control"] == "no-cache"
    asset = client.get("/assets/app-1a2b.js")
    assert "immutable" in asset.headers["Cache-Control"]
    assert client.get("/assets/../../etc/passwd").status_code in (200, 404)
    assert b"root:" not in client.get("/assets/../../etc/passwd").data


def test_text_assets_go_out_gzipped(client: ApiClient, web_dist: Path) -> None:
    import gzip

    import brotli

    script = ("export const greeting = 'hallo';\n" * 200).encode()
    (web_dist / "assets" / "big-9f8e.js").write_bytes(script)
    packed = client.get("/assets/big-9f8e.js", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.vary
    assert gzip.decompress(packed.data) == script and len(packed.data) < len(script) / 10
    smaller = client.get("/assets/big-9f8e.js", headers={"Accept-Encoding": "gzip, br"})
    assert smaller.headers["Content-Encoding"] == "br"
    assert brotli.decompress(smaller.data) == script
    plain = client.get("/assets/big-9f8e.js")
    assert "Content-Encoding" not in plain.headers and plain.data == script
    tiny = client.get("/assets/app-1a2b.js", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in tiny.headers  # not worth it under 1 KB


def test_security_headers(client: ApiClient) -> None:
    headers = client.get("/api/settings").headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


def test_health(client: ApiClient) -> None:
    assert client.get("/api/health").json == {"status": "ok"}


def test_media_is_served_from_the_file_store(client: ApiClient, container: Container) -> None:
    from datetime import UTC, datetime

    from tests.http.test_accounts_api import SIGNUP

    member_id = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    client.post("/api/logout")
    container.files().put("photos/1/1.jpg", b"\xff\xd8jpeg", "image/jpeg")
    with container.unit_of_work() as work:
        work.photos.add(member_id, "photos/1/1.jpg", "photos/1/1_thumb.jpg", True, "active",
                        datetime(2026, 1, 1, tzinfo=UTC))
        work.commit()
    answer = client.get("/media/photos/1/1.jpg")
    assert answer.status_code == 200 and answer.mimetype == "image/jpeg"
    assert client.get("/media/photos/1/1_thumb.jpg").status_code == 404  # no file stored
    assert client.get("/media/photos/1/2.jpg").status_code == 404
    assert client.get("/media/../secret_key").status_code == 404
