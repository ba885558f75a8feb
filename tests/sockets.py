"""WebSocket clients of the tests (simple-websocket), as the app's pages read /ws."""

from __future__ import annotations

import simple_websocket


def received(ws: simple_websocket.Client, timeout: float) -> str:
    """The next message, a text frame as the app sends them; fails when none came in time."""
    message = ws.receive(timeout=timeout)
    assert isinstance(message, str), f"no text message within {timeout} s: {message!r}"
    return message
