"""/members' first screen draws what the app shows above its first cards (issue 36.5,
adapters/http/first_frame.py): the activation notice, the hero, the photo nudge, the filter
bar with the applied filters, the search's notes and count, in the app's markup (the build's
templates, web/scripts/firstPaint.ts FRAME) and the member's language."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from adapters.http.first_frame import Viewer, frame
from application.site_queries import SiteSettings
from tests.api_client import ApiClient
from tests.http.test_first_page import FIRST_PAINT, MANIFEST, MEMBERS

# The build's templates, reduced to what the tests read.
TEMPLATES = {
    "alert": '<div id="boot-activation" aria-label="{{region}}"><span>{{text}}</span>'
             "<button>{{resend}}</button><button aria-label=\"{{dismiss}}\"></button></div>",
    "hero": "<h1>{{title}}</h1><p>{{intro}}</p>",
    "nudge": '<div class="nudge"><b>{{title}}</b><p class="{{textClass}}">{{text}}</p>{{add}}'
             "</div>",
    "nudgeAdd": "<a>{{add}}</a>",
    "nudgeCompact": '<a class="compact">{{title}}</a>',
    "fromProfile": '<p class="fit">{{text}}</p>',
    "widened": '<p class="widened">{{text}}</p>',
    "filterBar": '<section aria-label="{{label}}"><h1>{{title}}</h1><span title="{{show}}">'
                 "{{label}}</span>{{badge}}<div>{{fields}}</div></section>",
    "badge": "<i>{{count}}</i>",
    "field": "<label>{{field}}: {{label}}</label><select{{disabled}}><option>{{value}}</option>"
             "</select>",
    "ages": "<div class=\"ages\">{{fields}}</div>",
    "online": "<input{{checked}}{{disabled}}><label>{{label}}</label>{{hint}}",
    "onlineHint": "<small>{{text}}</small>",
    "reset": "<button>{{text}}</button>",
    "summary": "<h2>{{count}}</h2>{{pageOf}}",
    "pageOf": "<p>{{text}}</p>",
}
TEXTS = {
    "alerts.region": "Notices", "alerts.dismiss": "Dismiss",
    "activation.alert": "Not activated: we wrote to {{email}}.",
    "activation.resend": "Send again",
    "photoNudge.title": "Add a photo", "photoNudge.text": "Photos first.",
    "photoNudge.pendingTitle": "Being checked", "photoNudge.pendingText": "Soon.",
    "photoNudge.add": "Add",
    "search.title": "Find members", "search.intro": "Browse.",
    "search.count": "Found: {{count}}", "search.countCapped": "Found: {{count}}+",
    "search.pageOf": "Page {{page}} of {{pages}}",
    "search.pageOfMore": "Page {{page}} of {{pages}}+",
    "search.fromProfile": "From your profile.",
    "search.widened": "Within {{from}}, now {{km}} km.",
    "search.widenedAnywhere": "Within {{from}}, now anywhere.",
    "filters.title": "Search filters", "filters.show": "Show filters",
    "filters.distance": "Distance", "filters.withinKm": "Up to {{km}} km",
    "filters.anyDistance": "Anywhere", "filters.gender": "Looking for",
    "filters.everyone": "Everyone", "filters.genders.male": "Men",
    "filters.genders.female": "Women",
    "filters.country": "Country", "filters.anyCountry": "All countries", "filters.region": "Region",
    "filters.anyRegion": "All regions", "filters.regionLoading": "Loading regions",
    "filters.minAge": "Age from", "filters.maxAge": "Age to", "filters.order": "Sort by",
    "filters.orders.best": "Best match", "filters.whom": "Show",
    "filters.whomMutual": "Like me", "filters.whomEveryone": "Everyone",
    "filters.online": "Online now", "filters.onlineHidden": "Share your own status.",
    "filters.reset": "Clear filters",
}
BUILD: dict[str, Any] = {
    **TEMPLATES, "texts": {"en": TEXTS, "de": {**TEXTS, "search.title": "Mitglieder finden"}},
    "countries": {"en": {"NL": "Netherlands"}, "de": {"NL": "Niederlande"}},
    "numbers": {"en": {"group": ",", "four": True}, "es": {"group": ".", "four": False}},
}
NEW_MEMBER = {"email": "<noor>@example.com", "status": "not_confirmed", "show_online": True,
              "profile": {"status": "disabled", "main_image": None}}
APPLIED = {"gender": "male", "country": "NL", "region": "NL-NH", "min_age": 30, "max_age": 99,
           "distance_km": None, "order": "best", "online": False, "everyone": False,
           "mutual": True, "widened_from_km": 100, "located": True}
ANSWER = {"filters": APPLIED, "numResults": 34, "numResultsCapped": False, "pages": 2,
          "results": []}


@pytest.fixture
def settings(client: ApiClient) -> SiteSettings:
    with client.application.app_context():
        from adapters.http.composition import container

        found: SiteSettings = container().site_queries().settings("localhost", "en", None)
    return attrs.evolve(found, min_age=18, max_age=99,
                        search_fields=["gender", "country", "region", "min_age", "max_age"])


def _drawn(settings: SiteSettings, user: dict[str, Any] | None = NEW_MEMBER,
           answer: dict[str, Any] = ANSWER, language: str = "en") -> dict[str, str]:
    return frame(BUILD, Viewer(language, settings, user, answer))


def test_a_new_member_sees_the_notice_the_nudges_and_the_filters_the_app_shows(
        settings: SiteSettings) -> None:
    parts = _drawn(settings)
    assert ("<span>Not activated: we wrote to &lt;noor&gt;@example.com.</span>"
            "<button>Send again</button>") in parts["alert"]
    assert parts["hero"] == "<h1>Find members</h1><p>Browse.</p>"
    assert parts["nudge"] == ('<div class="nudge"><b>Add a photo</b><p class="mb-2">Photos first.'
                              "</p><a>Add</a></div>")
    assert parts["notes"] == ('<a class="compact">Add a photo</a><p class="fit">From your profile.'
                              '</p><p class="widened">Within 100, now anywhere.</p>')
    assert parts["summary"] == "<h2>Found: 34</h2><p>Page 1 of 2</p>"
    bar = parts["filters"]
    # The badge counts men, the Netherlands and the youngest age (FilterBar.tsx activeCount).
    assert "<i>3</i>" in bar
    fields = re.findall(r"<label>(\w+): [^<]*</label><select( disabled)?><option>([^<]*)<", bar)
    assert fields == [("distance", "", "Anywhere"), ("gender", "", "Men"),
                      ("country", "", "Netherlands"), ("region", " disabled", "Loading regions"),
                      ("min_age", "", "30"), ("max_age", "", "99"), ("order", "", "Best match"),
                      ("everyone", "", "Like me")]
    assert "<input><label>Online now</label>" in bar and "<button>Clear filters</button>" in bar


def test_an_active_member_with_a_photo_sees_no_notice_and_no_nudge(
        settings: SiteSettings) -> None:
    member = {**NEW_MEMBER, "status": "active", "show_online": False,
              "profile": {"status": "active", "main_image": {"status": "active"}}}
    parts = _drawn(settings, member, {**ANSWER, "filters": {
        **APPLIED, "gender": None, "country": None, "min_age": 18, "distance_km": 25,
        "widened_from_km": None, "online": True}})
    assert parts["alert"] == parts["nudge"] == ""
    assert parts["notes"] == '<p class="fit">From your profile.</p>'
    assert "<i>2</i>" in parts["filters"]  # 25 km and online now
    assert "<option>Up to 25 km<" in parts["filters"] and "<option>Everyone<" in parts["filters"]
    # Quiet mode: "online now" is off and says why (FilterGroups.tsx MemberFilters).
    assert "<input disabled><label>Online now</label><small>Share your own status.</small>" \
        in parts["filters"]
    pending = {**member, "profile": {"status": "active", "main_image": {"status": "held"}}}
    assert _drawn(settings, pending)["nudge"] == ('<div class="nudge"><b>Being checked</b>'
                                                  '<p class="mb-0">Soon.</p></div>')


def test_a_visitor_gets_the_sites_filters_only(settings: SiteSettings) -> None:
    parts = _drawn(settings, None, {**ANSWER, "filters": {**APPLIED, "located": False}})
    assert parts["alert"] == parts["nudge"] == ""
    assert "fit" not in parts["notes"] and "distance" not in parts["filters"]
    assert "order" not in parts["filters"] and "<input" not in parts["filters"]
    assert _drawn(attrs.evolve(settings, search_fields=[]), None)["filters"] == ""


def test_the_count_in_the_members_language(settings: SiteSettings) -> None:
    capped = {**ANSWER, "numResults": 1000, "numResultsCapped": True, "pages": 3}
    assert _drawn(settings, answer=capped)["summary"] == \
        "<h2>Found: 1,000+</h2><p>Page 1 of 3+</p>"
    texts = {**BUILD["texts"], "es": TEXTS}
    spanish = frame({**BUILD, "texts": texts}, Viewer("es", settings, None, capped))
    assert spanish["summary"].startswith("<h2>Found: 1000+</h2>")  # four digits: not grouped
    assert frame({**BUILD, "texts": texts}, Viewer("es", settings, None, {
        **capped, "numResults": 12345}))["summary"].startswith("<h2>Found: 12.345+</h2>")
    german = _drawn(settings, language="de")
    assert german["hero"].startswith("<h1>Mitglieder finden</h1>")
    assert "<option>Niederlande<" in german["filters"]
    assert _drawn(settings, language="fi") == {}  # no texts: the cards alone
    assert frame(None, Viewer("en", settings, None, ANSWER)) == {}  # a build from before


def test_the_page_carries_the_frame_and_the_notices_script_is_allowed(
        client: ApiClient, web_dist: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adapters.http import web_app

    members = {**MEMBERS, "markup": '{{alert}}<div class="member-grid">{{cards}}</div>',
               "frame": BUILD}
    (web_dist / ".vite").mkdir(exist_ok=True)
    (web_dist / ".vite" / "first-paint.json").write_text(json.dumps({**FIRST_PAINT,
                                                                     "members": members}))
    (web_dist / ".vite" / "manifest.json").write_text(json.dumps(MANIFEST))
    (web_dist / "index.html").write_text("<!doctype html><html><head></head><body>"
                                         "<div id=root></div></body></html>")
    results = [{"name": "Eve", "age": 31, "city": "Gent", "main_image": None}]
    monkeypatch.setattr(web_app, "_first_answers", lambda path: {
        "user": NEW_MEMBER, "search": {"answer": {**ANSWER, "results": results}}})
    answer = client.get("/members")
    html = answer.get_data(as_text=True)
    assert '<div id="boot-activation" aria-label="Notices">' in html
    script = re.search(r'<div id="boot-first-screen".*?</div><script>(.*?)</script></body>',
                       html, re.DOTALL)
    assert script and "amora.alerts.dismissed" in script.group(1), html
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    policy = answer.headers["Content-Security-Policy"]
    assert f"'sha256-{digest}'" in policy.split("script-src", 1)[1].split(";", 1)[0]
    # An activated member: no notice, and no script.
    monkeypatch.setattr(web_app, "_first_answers", lambda path: {
        "user": {**NEW_MEMBER, "status": "active"},
        "search": {"answer": {**ANSWER, "results": results}}})
    html = client.get("/members").get_data(as_text=True)
    assert "boot-activation" not in html and "amora.alerts.dismissed" not in html
