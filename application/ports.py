"""The ports: everything the use cases need from the world, as typing.Protocols."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol

from domain.members import Member
from domain.sites import Company, Site


class Clock(Protocol):
    def now(self) -> datetime: ...


class SiteRepository(Protocol):
    def by_domain(self, domain: str) -> Site | None: ...
    def default(self) -> Site | None: ...
    def all(self) -> Sequence[Site]: ...
    def add(self, site: Site) -> Site: ...
    def update(self, site: Site) -> None: ...


class CompanyRepository(Protocol):
    def get(self, company_id: int) -> Company | None: ...
    def all(self) -> Sequence[Company]: ...
    def add(self, company: Company) -> Company: ...


class MemberRepository(Protocol):
    def count(self, site_id: int | None = None) -> int: ...
    def add(self, member: Member) -> Member: ...


class PhotoRepository(Protocol):
    def add(self, member_id: int, filename: str, thumb_filename: str, is_main: bool,
            status: str, created_at: datetime) -> int: ...


class AuditLog(Protocol):
    def record(self, at: datetime, actor: str, action: str, subject: str,
               details: dict[str, Any]) -> None: ...


class UnitOfWork(Protocol):
    """One transaction: nothing is kept unless ``commit`` is called before the block ends."""

    sites: SiteRepository
    companies: CompanyRepository
    members: MemberRepository
    photos: PhotoRepository
    audit: AuditLog

    def __enter__(self) -> UnitOfWork: ...
    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...
    def commit(self) -> None: ...


class UnitOfWorkFactory(Protocol):
    def __call__(self) -> UnitOfWork: ...


class FileStore(Protocol):
    """Where photos live: a local directory now, a bucket when scaled out."""

    def put(self, name: str, data: bytes, content_type: str) -> None: ...
    def get(self, name: str) -> bytes | None: ...
    def delete(self, name: str) -> None: ...


class Mailer(Protocol):
    def send(self, to: str, subject: str, text: str, html: str | None = None,
             sender_name: str | None = None) -> None: ...


class EventBus(Protocol):
    """Fan-out of events to whoever listens (WebSocket connections, other processes)."""

    def publish(self, channel: str, event: dict[str, Any]) -> None: ...
    def subscribe(self, channel: str, listener: Any) -> Any: ...


class TaskQueue(Protocol):
    """Background work; ``name`` is a registered job, ``args`` plain JSON values."""

    def enqueue(self, name: str, *args: Any) -> None: ...


class PasswordHasher(Protocol):
    def hash(self, password: str) -> str: ...
    def verify(self, password_hash: str, password: str) -> bool: ...
