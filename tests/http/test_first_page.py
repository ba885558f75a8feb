"""index.html carries what the first screen needs: the site's settings inline (in the
language the app will choose) and preload links for the screen's chunk and stylesheet, the
language's catalogs and its date locale, from the build's manifest; with a session the
member (GET /api/user), and on /members the first search page and its first photos. Assets
go out in the build's own compressed copies."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.api_client import ApiClient

MANIFEST = {
    "index.html": {"file": "assets/index-1.js", "isEntry": True},
    "src/app/globalStyles.ts": {"file": "assets/global-1.css", "src": "src/app/globalStyles.ts"},
    "src/features/home/HomeRoute.tsx": {"file": "assets/HomeRoute-1.js",
                                        "imports": ["index.html", "_shared-1.js"],
                                        "css": ["assets/HomeRoute-1.css"]},
    "_shared-1.js": {"file": "assets/shared-1.js"},
    "src/features/discovery/MembersPage.tsx": {"file": "assets/MembersPage-1.js"},
    "src/features/navigation/MemberNav.tsx": {"file": "assets/MemberNav-1.js"},
    "src/features/discovery/discoveryLoader.ts": {"file": "assets/discoveryLoader-1.js",
                                                  "imports": ["_shared-1.js"]},
    "src/app/slots/discoverySlots.tsx": {"file": "assets/discoverySlots-1.js",
                                         "imports": ["_shared-1.js"]},
    "src/locales/en/common.json": {"file": "assets/common-en.js"},
    "src/locales/de/common.json": {"file": "assets/common-de.js"},
    "src/locales/en/discovery.json": {"file": "assets/discovery-en.js"},
    "src/locales/en/likes.json": {"file": "assets/likes-en.js"},
    "../node_modules/date-fns/locale/en-GB.js": {"file": "assets/en-GB.js"},
    "../node_modules/date-fns/locale/de.js": {"file": "assets/de.js"},
}


def _page(client: ApiClient, web_dist: Path, path: str, **headers: str) -> str:
    (web_dist / "index.html").write_text(
        "<!doctype html><html><head><title>Amora</title></head><body><div id=root></div>"
        '<script type="module" src="/assets/index-1.js"></script></body></html>')
    (web_dist / ".vite").mkdir(exist_ok=True)
    (web_dist / ".vite" / "manifest.json").write_text(json.dumps(MANIFEST))
    answer = client.get(path, headers=headers)
    assert answer.status_code == 200 and "no-cache" in answer.headers["Cache-Control"]
    return answer.get_data(as_text=True)


def _boot_data(html: str) -> dict[str, Any]:
    match = re.search(r'<script id="boot-data" type="application/json">(.*?)</script>', html)
    assert match, html
    answer: dict[str, Any] = json.loads(match.group(1))
    return answer


def _preloads(html: str) -> list[str]:
    return re.findall(r'<link rel="modulepreload" crossorigin href="([^"]+)">', html)


def _style_preloads(html: str) -> list[str]:
    return re.findall(r'<link rel="preload" as="style" crossorigin href="([^"]+)">', html)


def test_the_landing_page_carries_its_settings_and_preloads(client: ApiClient,
                                                            web_dist: Path) -> None:
    html = _page(client, web_dist, "/", **{"Accept-Language": "de-DE,de;q=0.9"})
    data = _boot_data(html)
    assert data["language"] == "de"
    assert data["settings"] == client.get("/api/settings?lang=de").json
    assert _preloads(html) == ["/assets/HomeRoute-1.js", "/assets/shared-1.js",
                               "/assets/common-de.js", "/assets/de.js"]
    assert _style_preloads(html) == ["/assets/global-1.css", "/assets/HomeRoute-1.css"]
    assert html.index("boot-data") < html.index("</head>")


def test_the_locale_cookie_picks_the_language_and_other_screens_get_no_route_preload(
        client: ApiClient, web_dist: Path) -> None:
    client.set_cookie("i18n_redirected", "en")
    html = _page(client, web_dist, "/members", **{"Accept-Language": "de"})
    assert _boot_data(html)["language"] == "en"
    assert _preloads(html) == ["/assets/MembersPage-1.js", "/assets/discoveryLoader-1.js",
                               "/assets/shared-1.js", "/assets/discoverySlots-1.js",
                               "/assets/common-en.js",
                               "/assets/discovery-en.js", "/assets/likes-en.js",
                               "/assets/en-GB.js"]
    assert _preloads(_page(client, web_dist, "/faq")) == ["/assets/common-en.js",
                                                           "/assets/en-GB.js"]


def test_a_members_page_carries_the_member_and_the_first_search(client: ApiClient,
                                                                 web_dist: Path) -> None:
    from tests.http.test_accounts_api import SIGNUP

    visitor_page = _page(client, web_dist, "/members")
    visitor = _boot_data(visitor_page)
    assert "/assets/MemberNav-1.js" not in _preloads(visitor_page)  # a member's chunk
    # This site shows its members to logged-in members only: the app's own call says so.
    assert client.get("/api/members?page=1").status_code == 403
    assert "user" not in visitor and "search" not in visitor
    member_id = client.post("/api/signup", json=SIGNUP).json["user"]["id"]
    answer = client.get("/members")
    assert "private" in answer.headers["Cache-Control"]  # the member's own data
    # The member's navigation is a chunk of its own, preloaded for a member's page.
    assert "/assets/MemberNav-1.js" in _preloads(answer.get_data(as_text=True))
    data = _boot_data(answer.get_data(as_text=True))
    assert data["user"] == client.get("/api/user").json["user"]
    assert data["search"] == {"viewer": member_id,
                              "answer": client.get("/api/members?page=1").json}
    # Only what the app asks first: not for a filtered search, nor on other screens.
    assert "search" not in _boot_data(_page(client, web_dist, "/members?gender=female"))
    assert "search" not in _boot_data(_page(client, web_dist, "/likes"))


def test_the_first_photos_of_the_search_are_preloaded() -> None:
    from adapters.http.web_app import _photo_preloads

    photo = {"thumb_filename": "photos/7/1_thumb.jpg"}
    results = [{"main_image": photo}, {"main_image": None}, *[{"main_image": photo}] * 5]
    links = _photo_preloads({"search": {"answer": {"results": results}}}, "/m/")
    assert links.count('<link rel="preload" as="image" fetchpriority="high" '
                       'href="/m/photos/7/1_thumb.jpg">') == 3  # of the first four cards
    assert _photo_preloads({}, "/m/") == ""


def test_the_first_photos_come_before_the_screens_files(client: ApiClient, web_dist: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The first card's photo is the screen's largest paint: its preload leads the links,
    not behind the chunks and sheets (HTTP/1.1 fetches six at a time)."""
    from adapters.http import web_app

    photo = {"main_image": {"thumb_filename": "photos/7/1_thumb.jpg"}}
    monkeypatch.setattr(web_app, "_first_answers",
                        lambda path: {"search": {"answer": {"results": [photo]}}})
    html = _page(client, web_dist, "/members")
    image = html.index('<link rel="preload" as="image"')
    assert _preloads(html) and _style_preloads(html)
    assert image < html.index('<link rel="modulepreload" crossorigin href="/assets/MembersPage')
    assert image < html.index('<link rel="preload" as="style"')
    # The build's index.html names its entry script and libraries in its head: behind them too.
    (web_dist / "index.html").write_text(
        '<!doctype html><html><head><title>Amora</title><script type="module" '
        'src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/vendor-1.js">'
        "</head><body><div id=root></div></body></html>")
    html = client.get("/members").get_data(as_text=True)
    assert html.index('<link rel="preload" as="image"') < html.index('<script type="module"')
    assert html.count('<link rel="preload" as="image"') == 1


def test_the_builds_compressed_copies_are_sent_as_they_are(client: ApiClient,
                                                            web_dist: Path) -> None:
    script = ("export const greeting = 'hallo';\n" * 200).encode()
    (web_dist / "assets" / "built-7c1d.js").write_bytes(script)
    (web_dist / "assets" / "built-7c1d.js.br").write_bytes(b"brotli copy")
    (web_dist / "assets" / "built-7c1d.js.gz").write_bytes(b"gzip copy")
    answer = client.get("/assets/built-7c1d.js", headers={"Accept-Encoding": "gzip, br"})
    assert answer.headers["Content-Encoding"] == "br" and answer.data == b"brotli copy"
    answer = client.get("/assets/built-7c1d.js", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["Content-Encoding"] == "gzip" and answer.data == b"gzip copy"
    assert client.get("/assets/built-7c1d.js").data == script


def test_inline_json_cannot_end_its_script(client: ApiClient, web_dist: Path) -> None:
    from adapters.http.web_app import _script_json

    text = _script_json({"name": "</script><script>alert(1)</script>&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><script>alert(1)</script>&"}


# The build's first paint (web/scripts/firstPaint.ts writes it): the warning's markup with
# placeholders, the sheet's rules it uses, and its texts per language.
FIRST_PAINT = {
    "markup": '<div role="dialog"><b>{{minAge}}+</b><h2>{{title}}</h2><p>{{body}}</p>'
              '{{fictional}}<p class="small">{{terms}}</p><button data-entry="enter">{{enter}}'
              '</button><button data-entry="leave">{{leave}}</button></div>',
    "fictional": '<p class="fictional">{{fictional}}</p>',
    "css": ".modal{display:block}",
    "texts": {lang: {"title": f"{lang}: Adults only", "body": "{{siteName}} <is> for {{minAge}}+",
                     "fictional": "Not real ({{fictionalPlural}})",
                     "terms": "Accept our <terms>terms</terms>.",
                     "enter": "I am {{minAge}} – enter", "leave": "Leave"}
              for lang in ("en", "de")},
}


def _warning(html: str) -> str:
    match = re.search(r'<div id="boot-entry-warning">(.*?)</div><script>', html, re.DOTALL)
    return match.group(1) if match else ""


def test_a_visitors_landing_draws_the_entry_warning_before_the_app(client: ApiClient,
                                                                   web_dist: Path) -> None:
    """The warning is a first visit's largest paint: it comes with the page, in the language
    the app will choose, in the site's words; the page's policy allows its one script."""
    (web_dist / ".vite").mkdir(exist_ok=True)
    (web_dist / ".vite" / "first-paint.json").write_text(json.dumps(FIRST_PAINT))
    html = _page(client, web_dist, "/", **{"Accept-Language": "de"})
    settings = client.get("/api/settings?lang=de").json
    warning = _warning(html)
    assert "<style>.modal{display:block}</style>" in warning
    assert f"<h2>de: Adults only</h2><p>{settings['name']} &lt;is&gt; for " \
           f"{settings['min_age']}+</p>" in warning
    assert 'Accept our <a href="/pages/terms" data-entry="terms">terms</a>.' in warning
    assert f'<button data-entry="enter">I am {settings["min_age"]} – enter</button>' in warning
    assert ('<p class="fictional">' in warning) == bool(settings["fictional_plural"])
    script = re.search(r'</div><script>(.*?)</script></body>', html, re.DOTALL)
    assert script, html
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    policy = client.get("/", headers={"Accept-Language": "de"}).headers["Content-Security-Policy"]
    assert f"'sha256-{digest}'" in policy.split("script-src", 1)[1].split(";", 1)[0]
    # Other screens, and a member's "/" (on the way to the members area), have no warning.
    assert not _warning(_page(client, web_dist, "/faq"))
    from tests.http.test_accounts_api import SIGNUP

    client.post("/api/signup", json=SIGNUP)
    assert not _warning(_page(client, web_dist, "/"))


def test_no_warning_where_the_site_shows_none_or_the_build_has_none(client: ApiClient,
                                                                    web_dist: Path) -> None:
    import attrs

    from adapters.http.first_paint import entry_warning
    from application.site_queries import SiteSettings

    assert not _warning(_page(client, web_dist, "/"))  # a build without first-paint.json
    (web_dist / ".vite" / "first-paint.json").write_text(json.dumps(FIRST_PAINT))
    assert _warning(_page(client, web_dist, "/"))
    with client.application.app_context():
        from adapters.http.composition import container

        settings: SiteSettings = container().site_queries().settings("localhost", "en", None)
    assert entry_warning(web_dist, "en", settings)
    assert entry_warning(web_dist, "en", attrs.evolve(settings, enable_site_entry_popup="no")) == ""
    assert entry_warning(web_dist, "fi", settings) == ""  # no texts for the language


# The build's first cards of /members (web/scripts/firstPaint.ts `members`).
MEMBERS = {"markup": '<div class="member-grid">{{cards}}</div>',
           "card": '<article class="member-card"><div class="member-card__photo">{{photo}}</div>'
                   "<h3>{{name}}, {{age}}</h3><p>{{place}}</p></article>",
           "photo": '<img src="{{src}}" alt="">', "css": ".member-grid{display:grid}</style>"}
SPLASH = '<div class="boot-splash" aria-busy="true"><svg><path d="M1"/></svg></div>'


def _cards(html: str) -> str:
    match = re.search(r'<div id="boot-first-screen" aria-hidden="true" inert>(.*?)</body>', html,
                      re.DOTALL)
    return match.group(1) if match else ""


def test_a_members_first_search_draws_its_first_cards_before_the_app(
        client: ApiClient, web_dist: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first card's photo is /members' largest paint (issue 36.5): the page carries the
    first screen's cards in the app's markup instead of the splash, member-written words
    escaped, so the photo paints before the app's script has come."""
    from adapters.http import web_app

    (web_dist / ".vite").mkdir(exist_ok=True)
    (web_dist / ".vite" / "first-paint.json").write_text(json.dumps({**FIRST_PAINT,
                                                                     "members": MEMBERS}))
    photo = {"thumb_filename": 'photos/7/1"_thumb.jpg'}
    results = [{"name": "<b>Eve</b> & co", "age": 31, "city": "<i>Gent</i>", "main_image": photo},
               {"name": "Ann", "age": 40, "city": "", "main_image": None},
               *[{"name": f"M{n}", "age": 30, "city": "Gent", "main_image": photo}
                 for n in range(5)]]
    monkeypatch.setattr(web_app, "_first_answers",
                        lambda path: {"search": {"answer": {"results": results}}})
    index = (f'<!doctype html><html><head></head><body><div id="root">{SPLASH}</div>'
             '<script type="module" src="/assets/index-1.js"></script></body></html>')
    (web_dist / "index.html").write_text(index)
    (web_dist / ".vite" / "manifest.json").write_text(json.dumps(MANIFEST))
    html = client.get("/members").get_data(as_text=True)
    cards = _cards(html)
    # The screen's sheets wait their turn behind the first photos (the page paints without).
    assert '<link rel="preload" as="style" fetchpriority="low" crossorigin ' \
           'href="/assets/global-1.css">' in html
    assert "boot-splash" not in html and '<div id="root"></div>' in html  # the cards instead
    assert html.index('<div id="root">') < html.index("boot-first-screen")
    assert cards.startswith("<style>.member-grid{display:grid}<\\/style>")
    assert cards.count('class="member-card"') == 4  # the first screen's, as the app's
    assert ("<h3>&lt;b&gt;Eve&lt;/b&gt; &amp; co, 31</h3><p>&lt;i&gt;Gent&lt;/i&gt;</p>"
            in cards)
    assert '<img src="/media/photos/7/1&quot;_thumb.jpg" alt="">' in cards
    # No photo: the frame alone (the app draws its avatar); no city: the line keeps its place.
    assert ('<div class="member-card__photo"></div><h3>Ann, 40</h3><p>&nbsp;</p>' in cards)
    # Other screens keep the splash; so does /members when the search gave no cards.
    other = _page(client, web_dist, "/likes")
    assert not _cards(other)
    monkeypatch.setattr(web_app, "_first_answers", lambda path: {})
    assert not _cards(client.get("/members").get_data(as_text=True))


def test_beside_the_first_cards_the_code_loads_after_their_photos(
        client: ApiClient, web_dist: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lighthouse counts every file that came before the largest paint (the first photo)
    in its simulated paint: with the cards drawn, the entry script, its libraries, the
    screen's chunks and sheets are named in a JSON the page's loader reads once the first
    photos are painted (issue 36.5), not in the head where they would load with the photos."""
    from adapters.http import web_app

    (web_dist / ".vite").mkdir(exist_ok=True)
    (web_dist / ".vite" / "first-paint.json").write_text(json.dumps({**FIRST_PAINT,
                                                                     "members": MEMBERS}))
    (web_dist / ".vite" / "manifest.json").write_text(json.dumps(MANIFEST))
    (web_dist / "index.html").write_text(
        '<!doctype html><html><head><title>Amora</title><script type="module" crossorigin '
        'src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin '
        f'href="/assets/vendor-1.js"></head><body><div id="root">{SPLASH}</div></body></html>')
    photo = {"main_image": {"thumb_filename": "photos/7/1_thumb.jpg"}}
    monkeypatch.setattr(web_app, "_first_answers",
                        lambda path: {"search": {"answer": {"results": [photo]}}})
    answer = client.get("/members")
    html = answer.get_data(as_text=True)
    head = html[:html.index("</head>")]
    assert "<script type=\"module\"" not in head and "modulepreload" not in head
    assert '<link rel="preload" as="style"' not in head
    # The photos alone load with the page.
    assert '<link rel="preload" as="image" fetchpriority="high" ' \
           'href="/media/photos/7/1_thumb.jpg">' in head
    code = re.search(r'<script id="boot-code" type="application/json">(.*?)</script>'
                     r"<script>(.*?)</script></body>", html, re.DOTALL)
    assert code, html
    assert html.index("boot-first-screen") < code.start()  # after the cards' <img>s
    assert json.loads(code.group(1)) == {
        "entry": "/assets/index-1.js",
        "scripts": ["/assets/vendor-1.js", "/assets/MembersPage-1.js",
                    "/assets/discoveryLoader-1.js", "/assets/shared-1.js",
                    "/assets/discoverySlots-1.js", "/assets/common-en.js",
                    "/assets/discovery-en.js", "/assets/likes-en.js", "/assets/en-GB.js"],
        "styles": ["/assets/global-1.css"]}
    digest = base64.b64encode(hashlib.sha256(code.group(2).encode()).digest()).decode()
    policy = answer.headers["Content-Security-Policy"]
    assert f"'sha256-{digest}'" in policy.split("script-src", 1)[1].split(";", 1)[0]
    # Without drawn cards (another screen, no search) the head names the code as before.
    other = _page(client, web_dist, "/likes")
    assert '<script type="module" src="/assets/index-1.js">' in other and "boot-code" not in other


def test_no_first_cards_from_a_build_without_them(client: ApiClient, web_dist: Path) -> None:
    from adapters.http.first_paint import member_cards

    results = [{"name": "Eve", "age": 31, "city": "Gent", "main_image": None}]
    assert member_cards(web_dist, results, "/media/") == ""  # no first-paint.json
    (web_dist / ".vite").mkdir(exist_ok=True)
    (web_dist / ".vite" / "first-paint.json").write_text(json.dumps(FIRST_PAINT))
    assert member_cards(web_dist, results, "/media/") == ""  # a build from before
    (web_dist / ".vite" / "first-paint.json").write_text(json.dumps({**FIRST_PAINT,
                                                                     "members": MEMBERS}))
    assert member_cards(web_dist, results, "/media/")
    assert member_cards(web_dist, [], "/media/") == ""
