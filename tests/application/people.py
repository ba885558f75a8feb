"""A site with members in memory, and an event bus that remembers: what the use-case
tests of chat, likes, games, the shop and notifications start from."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

import attrs

from application.chat import Chat
from application.ports.events import Event, member_channel
from application.shared.listings import relist
from domain.credits import EntryKind
from domain.members import AccountStatus, Member, Profile
from domain.photos import PhotoStatus
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.conftest import sample_company, sample_site

NOW = FixedClock().now()


def new_store(**site: object) -> MemoryStore:
    """One company and its default site (id 1, amora.test) with these settings."""
    store = MemoryStore()
    with MemoryUnitOfWork(store) as uow:
        company = uow.companies.add(sample_company())
        uow.sites.add(sample_site(company.id, **site))
        uow.commit()
    return store


def factory(store: MemoryStore) -> Callable[..., MemoryUnitOfWork]:
    """The unit-of-work factory the use cases take."""
    def uow(*, reads_only: bool = False, searches: bool = False) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(store)
    return uow


def add_member(store: MemoryStore, name: str, *, gender: str = "female",
               born: date = date(1990, 4, 1), country: str = "NL", site_id: int = 1,
               status: AccountStatus = AccountStatus.ACTIVE, created_at: datetime = NOW,
               **member: object) -> Member:
    with MemoryUnitOfWork(store) as uow:
        added = uow.members.add(Member(
            id=0, site_id=site_id, email=f"{name.lower()}@example.com", status=status,
            language="nl", created_at=created_at,
            profile=Profile(name=name, gender=gender, birth_date=born, country=country),
            **member))  # type: ignore[arg-type]
        uow.commit()
    return added


def add_photo(store: MemoryStore, member: Member, main: bool = False,
              status: PhotoStatus = PhotoStatus.ACTIVE) -> int:
    with MemoryUnitOfWork(store) as uow:
        number = uow.photos.add(member.id, f"photos/{member.id}/{len(store.photos)}.jpg",
                                f"photos/{member.id}/{len(store.photos)}_t.jpg", main,
                                status.value, NOW)
        relist(uow, member.id)  # as the photo use cases do
        uow.commit()
    return number


def give_credits(store: MemoryStore, member: Member, amount: int) -> None:
    with MemoryUnitOfWork(store) as uow:
        uow.ledger.apply(member.id, EntryKind.GRANT, amount, f"test:{len(store.ledger)}",
                         "test", NOW)
        uow.commit()


def balance(store: MemoryStore, member: Member) -> int:
    """The balance, checked against the ledger it must equal."""
    booked = sum(e.amount for e in store.ledger if e.member_id == member.id)
    assert store.balances.get(member.id, 0) == booked
    return booked


@attrs.define
class Bus:
    """An EventBus that delivers to its listeners and remembers every event."""

    published: list[tuple[str, Event]] = attrs.Factory(list)
    listeners: dict[str, list[Callable[[Event], None]]] = attrs.Factory(dict)

    def publish(self, channel: str, event: Event) -> None:
        self.published.append((channel, event))
        for listener in self.listeners.get(channel, []):
            listener(event)

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        for channel, event in published:
            self.publish(channel, event)

    def subscribe(self, channel: str, listener: Callable[[Event], None]
                  ) -> Callable[[], None]:
        self.listeners.setdefault(channel, []).append(listener)
        return lambda: self.listeners[channel].remove(listener)

    def to(self, member: Member) -> list[Event]:
        return [event for channel, event in self.published
                if channel == member_channel(member.id)]


@attrs.define
class Room:
    """Two members of one site, Ann (a free member) and Bob, and the chat between them."""

    store: MemoryStore
    bus: Bus
    chat: Chat
    ann: Member  # a free member
    bob: Member


def room(**site: object) -> Room:
    store, bus = new_store(**site), Bus()
    ann, bob = add_member(store, "Ann"), add_member(store, "Bob", gender="male")
    return Room(store, bus, Chat(factory(store), FixedClock(), bus), ann, bob)
