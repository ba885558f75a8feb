"""A transaction per use case: it rolls back unless the use case commits."""

from __future__ import annotations

from datetime import UTC, datetime
from types import TracebackType

from sqlalchemy import Connection, Engine

from adapters.sql.accounts import SqlLoginFailures, SqlSessions, SqlTokens
from adapters.sql.chats import SqlChats
from adapters.sql.credits import SqlLedger
from adapters.sql.discovery import SqlDiscovery
from adapters.sql.landers import SqlComplaints, SqlLanders
from adapters.sql.likes import SqlLikes
from adapters.sql.members import SqlMembers
from adapters.sql.notifications import SqlNotifications
from adapters.sql.outbox import SqlOutbox
from adapters.sql.repositories import SqlAuditLog, SqlCompanies, SqlPhotos, SqlSites
from adapters.sql.shop import SqlShop


def _now() -> datetime:
    return datetime.now(UTC)


class SqlUnitOfWork:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._connection: Connection | None = None

    def __enter__(self) -> SqlUnitOfWork:
        self._connection = self._engine.connect()
        self._connection.begin()
        self.sites = SqlSites(self._connection)
        self.companies = SqlCompanies(self._connection)
        self.members = SqlMembers(self._connection)
        self.photos = SqlPhotos(self._connection)
        self.audit = SqlAuditLog(self._connection)
        self.sessions = SqlSessions(self._connection)
        self.tokens = SqlTokens(self._connection)
        self.login_failures = SqlLoginFailures(self._connection)
        self.discovery = SqlDiscovery(self._connection)
        self.likes = SqlLikes(self._connection)
        self.ledger = SqlLedger(self._connection)
        self.chats = SqlChats(self._connection)
        self.shop = SqlShop(self._connection)
        self.notifications = SqlNotifications(self._connection)
        self.landers = SqlLanders(self._connection)
        self.complaints = SqlComplaints(self._connection)
        self.jobs = SqlOutbox(self._connection, _now)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        assert self._connection is not None
        try:
            self._connection.rollback()  # a no-op after commit
        finally:
            self._connection.close()
            self._connection = None

    def commit(self) -> None:
        assert self._connection is not None
        self._connection.commit()
        self._connection.begin()
