"""A site's niche decides whom its signup starts from (issue 29.7): the site for gay men
(flirt.test, niche 7) says "a man looking for men" in its settings, and a signup there
that names no gender is one; other sites say nothing and keep the old assumption."""

from __future__ import annotations

from flask import Flask

from tests.api_client import ApiClient
from tests.http.test_accounts_api import SIGNUP


def test_the_gay_site_starts_signups_as_a_man_looking_for_men(app: Flask) -> None:
    client = ApiClient(app)
    gay = client.get("/api/settings?_force_domain=flirt.test").json or {}
    assert (gay["signup_gender"], gay["signup_seeking"]) == ("male", "male")
    plain = client.get("/api/settings").json or {}
    assert (plain["signup_gender"], plain["signup_seeking"]) == (None, None)

    body = {key: value for key, value in SIGNUP.items() if key not in ("gender", "seeking")}
    made = client.post("/api/signup?_force_domain=flirt.test", json=body).json or {}
    profile = made["user"]["profile"]
    assert (profile["gender"], profile["sexuality"]) == ("male", "gay")
    other = ApiClient(app).post("/api/signup", json={**body, "email": "bo@example.com"})
    profile = (other.json or {})["user"]["profile"]
    assert (profile["gender"], profile["sexuality"]) == ("male", "straight")
    chosen = ApiClient(app).post("/api/signup?_force_domain=flirt.test", json={
        **body, "email": "cy@example.com", "gender": "female", "seeking": "female"})
    profile = (chosen.json or {})["user"]["profile"]
    assert (profile["gender"], profile["sexuality"]) == ("female", "gay")  # as she said
