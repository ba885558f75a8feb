"""The units of work the shared rules take (application/shared/ and the helpers other
use cases call): each names only what its rule reads or writes, so a use case of any area
whose unit holds that can pass its own (protocols are matched by their members, not by
inheritance). A new shared rule takes the smallest of these that fits, or a new one
here: a rule that took the whole UnitOfWork could not be called with an area's unit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from application.ports.units import CoreUnit

if TYPE_CHECKING:  # the repositories' ports, named in annotations only
    from application.ports.accounts import LoginFailureLog, SessionRepository, TokenRepository
    from application.ports.chat import ChatQueries, ChatRepository
    from application.ports.complaints import ComplaintRepository
    from application.ports.credits import LedgerRepository
    from application.ports.decisions import DecisionRepository
    from application.ports.discovery import DiscoveryRepository
    from application.ports.likes import LikesRepository
    from application.ports.notifications import NotificationRepository
    from application.ports.photos import PhotoRepository
    from application.ports.shop import MemberFlags, OrderRepository
    from application.ports.sites import CompanyRepository
    from application.ports.trust import TrustRepository
    from application.ports.two_factor import TwoFactorRepository


class PhotosUnit(CoreUnit, Protocol):
    """A member's card and photos (shared/cards, shared/listings)."""

    @property
    def photos(self) -> PhotoRepository: ...


class ListingUnit(PhotosUnit, Protocol):
    """Who is listed in searches (shared/listings)."""

    @property
    def discovery(self) -> DiscoveryRepository: ...


class LedgerUnit(CoreUnit, Protocol):
    """Booking credits (shared/ledger)."""

    @property
    def ledger(self) -> LedgerRepository: ...


class DecisionsUnit(CoreUnit, Protocol):
    """Reading and lifting decisions (shared/decisions, the shield's holds)."""

    @property
    def decisions(self) -> DecisionRepository: ...


class DecidingUnit(DecisionsUnit, Protocol):
    """Recording a decision, which checks the notice it answers (shared/decisions)."""

    @property
    def complaints(self) -> ComplaintRepository: ...


class OpenerGuardUnit(DecidingUnit, Protocol):
    """The trust cap and the opener fingerprints (opener_guard)."""

    @property
    def trust(self) -> TrustRepository: ...


class MarketingUnit(CoreUnit, Protocol):
    """Marketing consent and notification preferences (shared/marketing)."""

    @property
    def notifications(self) -> NotificationRepository: ...


class PasswordCheckUnit(CoreUnit, Protocol):
    """The password lockout (shared/password_checks)."""

    @property
    def login_failures(self) -> LoginFailureLog: ...


class PasswordUnit(PasswordCheckUnit, Protocol):
    """Checking a member's password (Accounts.verified): the lockout, and whether a code
    must follow."""

    @property
    def two_factor(self) -> TwoFactorRepository: ...


class SecondStepUnit(CoreUnit, Protocol):
    """Asking for the authenticator's code after the password (shared/second_step)."""

    @property
    def tokens(self) -> TokenRepository: ...
    @property
    def two_factor(self) -> TwoFactorRepository: ...


class SessionsUnit(CoreUnit, Protocol):
    """A member's sessions: the step-up's confirmation (shared/step_up_checks)."""

    @property
    def sessions(self) -> SessionRepository: ...


class CompaniesUnit(CoreUnit, Protocol):
    """The company behind a site: its seller country for VAT (shared/vat)."""

    @property
    def companies(self) -> CompanyRepository: ...


class ChatsUnit(CoreUnit, Protocol):
    """Messages a rule reads or changes (a removal's undo, the shield's holds)."""

    @property
    def chats(self) -> ChatRepository: ...


class ShieldUnit(DecidingUnit, ChatsUnit, Protocol):
    """The shield's holds: the held sender's messages wait, and go out when it ends."""

    @property
    def chat_queries(self) -> ChatQueries: ...  # read only


class ProfileViewUnit(PhotosUnit, ChatsUnit, Protocol):
    """Whether a viewer may open a profile, and the gallery they see (discovery)."""

    @property
    def discovery(self) -> DiscoveryRepository: ...
    @property
    def likes(self) -> LikesRepository: ...


class OrdersUnit(CoreUnit, Protocol):
    """An order's receipt as shown (shared/receipts)."""

    @property
    def orders(self) -> OrderRepository: ...


class UndoUnit(ListingUnit, ShieldUnit, LedgerUnit, Protocol):
    """What undoing a decision puts back (undoing)."""

    @property
    def member_flags(self) -> MemberFlags: ...
