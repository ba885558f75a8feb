"""Live events to whoever listens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class EventBus(Protocol):
    """Fan-out of events to whoever listens (WebSocket connections, other processes)."""

    def publish(self, channel: str, event: dict[str, Any]) -> None: ...
    def subscribe(self, channel: str,
                  listener: Callable[[dict[str, Any]], None]) -> Callable[[], None]:
        """Call ``listener`` with every event on ``channel``; returns the unsubscribe."""
        ...


def member_channel(member_id: int) -> str:
    return f"member:{member_id}"
