"""A transaction per use case: it rolls back unless the use case commits.

One class satisfies every area's unit of work (application/ports/units.py): each
repository is a typed property, built on first use within the unit and imported then, so
a process or command loads the SQL of the repositories it touches, not all forty (issue
32.7). How the unit gets its connection and ends its transaction (the request's shared
connection, reads_only, reads that end with COMMIT) is adapters/sql/shared_connection.py."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, Engine

from adapters.sql.account_writes import Announce
from adapters.sql.shared_connection import SqlTransaction

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
    from application.ports.unit_of_work import UnitOfWork

Repository = TypeVar("Repository")


def _now() -> datetime:
    return datetime.now(UTC)


class SqlUnitOfWork:
    def __init__(self, engine: Engine, reads_only: bool = False,
                 written: Announce | None = None, searches: bool = False,
                 search_engine: Engine | None = None) -> None:
        """``written``: told the members whose account or sessions each commit wrote
        (adapters/sql/account_writes.py); the container always gives one. ``searches``:
        the unit runs member searches, on ``search_engine``'s connections when there is
        one (adapters/sql/engine.py)."""
        self._transaction = SqlTransaction(engine, reads_only, written,
                                           search_engine if searches else None)
        self._repositories: dict[str, Any] = {}

    def __enter__(self) -> SqlUnitOfWork:
        self._transaction.begin()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        try:
            self._transaction.end(failed=kind is not None)
        finally:
            self._repositories.clear()  # they hold the connection given back

    def commit(self) -> None:
        self._transaction.commit()

    def _built(self, name: str, make: Callable[[Connection], Repository]) -> Repository:
        """The unit's one ``name`` repository, made on first use."""
        if name not in self._repositories:
            connection = self._transaction.connection
            if connection is None:
                raise RuntimeError(f"{name}: a unit of work's repositories live in its with")
            self._repositories[name] = make(connection)
        found: Repository = self._repositories[name]
        return found

    @property
    def sites(self) -> SqlSites:
        from adapters.sql.repositories import SqlSites
        return self._built("sites", SqlSites)

    @property
    def companies(self) -> SqlCompanies:
        from adapters.sql.repositories import SqlCompanies
        return self._built("companies", SqlCompanies)

    @property
    def members(self) -> SqlMembers:
        from adapters.sql.members import SqlMembers
        return self._built("members", SqlMembers)

    @property
    def photos(self) -> SqlPhotos:
        from adapters.sql.repositories import SqlPhotos
        return self._built("photos", SqlPhotos)

    @property
    def audit(self) -> SqlAuditLog:
        from adapters.sql.repositories import SqlAuditLog
        return self._built("audit", SqlAuditLog)

    @property
    def sessions(self) -> SqlSessions:
        from adapters.sql.accounts import SqlSessions
        return self._built("sessions", SqlSessions)

    @property
    def tokens(self) -> SqlTokens:
        from adapters.sql.accounts import SqlTokens
        return self._built("tokens", SqlTokens)

    @property
    def login_failures(self) -> SqlLoginFailures:
        from adapters.sql.accounts import SqlLoginFailures
        return self._built("login_failures", SqlLoginFailures)

    @property
    def two_factor(self) -> SqlTwoFactor:
        from adapters.sql.two_factor import SqlTwoFactor
        return self._built("two_factor", SqlTwoFactor)

    @property
    def passkeys(self) -> SqlPasskeys:
        from adapters.sql.passkeys import SqlPasskeys
        return self._built("passkeys", SqlPasskeys)

    @property
    def discovery(self) -> SqlDiscovery:
        from adapters.sql.discovery import SqlDiscovery
        return self._built("discovery", SqlDiscovery)

    @property
    def likes(self) -> SqlLikes:
        from adapters.sql.likes import SqlLikes
        return self._built("likes", SqlLikes)

    @property
    def ledger(self) -> SqlLedger:
        from adapters.sql.credits import SqlLedger
        return self._built("ledger", SqlLedger)

    @property
    def chats(self) -> SqlChats:
        from adapters.sql.chats import SqlChats
        return self._built("chats", SqlChats)

    @property
    def bundles(self) -> SqlBundles:
        from adapters.sql.shop import SqlBundles
        return self._built("bundles", SqlBundles)

    @property
    def discount_codes(self) -> SqlDiscountCodes:
        from adapters.sql.shop import SqlDiscountCodes
        return self._built("discount_codes", SqlDiscountCodes)

    @property
    def orders(self) -> SqlOrders:
        from adapters.sql.shop import SqlOrders
        return self._built("orders", SqlOrders)

    @property
    def member_flags(self) -> SqlMemberFlags:
        from adapters.sql.shop import SqlMemberFlags
        return self._built("member_flags", SqlMemberFlags)

    @property
    def direct_debit(self) -> SqlDirectDebit:
        from adapters.sql.direct_debit import SqlDirectDebit
        return self._built("direct_debit", SqlDirectDebit)

    @property
    def shop_queries(self) -> SqlShopQueries:
        from adapters.sql.shop import SqlShopQueries
        return self._built("shop_queries", SqlShopQueries)

    @property
    def notifications(self) -> SqlNotifications:
        from adapters.sql.notifications import SqlNotifications
        return self._built("notifications", SqlNotifications)

    @property
    def notification_queries(self) -> SqlNotificationQueries:
        from adapters.sql.notifications import SqlNotificationQueries
        return self._built("notification_queries", SqlNotificationQueries)

    @property
    def landers(self) -> SqlLanders:
        from adapters.sql.landers import SqlLanders
        return self._built("landers", SqlLanders)

    @property
    def complaints(self) -> SqlComplaints:
        from adapters.sql.complaints import SqlComplaints
        return self._built("complaints", SqlComplaints)

    @property
    def figures(self) -> SqlFigures:
        from adapters.sql.figures import SqlFigures
        return self._built("figures", SqlFigures)

    @property
    def chat_queries(self) -> SqlChatQueries:
        from adapters.sql.chats import SqlChatQueries
        return self._built("chat_queries", SqlChatQueries)

    @property
    def like_queries(self) -> SqlLikeQueries:
        from adapters.sql.likes import SqlLikeQueries
        return self._built("like_queries", SqlLikeQueries)

    @property
    def photo_queries(self) -> SqlPhotoQueries:
        from adapters.sql.repositories import SqlPhotoQueries
        return self._built("photo_queries", SqlPhotoQueries)

    @property
    def complaint_queries(self) -> SqlComplaintQueries:
        from adapters.sql.complaints import SqlComplaintQueries
        return self._built("complaint_queries", SqlComplaintQueries)

    @property
    def appeals(self) -> SqlAppeals:
        from adapters.sql.appeals import SqlAppeals
        return self._built("appeals", SqlAppeals)

    @property
    def personal_data(self) -> SqlPersonalData:
        from adapters.sql.personal_data import SqlPersonalData
        return self._built("personal_data", SqlPersonalData)

    @property
    def last_seen(self) -> SqlLastSeen:
        from adapters.sql.presence import SqlLastSeen
        return self._built("last_seen", SqlLastSeen)

    @property
    def decisions(self) -> SqlDecisions:
        from adapters.sql.decisions import SqlDecisions
        return self._built("decisions", SqlDecisions)

    @property
    def audit_queries(self) -> SqlAuditLog:
        from adapters.sql.repositories import SqlAuditLog
        return self._built("audit_queries", SqlAuditLog)

    @property
    def transparency(self) -> SqlTransparency:
        from adapters.sql.transparency import SqlTransparency
        return self._built("transparency", SqlTransparency)

    @property
    def trust(self) -> SqlTrust:
        from adapters.sql.trust import SqlTrust
        return self._built("trust", SqlTrust)

    @property
    def withdrawals(self) -> SqlWithdrawals:
        from adapters.sql.withdrawals import SqlWithdrawals
        return self._built("withdrawals", SqlWithdrawals)

    @property
    def blocklists(self) -> SqlBlocklists:
        from adapters.sql.blocklists import SqlBlocklists
        return self._built("blocklists", SqlBlocklists)

    @property
    def receipts(self) -> SqlReceipts:
        from adapters.sql.receipts import SqlReceipts
        return self._built("receipts", SqlReceipts)

    @property
    def jobs(self) -> SqlOutbox:
        from adapters.sql.outbox import SqlOutbox
        return self._built("jobs", lambda connection: SqlOutbox(connection, _now))


if TYPE_CHECKING:  # the one unit of work is every area's
    def _is_a_unit_of_work(uow: SqlUnitOfWork) -> UnitOfWork:
        return uow
