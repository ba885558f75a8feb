"""Location is asked, never guessed (issue 19.2): the signup takes the country, region
and city the visitor gave, and refuses a region of another country."""

from __future__ import annotations

from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP


def test_signup_keeps_the_place_the_visitor_gave(client: ApiClient) -> None:
    answer = client.post("/api/signup", json={**SIGNUP, "country": "DE", "region": "DE-BY",
                                              "city": " München "})
    assert answer.status_code == 201, answer.json
    profile = client.get("/api/profile").json["profile"]
    assert (profile["country"], profile["region"], profile["city"]) == ("DE", "DE-BY", "München")


def test_a_region_of_another_country_is_refused_and_nothing_made(client: ApiClient) -> None:
    answer = client.post("/api/signup", json={**SIGNUP, "country": "NL", "region": "DE-BY"})
    assert answer.status_code == 400
    assert answer.json["params"]["fields"] == {"region": "invalid_region"}
    assert client.get("/api/user").status_code in (401, 403)
    too_long = client.post("/api/signup", json={**SIGNUP, "country": "NL", "city": "x" * 101})
    assert too_long.status_code == 400
