"""One database connection per request: every use case a request runs (the session
lookup, the change, the answer) takes its turn on the same pooled connection, so a
request checks out one connection instead of one per use case."""

from __future__ import annotations

from flask import Flask, g, request

from adapters.http.composition import container_of
from adapters.sql.shared_connection import SharedConnection

# A live socket's request lasts as long as the socket: it must not hold a connection.
_LONG_LIVED = {"realtime.live"}


def init_request_connection(app: Flask) -> None:
    engine = container_of(app).engine

    @app.before_request
    def share_connection() -> None:
        if request.endpoint not in _LONG_LIVED:
            g.shared_connection = SharedConnection(engine())

    @app.teardown_request
    def give_back_connection(_error: BaseException | None) -> None:
        shared = g.pop("shared_connection", None)
        if shared is not None:
            shared.close()
