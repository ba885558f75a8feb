"""The request handler of the built-in threaded server (`amora serve`)."""

from __future__ import annotations

from werkzeug.serving import WSGIRequestHandler


class PlainRequestHandler(WSGIRequestHandler):
    """Answers with `Server: Amora`: no server or Python version for a scanner to match
    against known vulnerabilities."""

    def version_string(self) -> str:
        return "Amora"
