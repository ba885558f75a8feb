"""What an outage of the database or Redis raises: the HTTP app answers these with 503
and Retry-After, live sockets close with 1013 (try again later), session checks skip a
round. Kept apart from both so neither imports the other for it."""

from __future__ import annotations

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

OUTAGES = (OperationalError, InterfaceError, DisconnectionError, PoolTimeout,
           RedisConnectionError, RedisTimeoutError)
