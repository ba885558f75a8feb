"""psycopg cursors whose `description` describes a column only when it is read.

SQLAlchemy reads `cursor.description` after every statement, but for a statement whose
compiled form it keeps (all of the app's) it only looks whether there is one: the
columns' names and types come from what it kept. psycopg builds a `Column` for every
column of the result each time it is read, which for a chat message's read of the
recipient (50 columns, adapters/sql/chat_sends.py) cost about 45 us of the worker's CPU
per message, for a list nobody looked into (issue 36.3).

The description here is the same sequence of psycopg's own `Column`s, built on first
use from the result it was made for (a later statement on the cursor does not change
it); tests/adapters/test_sql.py compares it with psycopg's, attribute by attribute."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from psycopg import Column, Cursor, pq

_DESCRIBED = (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.SINGLE_TUPLE, pq.ExecStatus.TUPLES_CHUNK)


class DescribedLater(Cursor[Any]):
    """The cursor SQLAlchemy's engine creates on PostgreSQL (adapters/sql/engine.py)."""

    @property
    def description(self) -> Sequence[Column] | None:  # type: ignore[override]
        result = self.pgresult
        # psycopg's own condition: columns, or a statement that said it returned rows.
        if result and (result.nfields or result.status in _DESCRIBED):
            return _Description(self, result)
        return None


class _ResultOf:
    """What a `Column` reads of its cursor (psycopg's _column.py), as it was for one
    result: the cursor may run another statement before the columns are read."""

    __slots__ = ("pgresult", "_encoding", "adapters")

    def __init__(self, cursor: Cursor[Any], result: pq.abc.PGresult) -> None:
        self.pgresult, self._encoding, self.adapters = result, cursor._encoding, cursor.adapters


class _Description(Sequence[Column]):
    __slots__ = ("_of", "_count", "_columns")

    def __init__(self, cursor: Cursor[Any], result: pq.abc.PGresult) -> None:
        self._of: tuple[Cursor[Any], pq.abc.PGresult] | None = (cursor, result)
        self._count = result.nfields
        self._columns: list[Column] = []

    def _built(self) -> list[Column]:
        if self._of is not None:
            source: Any = _ResultOf(*self._of)
            self._columns = [Column(source, index) for index in range(self._count)]
            self._of = None  # built once: neither the cursor nor its rows held longer
        return self._columns

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Column: ...

    @overload
    def __getitem__(self, index: slice) -> list[Column]: ...

    def __getitem__(self, index: int | slice) -> Column | list[Column]:
        return self._built()[index]

    def __iter__(self) -> Iterator[Column]:
        return iter(self._built())

    def __eq__(self, other: object) -> bool:
        return self._built() == other if isinstance(other, list) else \
            isinstance(other, _Description) and self._built() == other._built()

    __hash__ = None  # type: ignore[assignment]  # a list's equality, and as a list unhashable

    def __repr__(self) -> str:
        return repr(self._built())
