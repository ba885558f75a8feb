"""In-memory passkeys (issue 33.1), keeping the SQL adapter's guarantees: a credential
is stored once (for anyone), a counter moves on once, a challenge is used once and
expired ones are swept when another is issued."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.passkeys import NewCredential
from domain.passkeys import Ceremony, Challenge, Passkey
from tests.application.memory_store import MemoryStore


class MemoryPasskeys:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def handle_of(self, member_id: int) -> str | None:
        return self.store.passkey_handles.get(member_id)

    def add_handle(self, member_id: int, handle: str) -> None:
        self.store.passkey_handles.setdefault(member_id, handle)

    def member_of_handle(self, handle: str) -> int | None:
        return next((member for member, known in self.store.passkey_handles.items()
                     if known == handle), None)

    def of_member(self, member_id: int) -> list[Passkey]:
        return sorted((key for key in self.store.passkeys.values()
                       if key.member_id == member_id), key=lambda key: key.id)

    def get(self, member_id: int, passkey_id: int) -> Passkey | None:
        found = self.store.passkeys.get(passkey_id)
        return found if found is not None and found.member_id == member_id else None

    def by_credential(self, credential_id: str) -> Passkey | None:
        return next((key for key in self.store.passkeys.values()
                     if key.credential_id == credential_id), None)

    def add(self, member_id: int, credential: NewCredential, name: str,
            now: datetime) -> Passkey | None:
        if self.by_credential(credential.credential_id) is not None:
            return None
        key = Passkey(id=max(self.store.passkeys, default=0) + 1, member_id=member_id,
                      credential_id=credential.credential_id,
                      public_key=credential.public_key, sign_count=credential.sign_count,
                      name=name, created_at=now, transports=credential.transports)
        self.store.passkeys[key.id] = key
        return key

    def rename(self, passkey_id: int, name: str) -> None:
        if passkey_id in self.store.passkeys:
            self.store.passkeys[passkey_id] = attrs.evolve(self.store.passkeys[passkey_id],
                                                           name=name)

    def remove(self, passkey_id: int) -> None:
        self.store.passkeys.pop(passkey_id, None)

    def used(self, passkey_id: int, seen_count: int, new_count: int, now: datetime) -> bool:
        found = self.store.passkeys.get(passkey_id)
        if found is None or found.sign_count != seen_count:
            return False
        self.store.passkeys[passkey_id] = attrs.evolve(found, sign_count=new_count,
                                                       last_used_at=now)
        return True

    def add_challenge(self, digest: str, ceremony: Ceremony, site_id: int,
                      member_id: int | None, session_hash: str | None,
                      now: datetime, expires_at: datetime) -> None:
        challenges = self.store.passkey_challenges
        for known, challenge in list(challenges.items()):
            if challenge.expires_at <= now:
                del challenges[known]
        challenges[digest] = Challenge(
            id=max((c.id for c in challenges.values()), default=0) + 1, ceremony=ceremony,
            site_id=site_id, member_id=member_id, session_hash=session_hash,
            expires_at=expires_at)

    def find_challenge(self, digest: str) -> Challenge | None:
        return self.store.passkey_challenges.get(digest)

    def claim_challenge(self, challenge_id: int, now: datetime) -> bool:
        challenges = self.store.passkey_challenges
        for digest, challenge in challenges.items():
            if challenge.id == challenge_id and challenge.used_at is None:
                challenges[digest] = attrs.evolve(challenge, used_at=now)
                return True
        return False
