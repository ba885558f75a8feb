"""A transaction per use case: it rolls back unless the use case commits.

Within a request (see SharedConnection) the use cases take turns on one pooled
connection, each still in a transaction of its own."""

from __future__ import annotations

import importlib
import weakref
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, event

if TYPE_CHECKING:  # the repositories' modules are imported when first used
    from adapters.sql.accounts import SqlLoginFailures, SqlSessions, SqlTokens
    from adapters.sql.appeals import SqlAppeals
    from adapters.sql.blocklists import SqlBlocklists
    from adapters.sql.chats import SqlChatQueries, SqlChats
    from adapters.sql.complaints import SqlComplaintQueries, SqlComplaints
    from adapters.sql.credits import SqlLedger
    from adapters.sql.decisions import SqlDecisions
    from adapters.sql.direct_debit import SqlDirectDebit
    from adapters.sql.discovery import SqlDiscovery
    from adapters.sql.figures import SqlFigures
    from adapters.sql.landers import SqlLanders
    from adapters.sql.likes import SqlLikeQueries, SqlLikes
    from adapters.sql.members import SqlMembers
    from adapters.sql.notifications import SqlNotificationQueries, SqlNotifications
    from adapters.sql.outbox import SqlOutbox
    from adapters.sql.passkeys import SqlPasskeys
    from adapters.sql.personal_data import SqlPersonalData
    from adapters.sql.presence import SqlLastSeen
    from adapters.sql.receipts import SqlReceipts
    from adapters.sql.repositories import (
        SqlAuditLog,
        SqlCompanies,
        SqlPhotoQueries,
        SqlPhotos,
        SqlSites,
    )
    from adapters.sql.shop import (
        SqlBundles,
        SqlDiscountCodes,
        SqlMemberFlags,
        SqlOrders,
        SqlShopQueries,
    )
    from adapters.sql.transparency import SqlTransparency
    from adapters.sql.trust import SqlTrust
    from adapters.sql.two_factor import SqlTwoFactor
    from adapters.sql.withdrawals import SqlWithdrawals


def _now() -> datetime:
    return datetime.now(UTC)


class SharedConnection:
    """One pooled connection for all the units of work of one request (one checkout
    instead of one per use case), taken on first use and given back by close().

    Each unit of work still runs its own transaction on it, so a use case's commit is a
    real commit and its failure rolls back only its own changes. A unit of work opened
    while another is still open (a use case inside a use case) gets a connection of its
    own, exactly as without sharing."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._connection: Connection | None = None
        self._token = _shared.set(self)

    def take(self, engine: Engine) -> Connection | None:
        """The shared connection, if it is free for a new transaction on ``engine``."""
        if engine is not self._engine:
            return None
        if self._connection is None:
            self._connection = engine.connect()
        elif self._connection.in_transaction():
            return None
        return self._connection

    def close(self) -> None:
        try:
            _shared.reset(self._token)
        except (ValueError, RuntimeError):  # closed twice, or in another context
            _shared.set(None)
        if self._connection is not None:
            self._connection.close()
            self._connection = None


_shared: ContextVar[SharedConnection | None] = ContextVar("amora_shared_connection",
                                                           default=None)


_watched: weakref.WeakSet[Engine] = weakref.WeakSet()


def _note_writes(connection: Connection, _cursor: Any, statement: str, *_: Any) -> None:
    if statement.lstrip()[:6].upper() not in ("SELECT", "SET LO"):  # SET LOCAL: a setting
        connection.info["wrote"] = True


def _watch(engine: Engine) -> None:
    if engine not in _watched:
        event.listen(engine, "before_cursor_execute", _note_writes)
        _watched.add(engine)


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """A repository's class, imported when a unit of work first uses one: a process or
    command loads the SQL of the repositories it touches, not all thirty (issue 32.7)."""

    def make(connection: Connection, *more: Any) -> Any:
        return getattr(importlib.import_module(module), name)(connection, *more)

    return make


# Built on first use within a unit of work: most use cases touch two or three of them.
_REPOSITORIES: dict[str, Callable[[Connection], Any]] = {
    "sites": _lazy("adapters.sql.repositories", "SqlSites"),
    "companies": _lazy("adapters.sql.repositories", "SqlCompanies"),
    "members": _lazy("adapters.sql.members", "SqlMembers"),
    "photos": _lazy("adapters.sql.repositories", "SqlPhotos"),
    "audit": _lazy("adapters.sql.repositories", "SqlAuditLog"),
    "sessions": _lazy("adapters.sql.accounts", "SqlSessions"),
    "tokens": _lazy("adapters.sql.accounts", "SqlTokens"),
    "login_failures": _lazy("adapters.sql.accounts", "SqlLoginFailures"),
    "two_factor": _lazy("adapters.sql.two_factor", "SqlTwoFactor"),
    "passkeys": _lazy("adapters.sql.passkeys", "SqlPasskeys"),
    "discovery": _lazy("adapters.sql.discovery", "SqlDiscovery"),
    "likes": _lazy("adapters.sql.likes", "SqlLikes"),
    "ledger": _lazy("adapters.sql.credits", "SqlLedger"),
    "chats": _lazy("adapters.sql.chats", "SqlChats"),
    "bundles": _lazy("adapters.sql.shop", "SqlBundles"),
    "discount_codes": _lazy("adapters.sql.shop", "SqlDiscountCodes"),
    "orders": _lazy("adapters.sql.shop", "SqlOrders"),
    "member_flags": _lazy("adapters.sql.shop", "SqlMemberFlags"),
    "direct_debit": _lazy("adapters.sql.direct_debit", "SqlDirectDebit"),
    "shop_queries": _lazy("adapters.sql.shop", "SqlShopQueries"),
    "notifications": _lazy("adapters.sql.notifications", "SqlNotifications"),
    "notification_queries": _lazy("adapters.sql.notifications", "SqlNotificationQueries"),
    "landers": _lazy("adapters.sql.landers", "SqlLanders"),
    "complaints": _lazy("adapters.sql.complaints", "SqlComplaints"),
    "figures": _lazy("adapters.sql.figures", "SqlFigures"),
    "chat_queries": _lazy("adapters.sql.chats", "SqlChatQueries"),
    "like_queries": _lazy("adapters.sql.likes", "SqlLikeQueries"),
    "photo_queries": _lazy("adapters.sql.repositories", "SqlPhotoQueries"),
    "complaint_queries": _lazy("adapters.sql.complaints", "SqlComplaintQueries"),
    "appeals": _lazy("adapters.sql.appeals", "SqlAppeals"),
    "personal_data": _lazy("adapters.sql.personal_data", "SqlPersonalData"),
    "last_seen": _lazy("adapters.sql.presence", "SqlLastSeen"),
    "decisions": _lazy("adapters.sql.decisions", "SqlDecisions"),
    "audit_queries": _lazy("adapters.sql.repositories", "SqlAuditLog"),
    "transparency": _lazy("adapters.sql.transparency", "SqlTransparency"),
    "trust": _lazy("adapters.sql.trust", "SqlTrust"),
    "withdrawals": _lazy("adapters.sql.withdrawals", "SqlWithdrawals"),
    "blocklists": _lazy("adapters.sql.blocklists", "SqlBlocklists"),
    "receipts": _lazy("adapters.sql.receipts", "SqlReceipts"),
    "jobs": lambda connection: _lazy("adapters.sql.outbox", "SqlOutbox")(connection, _now),
}


class SqlUnitOfWork:
    sites: SqlSites
    companies: SqlCompanies
    members: SqlMembers
    photos: SqlPhotos
    photo_queries: SqlPhotoQueries
    audit: SqlAuditLog
    audit_queries: SqlAuditLog
    sessions: SqlSessions
    tokens: SqlTokens
    login_failures: SqlLoginFailures
    two_factor: SqlTwoFactor
    passkeys: SqlPasskeys
    discovery: SqlDiscovery
    likes: SqlLikes
    like_queries: SqlLikeQueries
    ledger: SqlLedger
    chats: SqlChats
    chat_queries: SqlChatQueries
    bundles: SqlBundles
    discount_codes: SqlDiscountCodes
    orders: SqlOrders
    receipts: SqlReceipts
    member_flags: SqlMemberFlags
    direct_debit: SqlDirectDebit
    shop_queries: SqlShopQueries
    notifications: SqlNotifications
    notification_queries: SqlNotificationQueries
    landers: SqlLanders
    complaints: SqlComplaints
    complaint_queries: SqlComplaintQueries
    figures: SqlFigures
    appeals: SqlAppeals
    decisions: SqlDecisions
    trust: SqlTrust
    withdrawals: SqlWithdrawals
    blocklists: SqlBlocklists
    transparency: SqlTransparency
    personal_data: SqlPersonalData  # read only
    last_seen: SqlLastSeen
    jobs: SqlOutbox

    def __init__(self, engine: Engine, single_read: bool = False) -> None:
        self._engine = engine
        self._connection: Connection | None = None
        self._owned = True
        # SQLite's driver opens no transaction for a read anyway; PostgreSQL's would
        # send BEGIN and COMMIT around the one statement.
        self._autocommit = single_read and engine.dialect.name == "postgresql"
        _watch(engine)

    def __enter__(self) -> SqlUnitOfWork:
        shared = _shared.get()
        connection = shared.take(self._engine) if shared else None
        self._owned = connection is None
        self._connection = connection or self._engine.connect()
        if self._autocommit:
            self._connection.execution_options(isolation_level="AUTOCOMMIT")
        self._connection.begin()
        self._new_transaction()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        assert self._connection is not None
        try:
            if kind is None and not self._connection.info.get("wrote", True):
                # Only read: end it with COMMIT, which is the same to the database,
                # because psycopg forgets its prepared statements on every ROLLBACK
                # (and the session lookup's join costs more to plan than to run).
                self._connection.commit()
            else:
                self._connection.rollback()  # a no-op after commit
        finally:
            if self._autocommit and not self._owned:  # the request's next use case
                self._connection.execution_options(
                    isolation_level=self._connection.default_isolation_level)
            if self._owned:
                self._connection.close()
            self._connection = None
            for name in _REPOSITORIES:  # they hold the connection given back above
                self.__dict__.pop(name, None)

    def __getattr__(self, name: str) -> Any:
        make = _REPOSITORIES.get(name)
        connection = self.__dict__.get("_connection")
        if make is None or connection is None:
            raise AttributeError(name)
        repository = make(connection)
        setattr(self, name, repository)
        return repository

    def _new_transaction(self) -> None:
        assert self._connection is not None
        self._connection.info["wrote"] = False
        self._connection.info.pop("custom_plans", None)  # SET LOCAL ends with a transaction

    def commit(self) -> None:
        assert self._connection is not None
        self._connection.commit()
        self._connection.begin()
        self._new_transaction()
