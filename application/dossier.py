"""A member's dossier and the member search (issue 32.1): `amora members show ID|E-MAIL`
answers in one read what an operator otherwise looks up in a dozen places - the profile,
the photos (with links that open them for 24 hours), where the member signed up and logs in
from, the accounts linked to theirs, their money, complaints, decisions, appeals and flags;
`amora members list` finds members by address too and sorts them by sign-up or activity.

Read only: nothing here writes, and everything comes from one snapshot
(application/ports/dossier.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.complaints import Complaint
from application.ports.dossier import (
    DossierReading,
    DossierReadings,
    Latest,
    ListedMember,
    MemberSearch,
    MemberSort,
    OrderLine,
    OtherMember,
    StoredPhoto,
)
from application.ports.security import Signer
from application.ports.shop import MemberFlag
from application.ports.transaction import UnitFactory
from application.ports.units import ReportsUnit
from application.shared.own_photos import PREVIEW, PREVIEW_LIFETIME
from domain.accounts import normalise_email
from domain.appeals import Appeal
from domain.credits import LedgerEntry
from domain.decisions import Decision, Restriction
from domain.dossier import AddressSearch, Link, LinkKind, Trace, linked_accounts, recent_traces
from domain.errors import DomainError
from domain.members import AccountStatus, Member, age_on

RECENT_TRACES = 10  # address and device pairs shown
SESSIONS_READ = 500  # the newest sessions those are taken from
LINK_ROWS = 500  # shared devices or addresses read, each
LINKED_SHOWN = 50  # linked accounts shown
LEDGER_LINES = 10
ORDERS = 10
COMPLAINTS = 10
DECISIONS = 50
# An address search by network finds at most this many distinct addresses: a network
# holding more is too wide a question (and too long a list for the database).
ADDRESSES_MAX = 5_000
# Addresses read to find those: the database narrows a network only by the text its
# addresses start with (a /20 by its /16's "10.1."), so more may come than it holds.
CANDIDATES_MAX = 50_000


@attrs.frozen(kw_only=True)
class DossierPhoto:
    photo: StoredPhoto
    preview: str | None  # a token that opens it and its thumbnail at /media/ (?preview=)


@attrs.frozen(kw_only=True)
class LinkedAccount:
    member: OtherMember
    links: tuple[Link, ...]


@attrs.frozen(kw_only=True)
class Dossier:
    member: Member
    site: str  # the member's site's domain
    age: int
    last_active: datetime
    photos: tuple[DossierPhoto, ...]
    previews_until: datetime
    signup: Trace | None  # where the account was made, when its first session tells
    recent: tuple[Trace, ...]  # the addresses and devices used, the latest first
    linked: tuple[LinkedAccount, ...]
    linked_total: int
    balance: int
    ledger: Latest[LedgerEntry]
    orders: Latest[OrderLine]
    complaints_by: Latest[Complaint]
    complaints_against: Latest[Complaint]
    decisions: Latest[Decision]
    appeals: tuple[Appeal, ...]
    flags: tuple[MemberFlag, ...]
    held: Decision | None  # the scam shield's hold in force (an account_held decision)
    in_force: tuple[Decision, ...]  # every restriction in force, the hold included


def _sort(value: str) -> MemberSort:
    try:
        return MemberSort(value)
    except ValueError:
        raise DomainError("invalid_request", detail="sort") from None


@attrs.frozen
class Dossiers:
    uow: UnitFactory[ReportsUnit]
    readings: DossierReadings
    clock: Clock
    signer: Signer | None = None  # signs the photos' preview links

    def of_member(self, member_id: int) -> Dossier:
        with self.readings() as reading:
            member = reading.member(member_id)
            if member is None:
                raise DomainError("member_not_found")
            return self._dossier(reading, member)

    def by_email(self, email: str, site: str | None = None) -> Dossier:
        """The member with this address (on ``site``, a domain, when several sites have
        one): member_not_found_by_email, or member_email_on_sites naming them."""
        site_id = self._site_id(site)
        with self.readings() as reading:
            found = reading.with_email(normalise_email(email))
            if site_id is not None:
                domain = reading.site_domain(site_id)
                found = [(member_id, on) for member_id, on in found if on == domain]
            if not found:
                raise DomainError("member_not_found_by_email", email=email.strip())
            if len(found) > 1:
                raise DomainError("member_email_on_sites", email=email.strip(), members=", ".join(
                    f"{member_id} ({domain})" for member_id, domain in found))
            member = reading.member(found[0][0])
            if member is None:  # an address just found is there in the same snapshot
                raise DomainError("member_not_found")
            return self._dossier(reading, member)

    def find(self, site: str | None = None, text: str | None = None,
             status: str | None = None, address: str | None = None, sort: str = "id",
             limit: int = 50, offset: int = 0) -> Sequence[ListedMember]:
        """Members by site, e-mail, name or id, status and the address (or network) they
        signed up or logged in from; the oldest account first, or the newest sign-up or
        latest activity first."""
        if status and status not in {s.value for s in AccountStatus}:
            raise DomainError("invalid_request", detail="status")
        order = _sort(sort)
        searched = AddressSearch.parse(address) if address is not None else None
        site_id = self._site_id(site)
        with self.readings() as reading:
            addresses = self._addresses(reading, searched) if searched else None
            if addresses is not None and not addresses:
                return []
            return reading.find(MemberSearch(site_id=site_id, text=text, status=status,
                                             addresses=addresses, sort=order, limit=limit,
                                             offset=offset))

    # --- the parts ------------------------------------------------------------------

    def _site_id(self, domain: str | None) -> int | None:
        if not domain:
            return None
        with self.uow(reads_only=True) as uow:
            site = uow.sites.by_domain(domain)
        if site is None:
            raise DomainError("site_not_found", domain=domain)
        return site.id

    @staticmethod
    def _addresses(reading: DossierReading, searched: AddressSearch) -> list[str]:
        if searched.exact is not None:
            return [searched.exact]
        read = reading.addresses_starting(searched.prefix, CANDIDATES_MAX)
        found = [ip for ip in read if searched.covers(ip)]
        if len(found) > ADDRESSES_MAX or len(read) >= CANDIDATES_MAX:
            raise DomainError("address_search_too_many", value=searched.typed,
                              max=ADDRESSES_MAX)
        return found

    def _dossier(self, reading: DossierReading, member: Member) -> Dossier:
        now = self.clock.now()
        until = now + PREVIEW_LIFETIME
        photos = reading.photos(member.id)
        sessions = reading.sessions(member.id, SESSIONS_READ)
        first = reading.first_session(member.id)
        # The sign-up's session begins in the sign-up's transaction, at the same moment.
        signup = recent_traces([first], 1)[0] \
            if first is not None and first.at == member.created_at else None
        linked = linked_accounts(member.id, self._links(reading, member.id, photos))
        others = {other.id: other for other in reading.others(
            [item.member_id for item in linked[:LINKED_SHOWN]])}
        in_force = tuple(reading.in_force(member.id))
        return Dossier(
            member=member, site=reading.site_domain(member.site_id),
            age=age_on(member.profile.birth_date, now.date()),
            last_active=reading.last_active(member),
            photos=tuple(DossierPhoto(photo=photo, preview=self._preview(photo.id, until))
                         for photo in photos),
            previews_until=until, signup=signup,
            recent=tuple(recent_traces(sessions, RECENT_TRACES)),
            linked=tuple(LinkedAccount(member=others[item.member_id], links=item.links)
                         for item in linked[:LINKED_SHOWN] if item.member_id in others),
            linked_total=len(linked),
            balance=reading.balance(member.id),
            ledger=reading.ledger(member.id, LEDGER_LINES),
            orders=reading.orders(member.id, ORDERS),
            complaints_by=reading.complaints_by(member.id, COMPLAINTS),
            complaints_against=reading.complaints_against(member.id, COMPLAINTS),
            decisions=reading.decisions(member.id, DECISIONS),
            appeals=tuple(reading.appeals(member.id)),
            flags=tuple(reading.flags(member.id)),
            held=next((decision for decision in in_force
                       if decision.restriction is Restriction.ACCOUNT_HELD), None),
            in_force=in_force)

    @staticmethod
    def _links(reading: DossierReading, member_id: int,
               photos: Sequence[StoredPhoto]) -> Iterator[tuple[int, Link]]:
        for other, device in reading.sharing_devices(member_id, LINK_ROWS):
            yield other, Link(kind=LinkKind.DEVICE, value=device)
        for other, ip in reading.sharing_addresses(member_id, LINK_ROWS):
            yield other, Link(kind=LinkKind.ADDRESS, value=ip)
        for photo in photos:
            if photo.phash is None:
                continue
            for their_photo, other, phash in reading.similar_photos(photo.phash, member_id):
                if phash.matches(photo.phash):
                    yield other, Link(kind=LinkKind.PHOTO_HASH, photo_id=photo.id,
                                      their_photo_id=their_photo,
                                      distance=photo.phash.distance(phash))

    def _preview(self, photo_id: int, until: datetime) -> str | None:
        """As `amora photos pending` signs them (application.photos.Photos)."""
        if self.signer is None:
            return None
        return self.signer.sign(PREVIEW, [photo_id, int(until.timestamp())])
