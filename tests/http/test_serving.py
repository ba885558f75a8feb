"""The built-in server `amora serve` runs: no version banner in its answers."""

from __future__ import annotations

import http.client
import threading

from flask import Flask
from werkzeug.serving import make_server

from adapters.http.serving import PlainRequestHandler


def test_answers_name_no_server_or_python_version(app: Flask) -> None:
    server = make_server("127.0.0.1", 0, app, threaded=True,
                         request_handler=PlainRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for path in ("/api/user", "/", "/api/nowhere"):
            connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
            connection.request("GET", path)
            answer = connection.getresponse()
            answer.read()
            connection.close()
            assert answer.getheader("Server") == "Amora", path
    finally:
        server.shutdown()


def test_amora_serve_uses_the_plain_handler(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import werkzeug.serving

    from cli import main

    calls = []
    monkeypatch.setattr(werkzeug.serving, "run_simple", lambda *a, **kw: calls.append(kw))
    monkeypatch.setattr(main, "container", lambda: _NoWorker())
    monkeypatch.setattr("adapters.http.app.create_app", lambda built: None)
    main.serve(host="127.0.0.1", port=0)
    assert calls[0]["request_handler"] is PlainRequestHandler


class _NoWorker:
    class _Config:
        worker_in_process = False
        host, port = "127.0.0.1", 0

    def config(self) -> _Config:
        return self._Config()
