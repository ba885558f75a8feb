"""Which members' sign-ins a transaction changed (issue 36.1): the repositories note a
member whose account or sessions they wrote (a ban, a closed account, a new password, a
revoked or ended session, any member row saved), and once the unit of work commits, the
listeners hear them: the HTTP app forgets them in its memory of sign-ins and announces
them to the other processes (adapters/http/session.py). So a remembered sign-in never
outlives such a change made by a serving process, whichever use case made it, event or
not. (A command line or a job announces what matters by the events it publishes: a ban's
SessionRevoked.)"""

from __future__ import annotations

import weakref
from collections.abc import Collection
from typing import Protocol

from sqlalchemy import Connection, Engine


class Listener(Protocol):
    def heard_written(self, engine: Engine, members: Collection[int]) -> None: ...


_NOTED = "accounts_written"
_listeners: weakref.WeakSet[Listener] = weakref.WeakSet()


def listen(listener: Listener) -> None:
    """``listener`` hears the members of every commit of this process from now on, with
    the engine committed on (held weakly: an app that is gone stops hearing)."""
    _listeners.add(listener)


def note(connection: Connection, member_id: int) -> None:
    connection.info.setdefault(_NOTED, set()).add(member_id)


def forget_noted(connection: Connection) -> None:
    """A new transaction starts with nothing noted (the pooled connection's info stays)."""
    connection.info.pop(_NOTED, None)


def committed(connection: Connection) -> None:
    """The transaction's writes are in: its noted members are told to every listener."""
    members = connection.info.pop(_NOTED, None)
    if members:
        for listener in list(_listeners):
            listener.heard_written(connection.engine, members)
