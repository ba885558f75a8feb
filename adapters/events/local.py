"""The in-process event bus (embedded default): listeners in this process hear events
published in this process."""

from __future__ import annotations

import logging
import threading
from collections import defaultdict
from collections.abc import Callable, Sequence

from application.ports.events import Event

Listener = Callable[[Event], None]
log = logging.getLogger(__name__)


class LocalEventBus:
    def __init__(self) -> None:
        self._listeners: dict[str, list[Listener]] = defaultdict(list)
        self._lock = threading.Lock()

    def publish(self, channel: str, event: Event) -> None:
        self.deliver(channel, event)

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        for channel, event in published:
            self.deliver(channel, event)

    def deliver(self, channel: str, event: Event) -> None:
        with self._lock:
            listeners = list(self._listeners.get(channel, ()))
        for listener in listeners:
            try:
                listener(event)
            except Exception:  # one broken connection must not stop the others
                log.exception("event listener failed on %s", channel)

    def subscribe(self, channel: str, listener: Listener) -> Callable[[], None]:
        with self._lock:
            self._listeners[channel].append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners.get(channel, []):
                    self._listeners[channel].remove(listener)
                    if not self._listeners[channel]:
                        del self._listeners[channel]

        return unsubscribe

    def listening(self, channel: str) -> bool:
        with self._lock:
            return bool(self._listeners.get(channel))
