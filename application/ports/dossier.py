"""What a member's dossier and the member search read (issue 32.1, `amora members show`
and `amora members list`): one consistent, read-only look at a member and what surrounds
them (domain.dossier says how addresses and links are read)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

import attrs

from application.ports.complaints import Complaint
from application.ports.shop import MemberFlag
from domain.appeals import Appeal
from domain.blocklists import PhotoHash
from domain.credits import LedgerEntry
from domain.decisions import Decision
from domain.dossier import SessionTrace
from domain.members import Member
from domain.photos import PhotoStatus

T = TypeVar("T")


class MemberSort(StrEnum):
    ID = "id"  # the oldest account first (the ids' order)
    SIGNUP = "signup"  # the newest sign-up first
    ACTIVE = "active"  # the most recently active first


@attrs.frozen(kw_only=True)
class MemberSearch:
    site_id: int | None = None
    text: str | None = None  # part of the e-mail or name, or the id
    status: str | None = None
    # Members who had a session from one of these addresses (None: any, or none at all).
    addresses: Sequence[str] | None = None
    sort: MemberSort = MemberSort.ID
    limit: int = 50
    offset: int = 0


@attrs.frozen(kw_only=True)
class ListedMember:
    member: Member
    site: str  # its domain
    last_active: datetime
    addresses: tuple[str, ...] = ()  # those of an address search the member used


@attrs.frozen(kw_only=True)
class Latest(Generic[T]):
    """The newest rows of a kind, and how many there are in all."""

    items: tuple[T, ...]
    total: int


@attrs.frozen(kw_only=True)
class StoredPhoto:
    id: int
    filename: str
    thumb_filename: str
    status: PhotoStatus
    is_main: bool
    created_at: datetime
    phash: PhotoHash | None


@attrs.frozen(kw_only=True)
class OrderLine:
    """An order as an operator glances at it (amounts in cents)."""

    id: int
    created_at: datetime
    status: str
    credits: int
    amount: int
    currency: str
    method: str
    paid_at: datetime | None
    refunded_at: datetime | None


@attrs.frozen(kw_only=True)
class OtherMember:
    """Another account, as a link names it."""

    id: int
    site: str
    email: str
    name: str
    status: str
    created_at: datetime


class DossierReading(Protocol):
    def member(self, member_id: int) -> Member | None: ...
    def with_email(self, email: str) -> Sequence[tuple[int, str]]:
        """The members with this address (any case) on every site: (id, site domain)."""
        ...
    def site_domain(self, site_id: int) -> str: ...
    def last_active(self, member: Member) -> datetime:
        """When the member was last seen live or logged in (else their sign-up)."""
        ...
    def sessions(self, member_id: int, limit: int) -> Sequence[SessionTrace]:
        """The member's newest sessions, newest first."""
        ...
    def first_session(self, member_id: int) -> SessionTrace | None: ...
    def photos(self, member_id: int) -> Sequence[StoredPhoto]:
        """Every photo of the member, whatever its status, oldest first."""
        ...
    def sharing_devices(self, member_id: int, limit: int) -> Sequence[tuple[int, str]]:
        """(other member, device id) for every device of the member's sessions another
        member's sessions had too."""
        ...
    def sharing_addresses(self, member_id: int, limit: int) -> Sequence[tuple[int, str]]:
        """(other member, address) likewise, for the exact same address."""
        ...
    def similar_photos(self, phash: PhotoHash, other_than: int
                       ) -> Sequence[tuple[int, int, PhotoHash]]:
        """Candidates (photo id, member id, hash) among other members' photos: the caller
        decides by PhotoHash.matches."""
        ...
    def others(self, member_ids: Sequence[int]) -> Sequence[OtherMember]: ...
    def balance(self, member_id: int) -> int: ...
    def ledger(self, member_id: int, limit: int) -> Latest[LedgerEntry]: ...
    def orders(self, member_id: int, limit: int) -> Latest[OrderLine]: ...
    def complaints_by(self, member_id: int, limit: int) -> Latest[Complaint]: ...
    def complaints_against(self, member_id: int, limit: int) -> Latest[Complaint]: ...
    def decisions(self, member_id: int, limit: int) -> Latest[Decision]: ...
    def in_force(self, member_id: int) -> Sequence[Decision]:
        """Every decision about the member still in force, newest first."""
        ...
    def appeals(self, member_id: int) -> Sequence[Appeal]:
        """Newest first."""
        ...
    def flags(self, member_id: int) -> Sequence[MemberFlag]: ...
    def addresses_starting(self, prefix: str, limit: int) -> Sequence[str]:
        """Distinct session addresses that start with ``prefix`` (at most ``limit``)."""
        ...
    def find(self, where: MemberSearch) -> Sequence[ListedMember]: ...


class DossierReadings(Protocol):
    def __call__(self) -> AbstractContextManager[DossierReading]:
        """A reading: everything in it is of the same moment (one snapshot)."""
        ...
