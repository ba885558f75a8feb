"""What every unit of work is, whatever it holds: one transaction, opened by ``with``.

Nothing is kept unless ``commit`` is called before the block ends: leaving the block
without it (or by an exception) rolls back. The repositories each use case may touch are
named by the area protocols in application/ports/units.py."""

from __future__ import annotations

from types import TracebackType
from typing import Protocol, Self, TypeVar


class Transaction(Protocol):
    def __enter__(self) -> Self: ...
    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...
    def commit(self) -> None: ...


Unit = TypeVar("Unit", bound=Transaction, covariant=True)


class UnitFactory(Protocol[Unit]):
    """Opens a unit of work of one area (``UnitFactory[ChatUnit]``).

    ``reads_only``: the use case writes nothing and each of its reads stands on its own
    (one statement is its own snapshot; a search's place and page, say, need not share
    one), so it needs no transaction: the database is spared its BEGIN and COMMIT, two
    round trips (a session lookup: two of three; a search: two of four).

    ``searches``: the unit runs member searches, whose statements are best planned for
    their values each time (who is searched for changes the best plan), unlike the rest
    of the app's, which run best on plans the database keeps."""

    def __call__(self, *, reads_only: bool = False, searches: bool = False) -> Unit: ...
