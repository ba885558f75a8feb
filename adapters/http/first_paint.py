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
_DIGEST = base64.b64encode(hashlib.sha256(ENTRY_SCRIPT.encode()).digest()).decode()
ENTRY_SCRIPT_HASH = f"'sha256-{_DIGEST}'"


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
