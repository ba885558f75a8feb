"""What `amora today` reads (issue 32.6): one consistent, read-only look at the counts
(domain.today says what they mean)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Protocol

from domain.today import Activity, Outbox, Queues, Window


class TodayReading(Protocol):
    def activity(self, site_ids: Sequence[int], windows: Sequence[Window]
                 ) -> Mapping[int, Sequence[Activity]]:
        """Per site (every one asked for, zeros included): what happened in each window."""
        ...

    def queues(self, site_ids: Sequence[int]) -> Mapping[int, Queues]:
        """Per site (every one asked for): what waits now."""
        ...

    def outbox(self, failed_since: datetime) -> Outbox:
        """The deployment's background jobs; ``failed_today`` counts those given up since
        ``failed_since``."""
        ...

    def server_errors(self, since: datetime) -> Mapping[int, int]:
        """5xx responses the app answered since then, per status."""
        ...


class TodayReadings(Protocol):
    def __call__(self) -> AbstractContextManager[TodayReading]:
        """A reading: every count in it is of the same moment (one snapshot)."""
        ...
