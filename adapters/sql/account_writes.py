"""Which members' sign-ins a transaction changed (issue 36.1): the repositories note a
member whose account or sessions they wrote (a ban, a closed account, a new password, a
revoked or ended session, any member row saved, their photos), and once the unit of work
commits, it hands them to the announcer it was built with. The container builds every
unit of work with one (adapters/container.py: ``account_writes``), in every process (the
web app, the command line, the worker, the scheduler), so what any process commits is
announced: every process forgets the member's remembered sign-in at once
(adapters/events/announced_writes.py), whichever use case wrote it, event or not."""

from __future__ import annotations

from collections.abc import Callable, Collection

from sqlalchemy import Connection

# Told the members of each commit that wrote accounts or sessions.
Announce = Callable[[Collection[int]], None]

_NOTED = "accounts_written"


def note(connection: Connection, member_id: int) -> None:
    connection.info.setdefault(_NOTED, set()).add(member_id)


def forget_noted(connection: Connection) -> None:
    """A new transaction starts with nothing noted (the pooled connection's info stays)."""
    connection.info.pop(_NOTED, None)


def committed(connection: Connection, announce: Announce | None) -> None:
    """The transaction's writes are in: its noted members are announced."""
    members = connection.info.pop(_NOTED, None)
    if members and announce is not None:
        announce(members)
