"""What an outage of the database or Redis raises: the HTTP app answers these with 503
and Retry-After, live sockets close with 1013 (try again later), session checks skip a
round. Kept apart from both so neither imports the other for it."""

from __future__ import annotations

import sys

from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

SQL_OUTAGES: tuple[type[Exception], ...] = (OperationalError, InterfaceError,
                                            DisconnectionError, PoolTimeout)


def redis_outages() -> tuple[type[Exception], ...]:
    """Redis's lost connection and timeout, once its client is loaded; none before, when
    nothing can raise them. A process without REDIS_URL never loads the client (a server
    started 50 ms sooner, issue 36.5). An `except` clause reads this only when something
    was raised."""
    loaded = sys.modules.get("redis.exceptions")
    if loaded is None:
        return ()
    return (loaded.ConnectionError, loaded.TimeoutError)


def outages() -> tuple[type[Exception], ...]:
    return SQL_OUTAGES + redis_outages()
