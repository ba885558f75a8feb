"""The request's body, read in full before anything else (issue 28.2).

A view looks its member up (and so checks out a pooled database connection) before it
parses the body: a client sending its body slowly held that connection for as long as it
liked, and 20 such clients (32 on PostgreSQL) took every connection, health checks
included. Here the first hook of every request reads the whole body, so nothing is
looked up until the last byte is in; a slow client holds only its own greenlet.

- Size: JSON and form bodies up to BODY_LIMIT, photo uploads up to the app's
  MAX_CONTENT_LENGTH. A Content-Length beyond it is refused before a byte is read, a
  chunked body as soon as it passes it: 413 request_too_large, never parsed.
- Time: the body must be in within BODY_TIMEOUT_SECONDS (`amora serve` sets it to the
  header timeout, SERVER_HEADER_TIMEOUT) plus a second per MIN_RATE bytes announced, else
  408 request_timeout. The deadline is a gevent.Timeout, so it holds where the server
  runs greenlets (`amora serve`); the test client's bodies are in memory already.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import gevent
from flask import Flask, current_app, request
from gevent import monkey
from werkzeug.exceptions import RequestEntityTooLarge, RequestTimeout

# The largest legitimate JSON body is a complaint or appeal (5,000 characters, 100 message
# ids): 20 KB as a browser sends it, 61 KB even with every character \u-escaped.
BODY_LIMIT = 128 * 1024
_UPLOADS = frozenset({"photos.upload"})  # endpoints whose bodies are files
# What werkzeug's form parser reads (FormDataParser.parse): any other body it hands back.
_FORMS = frozenset({"multipart/form-data", "application/x-www-form-urlencoded"})
BODY_TIMEOUT_SECONDS = 30
MIN_RATE = 64 * 1024  # bytes a second: a 15 MB photo may take 30 s + 4 min
TIMEOUT_KEY = "BODY_TIMEOUT_SECONDS"


def init_bodies(app: Flask) -> None:
    """Registered before any other hook (the session lookup, the shared connection)."""
    app.config.setdefault(TIMEOUT_KEY, BODY_TIMEOUT_SECONDS)
    app.before_request(read_body)


def read_body() -> None:
    if not _announced():
        return  # GET, a WebSocket, a bodiless POST: nothing to wait for
    limit: int = current_app.config["MAX_CONTENT_LENGTH"] if request.endpoint in _UPLOADS \
        else BODY_LIMIT
    request.max_content_length = limit
    size = request.content_length or limit
    with _deadline(current_app.config[TIMEOUT_KEY] + size / MIN_RATE):
        # Forms are parsed now (a photo goes to a temporary file), other bodies kept as
        # bytes for get_json; either way the stream is read to its end here. A JSON body
        # skips werkzeug's form parser, which would only hand its stream back (a chat
        # message's CPU, issue 36.3); request.form reads its kept bytes as before.
        data = request.get_data(parse_form_data=request.mimetype in _FORMS)
    if request.content_length is None and len(data) >= limit:
        # A chunked body stops at the limit without a word (werkzeug), and a cut-off body
        # answered 400 as if its JSON were malformed: it is too large.
        raise RequestEntityTooLarge()


def _announced() -> bool:
    environ = request.environ
    if "CONTENT_LENGTH" not in environ and "HTTP_TRANSFER_ENCODING" not in environ:
        return False  # most requests (GETs): no header to read (issue 36.1)
    return bool(request.content_length) or \
        "chunked" in request.headers.get("Transfer-Encoding", "").lower()


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    if not monkey.is_module_patched("socket"):
        yield  # not a greenlet server: nothing here could interrupt a blocked read
        return
    timeout = gevent.Timeout(seconds)
    timeout.start()
    try:
        yield
    except gevent.Timeout as error:
        if error is not timeout:
            raise
        raise RequestTimeout() from None
    finally:
        timeout.close()
