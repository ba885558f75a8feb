"""The WSGI app called straight, as a server hands it a request: the CPU benches time the
app's own work this way, with no server, socket or client on the same cores."""

from __future__ import annotations

from typing import Any


def status_of(app: Any, environ: dict[str, Any]) -> int:
    """Runs one request to its end (the whole body read, the answer closed): its status."""
    status: list[str] = []
    answer = app(environ, lambda line, _headers, *_: status.append(line))
    try:
        b"".join(answer)
    finally:
        getattr(answer, "close", lambda: None)()
    return int(status[0].split()[0])
