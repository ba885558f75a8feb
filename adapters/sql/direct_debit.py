"""The SMS codes that confirm a direct-debit mandate, and the signed mandates, in SQL."""

from __future__ import annotations

from datetime import datetime

import attrs
from sqlalchemy import Connection, func, insert, select, update

from adapters.sql import tables as t
from application.ports.direct_debit import BankMandate, SignedMandate
from domain.direct_debit import MAX_ATTEMPTS, SmsCode

sc = t.sms_codes


@attrs.define
class SqlDirectDebit:
    connection: Connection

    def sms_sent_since(self, member_id: int, since: datetime) -> int:
        return int(self.connection.execute(select(func.count()).select_from(sc).where(
            sc.c.member_id == member_id, sc.c.created_at >= since)).scalar_one())

    def add_sms_code(self, member_id: int, phone: str, code_hash: str, expires_at: datetime,
                     at: datetime) -> None:
        self.connection.execute(insert(sc).values(
            member_id=member_id, phone=phone, code_hash=code_hash, expires_at=expires_at,
            attempts=0, created_at=at))

    def latest_sms_code(self, member_id: int) -> tuple[int, SmsCode] | None:
        row = self.connection.execute(select(sc).where(sc.c.member_id == member_id)
                                      .order_by(sc.c.id.desc()).limit(1)).first()
        if row is None:
            return None
        return row.id, SmsCode(phone=row.phone, code_hash=row.code_hash,
                               expires_at=row.expires_at, attempts=row.attempts)

    def sms_attempt(self, code_id: int) -> None:
        self.connection.execute(update(sc).where(sc.c.id == code_id)
                                .values(attempts=sc.c.attempts + 1))

    def forget_sms_codes(self, member_id: int) -> None:
        """A used code must not work twice; the send counter keeps its own rows' age."""
        self.connection.execute(update(sc).where(sc.c.member_id == member_id)
                                .values(attempts=MAX_ATTEMPTS))

    def add_mandate(self, member_id: int, mandate: BankMandate, at: datetime) -> None:
        self.connection.execute(insert(t.mandates).values(member_id=member_id, signed_at=at,
                                                          **attrs.asdict(mandate)))

    def latest_mandate(self, member_id: int) -> SignedMandate | None:
        row = self.connection.execute(
            select(t.mandates).where(t.mandates.c.member_id == member_id)
            .order_by(t.mandates.c.id.desc()).limit(1)).mappings().first()
        if row is None:
            return None
        return SignedMandate(**{key: value for key, value in row.items() if key != "member_id"})
