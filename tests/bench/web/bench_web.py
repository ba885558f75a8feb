"""Benchmark: the web app's weight and Lighthouse scores (spec section 9, performance).

(a) The initial JavaScript of "/": the entry script(s) of web/dist/index.html, the
    landing's route chunk, the English catalog and date-fns locale (the start-up waits for
    both; the server preloads them), and everything they import statically (recursively,
    within dist/assets), compressed with gzip (zlib level 9) and brotli when the `brotli`
    module is installed. Goal: under 150 KB gzip. Then the CSS each of "/" and "/members"
    loads: the global sheet and the screen's own sheets (from the manifest). Builds
    nothing: web/dist comes from `make run` / `make test` (or set WEB_DIST to another build).
(b) Lighthouse (mobile preset, the default) on "/" as a visitor and on "/members" as a
    freshly signed-up member, against `amora serve` on a free port with a temporary,
    migrated and demo-seeded VAR_DIR. Prints performance, accessibility and
    best-practices scores plus LCP, TBT and CLS. Each page is requested once with its
    files first, as a server that has been running a while has them (the first request
    of a process compresses and caches). The member's cookies sit in the browser's
    cookie jar (a Chromium started with Playwright, driven by Lighthouse over its
    debugging port): sent as an extra header, the page's script would not see the
    session hint cookie and would show the visitor's page.

    .venv/bin/python -m tests.bench.web.bench_web [--size-only]

WEB_DIST picks another build; BENCH_WEB_RUNS=<n> Lighthouse runs per page (default 3, the
median run is shown); BENCH_WEB_REPORTS=<folder> keeps the Lighthouse JSON reports;
BENCH_WEB_URL=<base URL> measures a server that is already running (signups must be open);
BENCH_WEB_PAGES=/members measures only the pages named (comma-separated).

Lighthouse is the npm devDependency `lighthouse`; the browser is Debian's Chromium
(CHROMIUM, default /usr/bin/chromium). Nothing is asserted: it prints figures.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
import zlib
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
DIST = Path(os.environ.get("WEB_DIST", ROOT / "web" / "dist"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking"
SESSION_COOKIE = "auth._token"  # adapters/http/session.py COOKIE
GOAL_BYTES = 150 * 1024
# What "/" needs to render beyond the entry (the server preloads these, adapters/http/web_app.py):
# the landing's chunk and the English common catalog, with their static imports (manifest).
ROUTE_MODULES = ["src/features/home/HomeRoute.tsx", "src/locales/en/common.json",
                 "../node_modules/date-fns/locale/en-GB.js"]
# The stylesheets of a screen: the global one (web/src/app/globalStyles.ts) and the screen's.
GLOBAL_STYLES = "src/app/globalStyles.ts"
SCREEN_MODULES = {"/": ["src/features/home/HomeRoute.tsx"],
                  "/members": ["src/features/discovery/MembersPage.tsx"]}
PAGES = {"/": False, "/members": True}  # path: logged in
# BENCH_WEB_PAGES=/members measures only the pages named (comma-separated).
if os.environ.get("BENCH_WEB_PAGES"):
    PAGES = {path: PAGES[path] for path in os.environ["BENCH_WEB_PAGES"].split(",")}
RUNS = int(os.environ.get("BENCH_WEB_RUNS", "3"))  # Lighthouse runs per page (median shown)

try:
    import brotli  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # optional: gzip alone then
    brotli = None

# Static imports and re-exports of a built module: `import{a as b}from"./x.js"`,
# `import"./x.js"`, `export*from"./x.js"`. Dynamic `import("./x.js")` is not matched.
STATIC_IMPORT = re.compile(
    r"""(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'()]+\.js)["']"""
)


class _EntryParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[str] = []
        self.preloads: list[str] = []
        self.styles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and a.get("type") == "module" and a.get("src"):
            self.scripts.append(a["src"] or "")
        elif tag == "link" and a.get("rel") == "modulepreload" and a.get("href"):
            self.preloads.append(a["href"] or "")
        elif tag == "link" and a.get("rel") == "stylesheet" and a.get("href"):
            self.styles.append(a["href"] or "")


def _local(url: str) -> Path | None:
    if url.startswith(("http:", "https:", "//")):
        return None
    return DIST / url.lstrip("/")


def static_closure(entries: list[Path]) -> list[Path]:
    """The entries and every module they import statically, in discovery order."""
    seen: dict[Path, None] = {}
    todo = list(entries)
    while todo:
        path = todo.pop(0).resolve()
        if path in seen or not path.is_file():
            continue
        seen[path] = None
        for spec in STATIC_IMPORT.findall(path.read_text(encoding="utf-8", errors="replace")):
            if spec.startswith("."):
                todo.append(path.parent / spec)
            elif spec.startswith("/"):
                todo.append(DIST / spec.lstrip("/"))
    return list(seen)


def _manifest() -> dict[str, Any]:
    manifest_file = DIST / ".vite" / "manifest.json"  # vite build.manifest
    if not manifest_file.is_file():
        return {}
    answer: dict[str, Any] = json.loads(manifest_file.read_text(encoding="utf-8"))
    return answer


def route_chunks() -> list[Path]:
    """The chunks of ROUTE_MODULES, from the build's manifest."""
    manifest = _manifest()
    return [DIST / manifest[key]["file"] for key in ROUTE_MODULES if key in manifest]


def stylesheets(keys: list[str]) -> list[str]:
    """The CSS files of these modules and of the chunks they import, from the manifest."""
    manifest = _manifest()
    sheets: list[str] = []
    seen: set[str] = set()
    todo = list(keys)
    while todo:
        key = todo.pop(0)
        entry = manifest.get(key)
        if entry is None or key in seen:
            continue
        seen.add(key)
        own = [entry["file"]] if entry["file"].endswith(".css") else entry.get("css", [])
        sheets.extend(sheet for sheet in own if sheet not in sheets)
        todo.extend(entry.get("imports", []))
    return sheets


def screen_css() -> None:
    """Prints the CSS that "/" and "/members" load, sheet by sheet."""
    for screen, keys in SCREEN_MODULES.items():
        sheets = stylesheets([GLOBAL_STYLES, *keys])
        total_raw = total_gz = 0
        print(f'CSS of "{screen}":')
        for sheet in sheets:
            data = (DIST / sheet).read_bytes()
            total_raw, total_gz = total_raw + len(data), total_gz + gzip_size(data)
            print(f"  {sheet:<48}{_kb(len(data))}{_kb(gzip_size(data))}")
        print(f"  {'total (' + str(len(sheets)) + ' files)':<48}{_kb(total_raw)}{_kb(total_gz)}")


def gzip_size(data: bytes) -> int:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip container, level 9
    return len(compressor.compress(data) + compressor.flush())


def brotli_size(data: bytes) -> int | None:
    return len(brotli.compress(data, quality=11)) if brotli is not None else None


def _kb(size: int | None) -> str:
    return f"{'-':>11}" if size is None else f"{size / 1024:8.1f} KB"


def initial_js() -> int:
    """Prints the initial JavaScript (and CSS) of "/"; returns its gzip size."""
    index = DIST / "index.html"
    if not index.is_file():
        sys.exit(f"{index} is missing: build the web app first (`make web` or `npm run build`)")
    parser = _EntryParser()
    parser.feed(index.read_text(encoding="utf-8"))
    entries = [p for p in map(_local, parser.scripts) if p]
    preloads = [p for p in map(_local, parser.preloads) if p]
    files = static_closure(entries + preloads + route_chunks())
    print(f'Initial JavaScript of "/" ({DIST}): entry {", ".join(parser.scripts)} and '
          f'{", ".join(ROUTE_MODULES)}')
    print(f"  {'file':<48}{'raw':>11}{'gzip -9':>11}{'brotli':>11}")
    total_raw = total_gz = 0
    total_br: int | None = 0 if brotli is not None else None
    for path in sorted(files, key=lambda p: -p.stat().st_size):
        data = path.read_bytes()
        gz, br = gzip_size(data), brotli_size(data)
        total_raw, total_gz = total_raw + len(data), total_gz + gz
        if total_br is not None and br is not None:
            total_br += br
        print(f"  {path.relative_to(DIST).as_posix():<48}{_kb(len(data))}{_kb(gz)}{_kb(br)}")
    print(f"  {'total (' + str(len(files)) + ' files)':<48}{_kb(total_raw)}{_kb(total_gz)}"
          f"{_kb(total_br)}")
    verdict = "under" if total_gz < GOAL_BYTES else "OVER"
    print(f"  goal: under {GOAL_BYTES // 1024} KB compressed -> {verdict} (gzip)")
    for style in parser.styles:
        local = _local(style)
        if local and local.is_file():
            data = local.read_bytes()
            print(f"  render-blocking CSS {style}: {_kb(len(data))} raw, {_kb(gzip_size(data))} "
                  "gzip")
    return total_gz


# --- Lighthouse ----------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def live_server() -> Iterator[str]:
    """`amora serve` on a free port, migrated and seeded with 40 demo members."""
    with tempfile.TemporaryDirectory(prefix="amora-bench-web-") as var:
        port = _free_port()
        env = {**os.environ, "VAR_DIR": var, "PORT": str(port), "SECRET_KEY": "bench-web",
               "WEB_DIST": str(DIST), "RATE_LIMITS": "off"}
        env.pop("DATABASE_URL", None)
        env.pop("REDIS_URL", None)
        for args in (("db", "upgrade"), ("demo", "seed", "--members", "40")):
            subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=ROOT, env=env,
                           check=True, stdout=subprocess.DEVNULL)
        server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/api/health", timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("amora serve did not start") from None
                    time.sleep(0.2)
            yield base
        finally:
            server.terminate()
            server.wait(timeout=10)


def member_cookies(base: str) -> dict[str, str]:
    """Signs up a fresh member through the API; returns the cookies the server set."""
    body = {"email": f"bench.{uuid.uuid4().hex[:10]}@example.com", "name": "Bench",
            "date_of_birth": "1988-06-02", "password": "zomer aan zee 2026",
            "gender": "male", "seeking": "female", "country": "NL", "language": "en"}
    request = urllib.request.Request(f"{base}/api/signup", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        cookies = response.headers.get_all("Set-Cookie") or []
    jar = {}
    for cookie in cookies:
        name, _, rest = cookie.partition("=")
        jar[name.strip()] = rest.split(";", 1)[0]
    if not jar.get(SESSION_COOKIE):
        raise RuntimeError("the signup set no session cookie")
    return jar


def warm(base: str, path: str, cookies: dict[str, str] | None) -> None:
    """Requests the page and the files its HTML names once, as a running server has had
    them requested before (each process compresses a file on its first request)."""
    headers = {"Accept-Encoding": "br, gzip"}
    if cookies:
        headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers),
                                timeout=30) as response:
        response.read()
    parser = _EntryParser()
    parser.feed((DIST / "index.html").read_text(encoding="utf-8"))
    for url in [*parser.scripts, *parser.preloads, *parser.styles]:
        if url.startswith("/"):
            request = urllib.request.Request(base + url, headers=headers)
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()


@contextlib.contextmanager
def member_browser(base: str, cookies: dict[str, str]) -> Iterator[int]:
    """A headless Chromium with the member's cookies in its jar; yields its debugging
    port, for Lighthouse's --port (Lighthouse clears no cookies between runs)."""
    from playwright.sync_api import sync_playwright

    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="amora-lh-chromium-") as profile, \
            sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True,
            args=[f"--remote-debugging-port={port}", *CHROMIUM_FLAGS.split()[1:]])
        context.add_cookies([{"name": name, "value": value, "url": base,
                              "httpOnly": name == SESSION_COOKIE, "sameSite": "Lax"}
                             for name, value in cookies.items()])
        try:
            yield port
        finally:
            context.close()


# Lighthouse's JSON report, as it writes it.
Report = dict[str, Any]


def lighthouse(url: str, port: int | None, out: Path) -> Report:
    """One Lighthouse run: in a fresh Chromium of its own, or in the one at `port`."""
    local = ROOT / "node_modules" / ".bin" / "lighthouse"  # what `npx lighthouse` runs
    command = [
        *([str(local)] if local.exists() else ["npx", "--no-install", "lighthouse"]),
        url, *([f"--port={port}"] if port else [f"--chrome-path={CHROMIUM}",
                                                 f"--chrome-flags={CHROMIUM_FLAGS}"]),
        "--only-categories=performance,accessibility,best-practices",
        "--output=json", f"--output-path={out}", "--quiet",
    ]
    subprocess.run(command, cwd=ROOT, check=True, timeout=300)
    answer: Report = json.loads(out.read_text(encoding="utf-8"))
    return answer


def _score(report: Report, category: str) -> str:
    score = report["categories"][category]["score"]
    return "-" if score is None else f"{round(score * 100):3d}"


def _audit(report: Report, name: str) -> str:
    audit = report["audits"].get(name, {})
    return str(audit.get("displayValue", "-"))


def _failing(report: Report) -> list[str]:
    """Audits of the three categories that lost points (title and value), for diagnosis."""
    audits = report["audits"]
    lines = []
    for category in report["categories"].values():
        for ref in category["auditRefs"]:
            audit = audits[ref["id"]]
            if ref.get("weight", 0) and audit.get("score") is not None and audit["score"] < 0.9:
                value = audit.get("displayValue", "")
                lines.append(f"{category['id']}: {audit['title']} ({audit['score']}) {value}")
    return lines


def lighthouse_scores() -> None:
    keep = os.environ.get("BENCH_WEB_REPORTS")  # a folder to keep the JSON reports in
    url = os.environ.get("BENCH_WEB_URL")  # a running server instead (behind a proxy, say)
    server = contextlib.nullcontext(url.rstrip("/")) if url else live_server()
    where = url or "amora serve with 40 demo members"
    print(f"\nLighthouse (mobile preset, median of {RUNS} runs), {where}: "
          "goal performance >= 97 (issue 36.5)")
    with server as base, tempfile.TemporaryDirectory(prefix="amora-lh-") as scratch:
        tmp = Path(keep) if keep else Path(scratch)
        tmp.mkdir(parents=True, exist_ok=True)
        cookies = member_cookies(base)
        print(f"  {'page':<18}{'perf':>6}{'a11y':>6}{'b-p':>6}   {'LCP':>8}{'TBT':>10}{'CLS':>8}")
        for path, logged_in in PAGES.items():
            reports = []
            warm(base, path, cookies if logged_in else None)
            browser = member_browser(base, cookies) if logged_in else contextlib.nullcontext()
            with browser as port:
                for run in range(RUNS):
                    out = tmp / f"report{path.replace('/', '-') or '-'}-{run + 1}.json"
                    reports.append(lighthouse(base + path, port, out))
            # Lighthouse varies from run to run: show the run with the median performance.
            reports.sort(key=lambda report: report["categories"]["performance"]["score"] or 0)
            report = reports[len(reports) // 2]
            final = str(report.get("finalDisplayedUrl") or report.get("finalUrl") or "")
            label = path + (" (member)" if logged_in else "")
            print(f"  {label:<18}{_score(report, 'performance'):>6}"
                  f"{_score(report, 'accessibility'):>6}{_score(report, 'best-practices'):>6}   "
                  f"{_audit(report, 'largest-contentful-paint'):>8}"
                  f"{_audit(report, 'total-blocking-time'):>10}"
                  f"{_audit(report, 'cumulative-layout-shift'):>8}"
                  f"   runs: {' '.join(_score(r, 'performance').strip() for r in reports)}")
            if not final.endswith(path):
                print(f"    (ended on {final})")
            for line in _failing(report):
                print(f"    - {line}")


def main() -> None:
    initial_js()
    screen_css()
    if "--size-only" not in sys.argv[1:]:
        lighthouse_scores()


if __name__ == "__main__":
    main()
