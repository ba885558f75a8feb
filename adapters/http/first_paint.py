"""The landing's first paint without the app's script (issue 36.5): a visitor's first "/"
shows the site-entry warning over the page, and that warning is the page's largest paint.
Drawn by the app, it waited for the whole script (some 130 KB on a phone); here index.html
carries it, in the app's markup with the global sheet's rules it uses inlined (the build
writes both and the catalogs' texts to .vite/first-paint.json, web/scripts/firstPaint.ts).
The app removes it when its own warning (or none) takes over (features/entry-warning/
EntryWarning.tsx); until then ENTRY_SCRIPT makes its buttons work and hides it for a
visitor who entered before or runs the installed app."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adapters.http.first_frame import ACTIVATION_SCRIPT, Viewer, frame

if TYPE_CHECKING:
    from application.site_queries import SiteSettings

FIRST_PAINT = Path(".vite") / "first-paint.json"
ELEMENT_ID = "boot-entry-warning"  # EntryWarning.tsx SERVER_COPY_ID removes it
SKIP_KEY = "amora.entryWarning.skippedAt"  # entry-warning/decision.ts ENTRY_WARNING_SKIP_KEY
TERMS_PATH = "/pages/terms"  # web/src/shared/routing/paths.ts PATHS.terms

# Runs right after the markup, before the first paint: as decision.ts decides (a visitor who
# entered before, the installed app) and as EntryWarning.tsx's buttons do. The policy's
# script-src allows it by its hash (headers.py).
ENTRY_SCRIPT = (
    '(function(){var w=document.getElementById("' + ELEMENT_ID + '"),k="' + SKIP_KEY + '",s=0;'
    "try{s=Number(localStorage.getItem(k))}catch(x){}"
    'if(s>0||matchMedia("(display-mode: standalone)").matches||navigator.standalone===true)'
    "{w.remove();return}"
    'w.addEventListener("click",function(e){var t=e.target.closest("[data-entry]");if(!t)return;'
    'if(t.getAttribute("data-entry")==="leave"){if(history.length>1)history.back();'
    'else location.href="about:blank";return}'
    "try{localStorage.setItem(k,String(Date.now()))}catch(x){}"
    'if(t.tagName!=="A")w.remove()})})();'
)


def _hash(script: str) -> str:
    return f"'sha256-{base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()}'"


ENTRY_SCRIPT_HASH = _hash(ENTRY_SCRIPT)
# /members' first screen: a dismissed activation notice stays hidden (first_frame.py).
ACTIVATION_SCRIPT_HASH = _hash(ACTIVATION_SCRIPT)


@lru_cache(maxsize=4)
def _build(path: Path, mtime_ns: int) -> dict[str, Any]:
    build: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return build


def _text(template: str, **values: object) -> str:
    """i18next's {{name}} interpolation, escaped (the app's is not: React escapes)."""
    return escape(re.sub(r"\{\{\s*(\w+)\s*\}\}",
                         lambda m: str(values.get(m.group(1), m.group(0))), template))


def _terms(text: str) -> str:
    """"… our <terms>terms and conditions</terms>." with the link (EntryWarning.tsx)."""
    parts = re.fullmatch(r"(.*?)<terms>(.*?)</terms>(.*)", text, re.DOTALL)
    if parts is None:
        return _text(text)
    before, label, after = parts.groups()
    return (f'{_text(before)}<a href="{TERMS_PATH}" data-entry="terms">{_text(label)}</a>'
            f"{_text(after)}")


def _fill(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values.get(m.group(1), ""), template)


def entry_warning(dist: Path, language: str, settings: SiteSettings) -> str:
    """The warning's markup, style and script for a visitor's "/", or "" when the site
    shows none or the build has no first paint for the language."""
    file = dist / FIRST_PAINT
    if settings.enable_site_entry_popup == "no" or not file.is_file():
        return ""
    build = _build(file, file.stat().st_mtime_ns)
    texts: dict[str, str] | None = build["texts"].get(language)
    if texts is None:
        return ""
    age, name = settings.min_age, settings.name
    fictional = _fill(build["fictional"], {"fictional": _text(
        texts["fictional"], fictionalPlural=settings.fictional_plural)}) \
        if settings.fictional_plural else ""
    markup = _fill(build["markup"], {
        "minAge": str(age), "title": _text(texts["title"]),
        "body": _text(texts["body"], minAge=age, siteName=name), "fictional": fictional,
        "terms": _terms(texts["terms"]), "enter": _text(texts["enter"], minAge=age),
        "leave": _text(texts["leave"])})
    css = build["css"].replace("</", "<\\/")  # cannot end its <style>
    return (f'<div id="{ELEMENT_ID}"><style>{css}</style>{markup}</div>'
            f"<script>{ENTRY_SCRIPT}</script>")


# --- /members: the first cards ----------------------------------------------------------
# A member's /members: the first card's photo is the screen's largest paint, and drawn by
# the app it waited for all of its script (Lighthouse: 1.5-2.4 s of render delay on a slow
# phone, issue 36.5). The page carries the first cards of the search page it inlines, in the
# app's markup with the rules they use (the build's `members`); the app removes them when
# its first screen is drawn (shared/firstScreen.ts, before that screen's paint). Above them
# it draws what the app will show there (first_frame.py), so that they stay where they are.

FIRST_SCREEN_ID = "boot-first-screen"  # shared/firstScreen.ts SERVER_FIRST_SCREEN_ID
# The cards on a first screen (features/discovery/MembersResults.tsx FIRST_SCREEN_CARDS):
# two rows on phones, one on wide screens. Their photos load with the page.
FIRST_SCREEN_CARDS = 4
# index.html's splash (web/index.html), shown until the app has started: the cards replace it.
_SPLASH = re.compile(r'<div class="boot-splash"[^>]*>.*?</div>', re.DOTALL)

# /members' first cards paint before the app's code is asked for (issue 36.5): the entry
# script, the chunks and the sheets the server names (CODE_ID's JSON: entry, scripts,
# styles) load once the first photos have been decoded, a frame later (a hidden tab, whose
# frames wait, after 100 ms; at the latest 3 s after the page). On a phone's few connections
# the photos no longer share them with some 25 files of code, and a first paint that came
# before the code has loaded needs none of it. One request a task: each costs the page one
# to eight ms at Lighthouse's 4x slowdown, which counts what a task takes over 50 ms (all 19
# in one task: 21 ms unslowed; three a task: up to 59 ms slowed). By its hash in the policy
# (headers.py).
CODE_ID = "boot-code"
CODE_SCRIPT = (
    '(function(){var d=document,c=JSON.parse(d.getElementById("' + CODE_ID + '").textContent),'
    'g=0,i=d.querySelectorAll("#' + FIRST_SCREEN_ID + ' img"),n=i.length,k;'
    "function add(t,a){var e=d.createElement(t);for(var x in a)e.setAttribute(x,a[x]);"
    "d.head.appendChild(e)}"
    'function go(){if(g)return;g=1;var q=[["script",{type:"module",crossorigin:"",src:c.entry}]];'
    'c.scripts.forEach(function(u){q.push(["link",{rel:"modulepreload",crossorigin:"",href:u}])});'
    'c.styles.forEach(function(u){q.push(["link",{rel:"preload",as:"style",crossorigin:"",href:u}])});'
    "(function next(){var e=q.shift();add(e[0],e[1]);if(q.length)setTimeout(next,0)})()}"
    "function shown(){if(--n<1){requestAnimationFrame(function(){setTimeout(go,0)});"
    "setTimeout(go,100)}}"
    "if(!n){n=1;shown()}"
    "for(k=0;k<i.length;k++)i[k].decode?i[k].decode().then(shown,shown):shown();"
    "setTimeout(go,3000)})();"
)
CODE_SCRIPT_HASH = _hash(CODE_SCRIPT)
# The build's index.html names its entry script and libraries in its head.
_ENTRY = re.compile(r'<script type="module"[^>]*\ssrc="([^"]+)"[^>]*></script>\s*')
_MODULE_PRELOAD = re.compile(r'<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*')


def code_after_photos(html: str, scripts: list[str], styles: list[str]) -> tuple[str, str]:
    """index.html without its entry script and module preloads, and what loads them, the
    screen's `scripts` and sheets after the first photos (CODE_SCRIPT, for the end of the
    body); (html, "") when the build names no entry script."""
    end = html.find("</head>")
    entry = _ENTRY.search(html, 0, max(end, 0))
    if entry is None:
        return html, ""
    head = html[:end]
    libraries = _MODULE_PRELOAD.findall(head)
    head = _MODULE_PRELOAD.sub("", _ENTRY.sub("", head, count=1))
    code = json.dumps({"entry": entry.group(1), "scripts": list(dict.fromkeys(
        [*libraries, *scripts])), "styles": styles}, separators=(",", ":"))
    code = code.replace("<", "\\u003c")  # cannot end its <script>
    return (head + html[end:],
            f'<script id="{CODE_ID}" type="application/json">{code}</script>'
            f"<script>{CODE_SCRIPT}</script>")


def first_screen_cards(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The search page's cards that a first screen shows, as the app draws them."""
    return results[:FIRST_SCREEN_CARDS]


def _card(build: dict[str, str], card: dict[str, Any], prefix: str) -> str:
    image = (card.get("main_image") or {}).get("thumb_filename")
    photo = _fill(build["photo"], {"src": escape(f"{prefix}{image}")}) if image else ""
    # Member-written words, escaped; the country's name (a place without a city) is the
    # app's translation: the line keeps its height until the app draws it.
    return _fill(build["card"], {"photo": photo, "name": escape(str(card.get("name") or "")),
                                 "age": escape(str(card.get("age") or "")),
                                 "place": escape(str(card.get("city") or "")) or "&nbsp;"})


def member_cards(dist: Path, results: list[dict[str, Any]], prefix: str,
                 viewer: Viewer | None = None) -> str:
    """The first cards of a search page (its JSON answer's `results`), with what the app
    shows above them for `viewer` (first_frame.py), or "" when there are none or the build
    has no first paint for them."""
    file = dist / FIRST_PAINT
    cards = first_screen_cards(results)
    if not cards or not file.is_file():
        return ""
    build: dict[str, Any] | None = _build(file, file.stat().st_mtime_ns).get("members")
    if build is None:
        return ""
    parts = frame(build.get("frame"), viewer)
    markup = _fill(build["markup"], {**parts, "cards": "".join(_card(build, card, prefix)
                                                               for card in cards)})
    css = build["css"].replace("</", "<\\/")
    script = f"<script>{ACTIVATION_SCRIPT}</script>" if parts.get("alert") else ""
    return (f'<div id="{FIRST_SCREEN_ID}" aria-hidden="true" inert><style>{css}</style>{markup}'
            f"</div>{script}")


def without_splash(html: str) -> str:
    """index.html without its splash: the server's first screen shows instead."""
    return _SPLASH.sub("", html, count=1)
