"""In-memory two-factor rows (issue 33.2), keeping the SQL adapter's guarantees: a time
step is claimed only past the last one used, a recovery code is used once."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from application.ports.two_factor import RecoveryCodeRecord, TwoFactorRecord
from tests.application.memory_store import MemoryStore


class MemoryTwoFactor:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    def get(self, member_id: int) -> TwoFactorRecord | None:
        return self.store.two_factor.get(member_id)

    def enrolled(self, member_id: int) -> bool:
        found = self.store.two_factor.get(member_id)
        return found is not None and found.confirmed_at is not None

    def start(self, member_id: int, secret: str, now: datetime) -> None:
        if not self.enrolled(member_id):
            self.store.two_factor[member_id] = TwoFactorRecord(secret, now, None, None)

    def confirm(self, member_id: int, now: datetime) -> bool:
        found = self.store.two_factor.get(member_id)
        if found is None or found.confirmed_at is not None:
            return False
        self.store.two_factor[member_id] = attrs.evolve(found, confirmed_at=now)
        return True

    def claim_step(self, member_id: int, step: int) -> bool:
        found = self.store.two_factor.get(member_id)
        if found is None or (found.last_step is not None and found.last_step >= step):
            return False
        self.store.two_factor[member_id] = attrs.evolve(found, last_step=step)
        return True

    def remove(self, member_id: int) -> None:
        self.store.two_factor.pop(member_id, None)
        self.store.recovery_codes[:] = [row for row in self.store.recovery_codes
                                        if row[1] != member_id]

    def replace_recovery_codes(self, member_id: int,
                               codes: Sequence[tuple[str, str]]) -> None:
        kept = [row for row in self.store.recovery_codes if row[1] != member_id]
        start = max((row[0] for row in self.store.recovery_codes), default=0) + 1
        self.store.recovery_codes[:] = kept + [
            (start + n, member_id, f"{hint}:{code_hash}", None)
            for n, (hint, code_hash) in enumerate(codes)]

    def unused_recovery_codes(self, member_id: int, hint: str) -> list[RecoveryCodeRecord]:
        return [RecoveryCodeRecord(row[0], row[2].split(":", 1)[1])
                for row in self.store.recovery_codes
                if row[1] == member_id and row[3] is None and row[2].startswith(f"{hint}:")]

    def recovery_codes_left(self, member_id: int) -> int:
        return sum(1 for row in self.store.recovery_codes
                   if row[1] == member_id and row[3] is None)

    def use_recovery_code(self, code_id: int, now: datetime) -> bool:
        for index, row in enumerate(self.store.recovery_codes):
            if row[0] == code_id and row[3] is None:
                self.store.recovery_codes[index] = (row[0], row[1], row[2], now)
                return True
        return False
