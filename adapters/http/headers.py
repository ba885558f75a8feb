"""The security headers every answer carries, added where the answer leaves the app (a
thin WSGI layer): one pass over a plain list instead of Flask's header object, which
checks every value it is given (a tenth of a trivial request's own time)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from adapters.http.first_paint import (
    ACTIVATION_SCRIPT_HASH,
    CODE_SCRIPT_HASH,
    ENTRY_SCRIPT_HASH,
)

# Scripts: the site's files, and the first screens' inline scripts by their hashes
# (first_paint.py: the landing's entry warning, /members' activation notice and code loader).
CSP = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
    f"script-src 'self' {ENTRY_SCRIPT_HASH} {ACTIVATION_SCRIPT_HASH} {CODE_SCRIPT_HASH}; "
    "connect-src 'self' ws: wss:; font-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
# Once seen over HTTPS, browsers refuse plain HTTP to the site (and its subdomains) a year.
HSTS = "max-age=31536000; includeSubDomains"

_ALWAYS = (("X-Content-Type-Options", "nosniff"),
           ("Referrer-Policy", "strict-origin-when-cross-origin"),
           ("X-Frame-Options", "DENY"),
           ("Content-Security-Policy", CSP))
_OVER_HTTPS = (*_ALWAYS, ("Strict-Transport-Security", HSTS))

StartResponse = Callable[..., Any]


class SecurityHeaders:
    """Each header unless the view set its own. HTTPS is as the request's environ says,
    so behind trusted proxies this layer sits inside ProxyFix."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse
                 ) -> Iterable[bytes]:
        wanted = _OVER_HTTPS if environ.get("wsgi.url_scheme") == "https" else _ALWAYS

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            given = {name.lower() for name, _ in headers}
            headers.extend(header for header in wanted if header[0].lower() not in given)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)
