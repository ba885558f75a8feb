"""Serves the built React app: hashed assets cached for a year, every other path
gets index.html so the client router shows the screen (or its 404 screen)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

import brotli
from flask import Blueprint, Response, current_app, request, send_from_directory
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound

from adapters.http.composition import container
from adapters.http.first_frame import Viewer
from adapters.http.first_paint import (
    code_after_photos,
    entry_warning,
    first_screen_cards,
    member_cards,
    without_splash,
)
from adapters.http.rendering import render
from adapters.http.requests import geoip_country, language, site_host
from adapters.http.session import COOKIE, HINT_COOKIE, _secure, signed_in
from application.site_queries import SiteSettings
from domain.discovery import SearchFilters
from domain.errors import DomainError
from domain.locales import LOCALE_CODES

blueprint = Blueprint("web", __name__)
_NOT_BUILT = (
    "<!doctype html><title>Amora</title><p>The web app is not built yet: run "
    "<code>make run</code> (or <code>npm run build</code>).</p>"
)


# Text assets worth compressing; images and the video are compressed already.
_COMPRESSIBLE = (".js", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt", ".map")


@lru_cache(maxsize=512)
def _packed(path: Path, mtime_ns: int, encoding: str) -> bytes:
    """The build's own compressed copy of an asset (web/scripts/precompress.ts writes
    x.js.br and x.js.gz), else the file compressed here, once per process (files never
    change in place: a release has new hashed names, and the mtime key catches a rebuild)."""
    ready = path.with_name(f"{path.name}.{'br' if encoding == 'br' else 'gz'}")
    if ready.is_file() and ready.stat().st_mtime_ns >= mtime_ns:
        return ready.read_bytes()
    data = path.read_bytes()
    if encoding == "br":
        packed: bytes = brotli.compress(data, quality=11)
        return packed
    return gzip.compress(data, compresslevel=9, mtime=0)


def _compressed(response: Response, file: Path) -> Response:
    """Brotli, else gzip, when the browser takes it (Lighthouse measured 800 KB of raw
    JS and CSS on a phone: most of the first paint's wait)."""
    response.vary.add("Accept-Encoding")
    accepted = request.headers.get("Accept-Encoding", "")
    encoding = "br" if "br" in accepted else "gzip" if "gzip" in accepted else None
    if file.suffix not in _COMPRESSIBLE or encoding is None or file.stat().st_size < 1024:
        return response
    body = _packed(file, file.stat().st_mtime_ns, encoding)
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = encoding
    response.headers["Content-Length"] = str(len(body))
    return response


_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def _api_miss() -> HTTPException:
    """The catch-alls also match an API path that has no route for this method: a 405
    naming the API's methods (Allow) when the path has others, else a 404 (not the web
    app's 405 for a POST to any path)."""
    adapter = current_app.url_map.bind_to_environ(request.environ)
    methods = set()
    for method in _METHODS:
        try:
            endpoint, _ = adapter.match(method=method)
        except HTTPException:
            continue
        if endpoint not in ("web.spa", "web.api_miss"):
            methods.add(method)
    return MethodNotAllowed(sorted(methods | {"OPTIONS"})) if methods else NotFound()


@blueprint.route("/api", defaults={"path": ""}, methods=_METHODS, endpoint="api_miss")
@blueprint.route("/api/<path:path>", methods=_METHODS, endpoint="api_miss")
def api_miss(path: str) -> Response:
    raise _api_miss()


def _dist() -> Path:
    return container().config().web_dist


@blueprint.get("/", defaults={"path": ""}, endpoint="spa")
@blueprint.get("/<path:path>", endpoint="spa")
def spa(path: str) -> Response:
    dist = _dist()
    if path == "api" or path.startswith(("api/", "ws")):
        raise _api_miss()
    if path and (dist / path).is_file() and ".." not in path:
        response = _compressed(send_from_directory(dist, path, conditional=False),
                               dist / path)
        if path.startswith("assets/"):
            response.cache_control.public = True
            response.cache_control.max_age = 31_536_000
            response.cache_control.immutable = True
        return response
    if not (dist / "index.html").is_file():
        return Response(_NOT_BUILT, status=503, mimetype="text/html")
    response = _index(dist, "/" + path)
    response.cache_control.no_cache = True
    if request.cookies.get(COOKIE) and not request.cookies.get(HINT_COOKIE):
        # A session from before the hint cookie existed: the app asks GET /api/user once,
        # and an ended session's 403 clears both cookies (errors.py).
        response.set_cookie(HINT_COOKIE, "1", path="/", samesite="Lax",
                            secure=_secure())
    return response


# --- index.html with what the first screen needs --------------------------------------
# The app would otherwise fetch the site's settings and then the screen's code and the
# language's catalog only after its own script has run: each a round trip before the first
# paint on a phone. The page gets the settings inline and modulepreload links for the rest.

# The screens opened cold most (web/src/app/routes.tsx) with the catalog namespaces their
# loaders wait for; other paths load theirs as before.
_ROUTE_MODULES = {"/": ["src/features/home/HomeRoute.tsx"],
                  "/members": ["src/features/discovery/MembersPage.tsx",
                               "src/features/discovery/discoveryLoader.ts",
                               "src/app/slots/discoverySlots.tsx"]}  # the cards' like
_ROUTE_CATALOGS = {"/members": ["discovery", "likes"]}  # discoveryLoader.ts SEARCH_NAMESPACES
_DATE_LOCALES = {"en": "en-GB"}  # web/src/shared/i18n/dateLocale.ts
# The global stylesheet comes as a chunk (so nothing blocks the first paint): load it now.
_GLOBAL_STYLES = "src/app/globalStyles.ts"
# A member's navigation (top links, phones' tab bar) is a chunk visitors never load
# (web/src/features/navigation/TopNav.tsx): for a member's request it comes at once.
_MEMBER_MODULES = ["src/features/navigation/MemberNav.tsx"]


@lru_cache(maxsize=8)
def _manifest(path: Path, mtime_ns: int) -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return manifest


def _chunks(manifest: dict[str, Any], key: str) -> tuple[list[str], list[str]]:
    """The chunk of a source module and the chunks it imports statically, recursively,
    and their stylesheets (the entry's own are in index.html already)."""
    files: list[str] = []
    styles: list[str] = []
    todo = [key]
    while todo:
        entry = manifest.get(todo.pop(0))
        if entry is None or entry.get("isEntry") or entry["file"] in files + styles:
            continue
        if entry["file"].endswith(".css"):  # a module that only imports a stylesheet
            styles.append(entry["file"])
            continue
        files.append(entry["file"])
        styles.extend(css for css in entry.get("css", []) if css not in styles)
        todo.extend(entry.get("imports", []))
    return files, styles


def _preloads(dist: Path, path: str, language: str,
              member: bool = False) -> tuple[list[str], list[str]]:
    """The scripts and stylesheets the screen at `path` needs first, for preload links."""
    file = dist / ".vite" / "manifest.json"
    if not file.is_file():
        return [], []
    manifest = _manifest(file, file.stat().st_mtime_ns)
    date_locale = _DATE_LOCALES.get(language, language)
    keys = [_GLOBAL_STYLES, *_ROUTE_MODULES.get(path, []),
            *(f"src/locales/{language}/{name}.json" for name in ["common",
                                                                  *_ROUTE_CATALOGS.get(path, [])]),
            f"../node_modules/date-fns/locale/{date_locale}.js",
            *(_MEMBER_MODULES if member else [])]
    scripts: list[str] = []
    styles: list[str] = []
    for key in keys:
        files, css = _chunks(manifest, key)
        scripts.extend(chunk for chunk in files if chunk not in scripts)
        styles.extend(sheet for sheet in css if sheet not in styles)
    return scripts, styles


def _boot_language(settings: SiteSettings) -> str:
    """The language the app will choose (web/src/shared/i18n/localeChoice.ts): the locale
    cookie, else (no cookie) the site's domain language, else the browser's, else English.
    Only a guess: the app uses the inline settings only when it chose the same language."""
    offered = [code for code in settings.locales if code in LOCALE_CODES] or sorted(LOCALE_CODES)
    cookie = request.cookies.get("i18n_redirected")
    if cookie is not None and cookie in offered:
        return cookie
    domain = (settings.domain_language or "").lower()
    if cookie is None and domain in offered:
        return domain
    for tag, _quality in request.accept_languages:
        code = tag.lower().split("-")[0]
        code = "nb" if code in ("no", "nn") else code
        if code in offered:
            return code
    return "en" if "en" in offered else offered[0]


def _script_json(data: Any, dumps: Callable[..., str] = json.dumps) -> str:
    # Inside <script>: no "</script>" or "<!--" may appear in the text.
    return dumps(data, separators=(",", ":")).replace("<", "\\u003c").replace(
        ">", "\\u003e").replace("&", "\\u0026")


def _first_answers(path: str) -> dict[str, Any]:
    """What the app asks first after its start, when it is known here: the logged-in
    member (GET /api/user) and, on /members without a query, the first page of the search
    (GET /api/members?page=1) as that member or a visitor sees it. Each is a round trip
    less before the screen shows; anything that fails is left to the app to ask itself."""
    answers: dict[str, Any] = {}
    amora = container()
    try:
        found = signed_in()
        if found is not None:
            answers["user"] = render(amora.user_view().of(found))
        if path == "/members" and not request.query_string:
            viewer = found.member if found else None
            answer = render(amora.discovery().search(site_host(), viewer, SearchFilters(page=1),
                                                      chosen=False))
            answers["search"] = {"viewer": viewer.id if viewer else None, "answer": answer}
        current_app.json.dumps(answers)  # as the API would send them (app.py's JSON provider)
    except DomainError:
        pass  # a banned member, a search only for members: the app's own calls tell
    except Exception:  # noqa: BLE001 - the app asks for them itself then
        current_app.logger.warning("index.html without the first answers", exc_info=True)
        return {}
    return answers


def _search_results(answers: dict[str, Any]) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = answers.get("search", {}).get("answer", {}).get("results", [])
    return results


def _viewer(answers: dict[str, Any], language: str, settings: SiteSettings) -> Viewer | None:
    """Whom /members' first screen is drawn for (first_frame.py), as the app will see them."""
    search = answers.get("search")
    if search is None:
        return None
    user: dict[str, Any] | None = answers.get("user")
    return Viewer(language, settings, user, search["answer"])


def _photo_preloads(answers: dict[str, Any], prefix: str) -> str:
    """The first screen's photos load with the page instead of after the app has asked."""
    return "".join(
        f'<link rel="preload" as="image" fetchpriority="high" href="{escape(prefix + str(image))}">'
        for member in first_screen_cards(_search_results(answers))
        if (image := (member.get("main_image") or {}).get("thumb_filename")))


def _index(dist: Path, path: str) -> Response:
    html = (dist / "index.html").read_text(encoding="utf-8")
    try:
        queries = container().site_queries()
        country = geoip_country(container().config().geoip_header)
        asked = language()
        settings = queries.settings(site_host(), asked, country)
        chosen = _boot_language(settings)
        if chosen != asked:
            settings = queries.settings(site_host(), chosen, country)
    except Exception:  # noqa: BLE001 - the app fetches its settings itself then
        current_app.logger.warning("index.html without inline settings", exc_info=True)
        return _compressed(send_from_directory(dist, "index.html", conditional=False),
                           dist / "index.html")
    answers = _first_answers(path)
    scripts, styles = _preloads(dist, path, chosen, member="user" in answers)
    # A visitor's landing draws the site-entry warning before the app's script has come.
    warning = entry_warning(dist, chosen, settings) if path == "/" and "user" not in answers \
        else ""
    # /members draws its first cards before the app's script has come (issue 36.5).
    cards = member_cards(dist, _search_results(answers), settings.cdn_prefix,
                         _viewer(answers, chosen, settings)) if path == "/members" else ""
    # The first photos come first: the first card's photo is the screen's largest paint,
    # a few KB that waited behind some 30 chunks and sheets on HTTP/1.1's six connections
    # (issue 36.5: Lighthouse's LCP of /members was mostly that photo's load time).
    photos = _photo_preloads(answers, settings.cdn_prefix)
    # Beside drawn cards the code comes after their photos (first_paint.py CODE_SCRIPT).
    code = ""
    if cards:
        html, code = code_after_photos(html, [f"/{chunk}" for chunk in scripts],
                                       [f"/{sheet}" for sheet in styles])
    # Ahead of the entry script and its libraries too (some 125 KB compressed, named in the
    # head of the build's index.html): those six connections then start with the photos.
    entry = html.find('<script type="module"')
    if photos and 0 <= entry < html.find("</head>"):
        html, links = html[:entry] + photos + html[entry:], ""
    else:
        links = photos
    # The screen's stylesheets load now, without holding up the page; the app applies them
    # when it imports the screen (Vite's preload helper finds them in the cache). Beside
    # drawn cards they wait their turn: as style they would go first (the highest priority)
    # and hold the first photos back on HTTP/1.1's six connections.
    if not code:
        after = ' fetchpriority="low"' if cards else ""
        links += "".join(f'<link rel="preload" as="style"{after} crossorigin href="/{sheet}">'
                         for sheet in styles)
        links += "".join(f'<link rel="modulepreload" crossorigin href="/{chunk}">'
                         for chunk in scripts)
    data = _script_json({"language": chosen, "settings": render(settings), **answers},
                        current_app.json.dumps)
    head = f'{links}<script id="boot-data" type="application/json">{data}</script></head>'
    html = html.replace("</head>", head, 1)
    if warning or cards:
        html = html.replace("</body>", f"{warning}{cards}{code}</body>", 1)
    if cards:
        html = without_splash(html)
    body = html.encode()
    response = Response(body, mimetype="text/html")
    if "user" in answers:
        response.cache_control.private = True  # the member's own data
    response.vary.add("Cookie")
    response.vary.add("Accept-Language")
    response.vary.add("Accept-Encoding")
    accepted = request.headers.get("Accept-Encoding", "")
    if "br" in accepted:
        response.set_data(brotli.compress(body, quality=5))
        response.headers["Content-Encoding"] = "br"
    elif "gzip" in accepted:
        response.set_data(gzip.compress(body, compresslevel=6, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
    return response
