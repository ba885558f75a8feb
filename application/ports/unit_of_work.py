"""One transaction over every repository.

The ports are imported for the type checker only: a use case that imports this module
does not load every port (and the domain behind them) at run time."""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the repositories' ports, named in annotations only
    from application.ports.accounts import LoginFailureLog, SessionRepository, TokenRepository
    from application.ports.appeals import AppealRepository
    from application.ports.audit import AuditLog, AuditQueries
    from application.ports.blocklists import BlocklistRepository
    from application.ports.chat import ChatQueries, ChatRepository
    from application.ports.complaints import ComplaintQueries, ComplaintRepository
    from application.ports.credits import LedgerRepository
    from application.ports.decisions import DecisionRepository
    from application.ports.direct_debit import DirectDebitRepository
    from application.ports.discovery import DiscoveryRepository
    from application.ports.figures import FiguresRepository
    from application.ports.jobs import JobOutbox
    from application.ports.landers import LanderRepository
    from application.ports.likes import LikeQueries, LikesRepository
    from application.ports.members import MemberRepository
    from application.ports.notifications import NotificationQueries, NotificationRepository
    from application.ports.passkeys import PasskeyRepository
    from application.ports.personal_data import PersonalDataQueries
    from application.ports.photos import PhotoQueries, PhotoRepository
    from application.ports.presence import LastSeen
    from application.ports.receipts import ReceiptRepository
    from application.ports.shop import (
        BundleRepository,
        DiscountCodeRepository,
        MemberFlags,
        OrderRepository,
        ShopQueries,
    )
    from application.ports.sites import CompanyRepository, SiteRepository
    from application.ports.transparency import TransparencyQueries
    from application.ports.trust import TrustRepository
    from application.ports.two_factor import TwoFactorRepository
    from application.ports.withdrawals import WithdrawalRepository


class UnitOfWork(Protocol):
    """One transaction: nothing is kept unless ``commit`` is called before the block ends."""

    sites: SiteRepository
    companies: CompanyRepository
    members: MemberRepository
    photos: PhotoRepository
    photo_queries: PhotoQueries  # read only
    audit: AuditLog
    audit_queries: AuditQueries  # read only
    sessions: SessionRepository
    tokens: TokenRepository
    login_failures: LoginFailureLog
    two_factor: TwoFactorRepository  # the authenticator secret and recovery codes
    passkeys: PasskeyRepository  # and their challenges (issue 33.1)
    discovery: DiscoveryRepository
    likes: LikesRepository
    like_queries: LikeQueries  # read only
    ledger: LedgerRepository
    chats: ChatRepository
    chat_queries: ChatQueries  # read only
    bundles: BundleRepository
    discount_codes: DiscountCodeRepository
    orders: OrderRepository
    receipts: ReceiptRepository  # numbered without gaps per company and year
    member_flags: MemberFlags
    direct_debit: DirectDebitRepository
    shop_queries: ShopQueries  # read only
    notifications: NotificationRepository
    notification_queries: NotificationQueries  # read only
    landers: LanderRepository
    complaints: ComplaintRepository
    complaint_queries: ComplaintQueries  # read only
    figures: FiguresRepository
    appeals: AppealRepository
    decisions: DecisionRepository
    trust: TrustRepository  # the trust cap's facts and the opener fingerprints
    withdrawals: WithdrawalRepository  # from purchases (issue 34.2)
    blocklists: BlocklistRepository
    transparency: TransparencyQueries  # read only
    personal_data: PersonalDataQueries  # read only
    last_seen: LastSeen
    jobs: JobOutbox

    def __enter__(self) -> UnitOfWork: ...
    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...
    def commit(self) -> None: ...


class UnitOfWorkFactory(Protocol):
    """``single_read``: the use case makes one read and no write, so it needs no
    transaction (one statement is its own snapshot); the database is spared its BEGIN and
    COMMIT, two of the three round trips of a session lookup."""

    def __call__(self, *, single_read: bool = False) -> UnitOfWork: ...
