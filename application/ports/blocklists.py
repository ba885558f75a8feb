"""Block lists (issue 31.3): the entries, and the photos a new one may match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

import attrs

from domain.blocklists import Entry, EntryKind, NewEntry, PhotoHash


@attrs.frozen
class HashedPhoto:
    """A photo with its perceptual hash: a candidate for a new photo's match."""

    id: int
    member_id: int
    phash: PhotoHash


@attrs.frozen
class Trace:
    """Where a member signed up or logged in from: a session's address and device."""

    ip: str | None
    device: str | None


class ImageHasher(Protocol):
    def photo_hash(self, data: bytes) -> PhotoHash | None:
        """The perceptual hashes an upload of this image gets (refused as an upload is);
        None for a picture too plain to compare."""
        ...


class BlocklistRepository(Protocol):
    def add(self, entry: NewEntry, decision_id: int | None, added_by: str,
            added_at: datetime) -> Entry | None:
        """The entry listed, or None when its value is listed already (the older entry
        stays as it is)."""
        ...
    def remove(self, entry_id: int) -> Entry | None: ...  # None: no such entry
    def get(self, entry_id: int) -> Entry | None: ...
    def find(self, kind: EntryKind | None, member_id: int | None, limit: int,
             offset: int = 0) -> Sequence[Entry]:
        """Newest first."""
        ...
    def matching(self, lookups: Mapping[EntryKind, Sequence[str]]) -> Sequence[Entry]:
        """The entries whose value is one of those given for their kind, oldest first."""
        ...
    def photo_hashes(self) -> Sequence[Entry]:
        """Every listed photo hash (compared by distance, not by value)."""
        ...
    def similar_photos(self, phash: PhotoHash, other_than: int) -> Sequence[HashedPhoto]:
        """Other members' photos with a quarter of the coarse hash among ``phash``'s
        probes (candidates: the caller compares the fine hashes), oldest first."""
        ...
    def photos_of(self, member_id: int) -> Sequence[tuple[str, PhotoHash | None]]:
        """The member's photos (file name, hash if it has one), oldest first."""
        ...
    def traces(self, member_id: int) -> Sequence[Trace]:
        """The addresses and devices of the member's sessions (signups and logins),
        oldest first, each pair once."""
        ...
