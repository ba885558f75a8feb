"""The units of work by area: each names only the repositories its use cases touch, so a
use case's signature says what it reads and writes (``uow: UnitFactory[ShopUnit]``).

There is one real unit of work (adapters/sql/unit_of_work.py) and one fake
(tests/application/memory.py); both hold every repository and so satisfy every area.
Properties, not attributes: a use case reads its repositories, it never replaces them.

The ports are imported for the type checker only: a use case that imports this module
does not load every port (and the domain behind them) at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from application.ports.transaction import Transaction

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


class CoreUnit(Transaction, Protocol):
    """What nearly every use case reads or writes: the site it runs on, its members, the
    audit log and the outbox of jobs run after commit."""

    @property
    def sites(self) -> SiteRepository: ...
    @property
    def members(self) -> MemberRepository: ...
    @property
    def audit(self) -> AuditLog: ...
    @property
    def jobs(self) -> JobOutbox: ...


class SitesUnit(CoreUnit, Protocol):
    """Sites and the companies behind them; a new site copies its template's price list."""

    @property
    def companies(self) -> CompanyRepository: ...
    @property
    def bundles(self) -> BundleRepository: ...
    @property
    def discount_codes(self) -> DiscountCodeRepository: ...
    @property
    def complaint_queries(self) -> ComplaintQueries: ...  # read only


class AccountsUnit(CoreUnit, Protocol):
    """Signing up and in, sessions, credentials (password, authenticator, passkeys) and
    closing an account."""

    @property
    def companies(self) -> CompanyRepository: ...
    @property
    def photos(self) -> PhotoRepository: ...
    @property
    def sessions(self) -> SessionRepository: ...
    @property
    def tokens(self) -> TokenRepository: ...
    @property
    def login_failures(self) -> LoginFailureLog: ...
    @property
    def two_factor(self) -> TwoFactorRepository: ...  # the authenticator and recovery codes
    @property
    def passkeys(self) -> PasskeyRepository: ...  # and their challenges (issue 33.1)
    @property
    def notifications(self) -> NotificationRepository: ...
    @property
    def ledger(self) -> LedgerRepository: ...  # the signup bonus
    @property
    def decisions(self) -> DecisionRepository: ...
    @property
    def appeals(self) -> AppealRepository: ...
    @property
    def blocklists(self) -> BlocklistRepository: ...  # screening a signup
    @property
    def last_seen(self) -> LastSeen: ...
    @property
    def personal_data(self) -> PersonalDataQueries: ...  # read only: the data export
    @property
    def discovery(self) -> DiscoveryRepository: ...  # a member listed or unlisted


class SocialUnit(CoreUnit, Protocol):
    """Finding members, their profiles and photos, likes and games."""

    @property
    def decisions(self) -> DecisionRepository: ...  # why a photo of one's own was rejected
    @property
    def photos(self) -> PhotoRepository: ...
    @property
    def discovery(self) -> DiscoveryRepository: ...
    @property
    def likes(self) -> LikesRepository: ...
    @property
    def like_queries(self) -> LikeQueries: ...  # read only
    @property
    def chats(self) -> ChatRepository: ...  # who wrote to whom opens a profile
    @property
    def last_seen(self) -> LastSeen: ...
    @property
    def landers(self) -> LanderRepository: ...
    @property
    def member_flags(self) -> MemberFlags: ...


class ChatUnit(CoreUnit, Protocol):
    """Conversations, what they cost and the shield and trust rules over first messages."""

    @property
    def photos(self) -> PhotoRepository: ...  # the partner's card and gallery
    @property
    def complaints(self) -> ComplaintRepository: ...  # a hold names the notice behind it
    @property
    def chats(self) -> ChatRepository: ...
    @property
    def chat_queries(self) -> ChatQueries: ...  # read only
    @property
    def discovery(self) -> DiscoveryRepository: ...
    @property
    def likes(self) -> LikesRepository: ...
    @property
    def ledger(self) -> LedgerRepository: ...
    @property
    def last_seen(self) -> LastSeen: ...
    @property
    def decisions(self) -> DecisionRepository: ...
    @property
    def trust(self) -> TrustRepository: ...  # the trust cap's facts, opener fingerprints


class ShopUnit(CoreUnit, Protocol):
    """Bundles, orders, receipts, direct debit, withdrawals and the credits they buy."""

    @property
    def decisions(self) -> DecisionRepository: ...  # credits taken, direct debit blocked
    @property
    def complaints(self) -> ComplaintRepository: ...
    @property
    def companies(self) -> CompanyRepository: ...
    @property
    def bundles(self) -> BundleRepository: ...
    @property
    def discount_codes(self) -> DiscountCodeRepository: ...
    @property
    def orders(self) -> OrderRepository: ...
    @property
    def receipts(self) -> ReceiptRepository: ...  # numbered without gaps per company, year
    @property
    def member_flags(self) -> MemberFlags: ...
    @property
    def direct_debit(self) -> DirectDebitRepository: ...
    @property
    def shop_queries(self) -> ShopQueries: ...  # read only
    @property
    def ledger(self) -> LedgerRepository: ...
    @property
    def withdrawals(self) -> WithdrawalRepository: ...  # from purchases (issue 34.2)
    @property
    def sessions(self) -> SessionRepository: ...  # the step-up before a mandate


class SafetyUnit(CoreUnit, Protocol):
    """Moderation: complaints, decisions and appeals, photos under review, block lists,
    the shield's holds and bans."""

    @property
    def discovery(self) -> DiscoveryRepository: ...  # relisting; what a reporter could see
    @property
    def likes(self) -> LikesRepository: ...
    @property
    def sessions(self) -> SessionRepository: ...
    @property
    def photos(self) -> PhotoRepository: ...
    @property
    def photo_queries(self) -> PhotoQueries: ...  # read only
    @property
    def chats(self) -> ChatRepository: ...
    @property
    def chat_queries(self) -> ChatQueries: ...  # read only
    @property
    def complaints(self) -> ComplaintRepository: ...
    @property
    def complaint_queries(self) -> ComplaintQueries: ...  # read only
    @property
    def decisions(self) -> DecisionRepository: ...
    @property
    def appeals(self) -> AppealRepository: ...
    @property
    def blocklists(self) -> BlocklistRepository: ...
    @property
    def trust(self) -> TrustRepository: ...
    @property
    def member_flags(self) -> MemberFlags: ...
    @property
    def ledger(self) -> LedgerRepository: ...  # an undone decision gives credits back
    @property
    def login_failures(self) -> LoginFailureLog: ...  # a banned member's appeal signs in
    @property
    def two_factor(self) -> TwoFactorRepository: ...


class NoticesUnit(CoreUnit, Protocol):
    """Notifications, their settings and the mails that tell members what happened."""

    @property
    def companies(self) -> CompanyRepository: ...
    @property
    def sessions(self) -> SessionRepository: ...
    @property
    def tokens(self) -> TokenRepository: ...
    @property
    def notifications(self) -> NotificationRepository: ...
    @property
    def notification_queries(self) -> NotificationQueries: ...  # read only
    @property
    def chat_queries(self) -> ChatQueries: ...  # read only
    @property
    def like_queries(self) -> LikeQueries: ...  # read only
    @property
    def orders(self) -> OrderRepository: ...
    @property
    def receipts(self) -> ReceiptRepository: ...
    @property
    def complaints(self) -> ComplaintRepository: ...
    @property
    def decisions(self) -> DecisionRepository: ...
    @property
    def appeals(self) -> AppealRepository: ...


class ReportsUnit(CoreUnit, Protocol):
    """The operator's reads: figures, landing pages, transparency counts, the audit log."""

    @property
    def companies(self) -> CompanyRepository: ...
    @property
    def figures(self) -> FiguresRepository: ...
    @property
    def landers(self) -> LanderRepository: ...
    @property
    def discovery(self) -> DiscoveryRepository: ...
    @property
    def decisions(self) -> DecisionRepository: ...
    @property
    def transparency(self) -> TransparencyQueries: ...  # read only
    @property
    def audit_queries(self) -> AuditQueries: ...  # read only
    @property
    def personal_data(self) -> PersonalDataQueries: ...  # read only
