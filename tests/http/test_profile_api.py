"""Own profile, interests and regions through the API."""

from __future__ import annotations

from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP


def signed_in(client: ApiClient) -> None:
    assert client.post("/api/signup", json=SIGNUP).status_code == 201


def test_profile_needs_a_login(client: ApiClient) -> None:
    assert client.get("/api/profile").json["error"] == "authentication_required"
    assert client.put("/api/profile", json={"city": "Delft"}).status_code == 403


def test_read_and_change_the_profile(client: ApiClient) -> None:
    signed_in(client)
    profile = client.get("/api/profile").json["profile"]
    assert (profile["name"], profile["photo_limit"], profile["photos"]) == ("Ann", 3, [])
    changed = client.put("/api/profile", json={
        "country": "DE", "region": "DE-BY", "city": "München", "about_me": "Servus",
        "interests": ["hiking", "jazz"], "body_type": "athletic"}).json["profile"]
    assert (changed["country"], changed["region"], changed["city"]) == ("DE", "DE-BY", "München")
    assert changed["interests"] == ["hiking", "jazz"]
    assert client.get("/api/profile").json["profile"]["about_me"] == "Servus"


def test_bad_changes_change_nothing(client: ApiClient) -> None:
    signed_in(client)
    refused = client.put("/api/profile", json={"city": "Delft", "region": "FR-IDF"})
    assert refused.status_code == 400
    assert refused.json["params"]["fields"] == {"region": "invalid_region"}
    assert client.get("/api/profile").json["profile"]["city"] is None
    for body in ({"interests": "yoga"}, {"age": 30}, {"name": 5}, {"region": 3}):
        assert client.put("/api/profile", json=body).json["error"] == "invalid_request"
    assert client.put("/api/profile", data="[", content_type="application/json").json[
        "error"] == "invalid_json"


def test_interests_and_regions(client: ApiClient) -> None:
    assert len(client.get("/api/interests").json["interests"]) == 50
    german = client.get("/api/regions?country=nl&lang=de").json["regions"]
    assert {"code": "NL-NH", "name": "Nordholland"} in german
    assert client.get("/api/regions?country=ZZ").json["error"] == "invalid_country"
    assert client.get("/api/regions").status_code == 400


def test_geocode_api(client: ApiClient) -> None:
    answer = client.get("/api/geocode?lat=52.37&lon=4.89").json
    assert answer == {"country": "NL", "region": "NL-NH", "city": "Amsterdam"}
    assert client.get("/api/geocode?lat=x&lon=1").json["error"] == "invalid_coordinates"
    assert client.get("/api/geocode").status_code == 400
