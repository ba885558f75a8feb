"""Erasure you can verify (issue 21.5): every table of the schema gets a row of the
member's, with a marker in every text; after the scheduler's erasure, no table holds the
marker, the address or the name, no table but the books keeps a row naming the member,
and the file store holds none of their files. The tables come from the SQLAlchemy
metadata, so a table added without erasure fails here."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Connection,
    Date,
    Float,
    Integer,
    String,
    Table,
    Text,
    delete,
    insert,
    select,
    update,
)

from adapters.container import Container
from adapters.sql import tables as t
from adapters.sql.engine import inserted_id
from application.shared.sign_ins import Visitor
from application.signup import SignupForm
from tests.conftest import Seeded
from tests.mails import plain_text, read_mail

MARK = "Zq9pX7"  # in every text of the member's rows: none may be left
NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)
ADDRESS = "ann@example.com"

# What the books keep, anonymous, under the member's id: the account row (it keys the
# rest), the balance, the ledger's amounts, the orders' amounts and the withdrawals (what
# was taken back and refunded: issue 34.2).
KEPT = {"members", "credit_balances", "credit_ledger", "orders", "order_withdrawals"}
# Values that are not personal (categories, codes) or have to satisfy the code that
# reads the rows while erasing; everything else of the member's rows carries the marker.
PLAIN = {
    ("members", "status"): "deleted", ("members", "language"): "nl",
    ("members", "traffic"): {"network": MARK, "sub1": MARK},
    ("profiles", "status"): "active", ("profiles", "gender"): "female",
    ("profiles", "sexuality"): "straight", ("profiles", "interests"): [MARK],
    ("profiles", "country"): "NL",
    ("notification_settings", "mail_off"): None,
    ("notification_settings", "preferences"): {MARK: True},
    ("orders", "method"): "ideal", ("orders", "status"): "paid",
    ("orders", "provider"): "sandbox", ("orders", "currency"): "EUR",
    # The wording the checkout's tick showed (issue 34.1), and a refund's state (34.2).
    ("orders", "consent_version"): "2026-11",
    ("order_withdrawals", "refund_state"): "refunded",
    # The payment provider's reference: what the books reconcile payments against.
    ("orders", "payment_id"): "tr_books_keep_this",
    ("credit_ledger", "kind"): "purchase",
    # A decision's kind, ground and status are what the transparency report counts; who
    # decided is the operator, not the member (issue 30.1).
    ("decisions", "restriction"): "ban", ("decisions", "item_kind"): "account",
    ("decisions", "ground_kind"): "terms", ("decisions", "ground_code"): "spam",
    ("decisions", "status"): "lifted", ("decisions", "decided_by"): "ops",
    ("decisions", "lifted_by"): "ops",
    # A refund's kind and who gave it are the books' (issue 32.4).
    ("order_refunds", "kind"): "refunded", ("order_refunds", "actor"): "ops",
    ("blocklist", "kind"): "email", ("blocklist", "added_by"): "ops",
    # A receipt names the company that sold, not the member (issue 34.4).
    ("receipts", "seller"): {"name": "Amora Media B.V.", "country": "NL"},
}
# Kept on purpose: a block-list entry's value (an address, a network, a device, a photo
# hash) outlives the erased account, so the person it blocks cannot come back (31.3).
BLOCKED_VALUE = ("blocklist", "value")


def _references_members(table: Table, linked: set[str]) -> bool:
    return any(fk.column.table.name in linked for column in table.columns
               for fk in column.foreign_keys)


def _linked_tables() -> set[str]:
    """Tables whose rows belong to a member: naming one, or a row that does."""
    linked = {"members"}
    for table in t.metadata.sorted_tables:  # parents before children
        if _references_members(table, linked):
            linked.add(table.name)
    return linked


def _value(table: Table, column: Any, personal: bool, n: int) -> Any:
    if (table.name, column.name) in PLAIN:
        return PLAIN[(table.name, column.name)]
    kind = column.type
    if isinstance(kind, JSON):
        return {"note": MARK} if personal else {}
    if isinstance(kind, String | Text):
        length = getattr(kind, "length", None) or 1000
        text = f"{MARK}-{table.name}-{column.name}-{n}" if personal else f"plain-{n}"
        return text[:length] if length >= len(MARK) else "x" * min(length, 2)
    if isinstance(kind, Boolean):
        return False
    if isinstance(kind, Date):
        return date(1990, 4, 1)
    if isinstance(kind, Integer):
        return n
    if isinstance(kind, Float):  # a place's position
        return 52.37
    return NOW - timedelta(days=30)  # UtcDateTime


def _fill(connection: Connection, member_id: int) -> list[str]:
    """A row in every table, the member's where a table can hold one; answers the
    file names of the member's photos."""
    linked = _linked_tables()
    ids: dict[str, int] = {"members": member_id}
    for n, table in enumerate(t.metadata.sorted_tables, start=100):
        personal = table.name in linked
        if table.name == "members":
            connection.execute(update(table).where(table.c.id == member_id).values(**{
                column.name: _value(table, column, True, n) for column in table.columns
                if column.name not in ("id", "site_id", "created_at", "erased_at")
                and column.foreign_keys == set()}))
            continue
        if table.name == "profiles":
            connection.execute(update(table).where(table.c.member_id == member_id).values(**{
                column.name: _value(table, column, True, n) for column in table.columns
                if column.name not in ("member_id", "birth_date")}))
            continue
        row: dict[str, Any] = {}
        for column in table.columns:
            references = [fk.column.table.name for fk in column.foreign_keys]
            if references:
                row[column.name] = ids[references[0]]
            elif not (column.primary_key and isinstance(column.type, Integer)
                      and len(table.primary_key.columns) == 1):  # the database numbers it
                row[column.name] = _value(table, column, personal, n)
        if table.name == "login_failures":  # naming the member by address, on their site
            row.update(email=ADDRESS.upper(), site_id=connection.execute(
                select(t.members.c.site_id).where(t.members.c.id == member_id)).scalar_one())
        if table.name == "audit_log":  # naming the member by id
            row.update(subject=str(member_id), details={"reason": MARK})
        if table.name == "notification_settings":  # the signup's marketing answer made it
            connection.execute(delete(table).where(table.c.member_id == member_id))
        result = connection.execute(insert(table).values(**row))
        if "id" in table.c and isinstance(table.c.id.type, Integer):
            ids[table.name] = inserted_id(result)
    photos = connection.execute(select(t.photos.c.filename, t.photos.c.thumb_filename)).one()
    return list(photos)


def _leftovers(connection: Connection, member_id: int, name: str) -> list[str]:
    found = []
    linked = _linked_tables()
    for table in t.metadata.sorted_tables:
        for row in connection.execute(select(table)).mappings():
            for column, value in row.items():
                text = str(value)
                if (table.name, column) not in (("orders", "payment_id"), BLOCKED_VALUE) and any(
                        personal in text for personal in (MARK, name, ADDRESS)):
                    found.append(f"{table.name}.{column}: {text[:60]}")
            if table.name in linked and table.name not in KEPT and any(
                    row[column.name] == member_id for column in table.columns
                    if any(fk.column.table.name == "members" for fk in column.foreign_keys)):
                found.append(f"{table.name}: a row of member {member_id}")
    return found


def test_erasure_leaves_nothing_personal_in_any_table_or_the_file_store(
        container: Container, seeded: Seeded) -> None:
    login = container.signup().sign_up(None, SignupForm(
        email=ADDRESS, name="Annabel", date_of_birth="1990-04-01",
        password="correct horse battery", gender="female", seeking="male"),
        Visitor(ip="192.0.2.1", user_agent=None, language="nl"))
    member_id = login.member.id
    container.tasks().drain()  # the activation mail
    with container.engine().begin() as connection:
        files = _fill(connection, member_id)
        connection.execute(update(t.members).where(t.members.c.id == member_id).values(
            email=ADDRESS, deleted_at=datetime(2020, 1, 1, tzinfo=UTC), listing=0))
        connection.execute(update(t.profiles).where(t.profiles.c.member_id == member_id)
                           .values(name="Annabel"))
    store = container.files()
    for file in files:
        store.put(file, b"\xff\xd8 a photo", "image/jpeg")
    # Closed at once: a connection left in its transaction holds its locks, and the next
    # test to migrate this database (DROP INDEX ...) would wait for it for good.
    with container.engine().connect() as connection:
        assert _leftovers(connection, member_id, "Annabel")  # the test sees

    assert container.account_closing().erase_expired() == 1
    container.tasks().drain()  # the last mail, and the files' deletion

    with container.engine().connect() as connection:
        leftovers = _leftovers(connection, member_id, "Annabel")
        assert leftovers == [], "\n".join(leftovers)
        # Photos and profile gone: the member's stored listing says so (issue 19.1).
        assert connection.execute(select(t.members.c.listing).where(
            t.members.c.id == member_id)).scalar_one() == 2
        # The decision stays, anonymous, for the counts (issue 30.1).
        assert connection.execute(select(
            t.decisions.c.member_id, t.decisions.c.item_id, t.decisions.c.facts,
            t.decisions.c.undo, t.decisions.c.restriction, t.decisions.c.ground_code,
            t.decisions.c.status)).all() == [(None, None, "", {}, "ban", "spam", "lifted")]
    assert [name for name in store.names() if MARK in name or name in files] == []
    mails = [read_mail(path)
             for path in Path(container.config().mail_dir).glob("*.eml")]
    farewell = [mail for mail in mails if "gewist" in mail["Subject"]]
    assert len(farewell) == 1 and farewell[0]["To"] == ADDRESS
    assert "Annabel" in plain_text(farewell[0])
    assert container.account_closing().erase_expired() == 0
