"""What a chat send depends on, in one statement (issue 36.3): the recipient with their
profile, the pair's conversation, blocks either way, the sender's conversations started,
free messages used, credits and hold, the recipient's unread total and an earlier send
with the same key (both members' sites come from the process's memory of the sites:
application.chat_terms.sites_of). Each was a query of its own (a dozen round
trips per message); as one SELECT of the sender's row, with the others as joins and
scalar subqueries, the database answers them in one go.

The sender's lock (SqlMembers.lock) stays a statement of its own, before the read: on
PostgreSQL a SELECT that waits for a row lock still answers its subqueries from the
snapshot taken when it started, so a send that waited for another would count the free
messages and keys as they were before that one (tests/http/test_races.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from sqlalchemy import (
    Connection,
    Integer,
    String,
    and_,
    bindparam,
    exists,
    func,
    or_,
    select,
    true,
)

from adapters.sql import tables as t
from adapters.sql.members import SqlMembers, member_from_row, members_with_profiles
from application.ports.chat import Conversation, SendFacts
from domain.decisions import DecisionStatus, Restriction

b, cv, cm, msg, d = t.blocks, t.conversations, t.conversation_members, t.messages, t.decisions


def _labelled(prefix: str, columns: Any) -> list[Any]:
    return [column.label(f"{prefix}{column.name}") for column in columns]


def _part(row: Any, prefix: str) -> SimpleNamespace:
    """The columns of ``row`` named with ``prefix``, under their own names."""
    return SimpleNamespace(**{name[len(prefix):]: value for name, value
                              in row._mapping.items() if name.startswith(prefix)})


def _count(table: Any, *where: Any) -> Any:
    return select(func.count()).select_from(table).where(*where).scalar_subquery()


def _facts_query() -> Any:
    """Built once (its aliases and labels cost more to build than to run): the members
    are bound parameters."""
    sender, recipient = bindparam("sender", type_=Integer), bindparam("recipient", type_=Integer)
    me = t.members.alias("me")
    them = members_with_profiles.where(t.members.c.id == recipient).subquery("them")
    blocked = exists().where(or_(and_(b.c.blocker_id == sender, b.c.blocked_id == recipient),
                                 and_(b.c.blocker_id == recipient, b.c.blocked_id == sender)))
    held = exists().where(d.c.member_id == sender,
                          d.c.restriction == Restriction.ACCOUNT_HELD.value,
                          d.c.item_id == bindparam("sender_item", type_=String),
                          d.c.status == DecisionStatus.IN_FORCE.value)
    # No key: NULL, which no client_key equals.
    keyed = exists().where(msg.c.sender_id == sender,
                           msg.c.client_key == bindparam("key", type_=String))
    return (
        select(
            me.c.id,
            *_labelled("r_", them.c),
            *_labelled("c_", cv.c),
            blocked.label("blocked"),
            _count(cv, cv.c.started_by == sender).label("started"),
            _count(msg, msg.c.sender_id == sender, msg.c.free.is_(True)).label("free_used"),
            select(t.credit_balances.c.balance)
            .where(t.credit_balances.c.member_id == sender).scalar_subquery().label("balance"),
            held.label("held"),
            select(func.coalesce(func.sum(cm.c.unread), 0)).where(cm.c.member_id == recipient)
            .scalar_subquery().label("unread"),
            keyed.label("keyed"),
        )
        .select_from(
            me.outerjoin(them, true())
            .outerjoin(cv, and_(cv.c.member_low == bindparam("low", type_=Integer),
                                cv.c.member_high == bindparam("high", type_=Integer))))
        .where(me.c.id == sender)
    )


_FACTS = _facts_query()


def send_facts(connection: Connection, sender: int, recipient: int, key: str | None,
               lock: bool) -> SendFacts:
    if lock:
        SqlMembers(connection).lock(sender)
    low, high = sorted((sender, recipient))
    row = connection.execute(_FACTS, {"sender": sender, "recipient": recipient, "low": low,
                                      "high": high, "sender_item": str(sender),
                                      "key": key}).one()
    return SendFacts(
        recipient=member_from_row(_part(row, "r_")) if row.r_id is not None else None,
        conversation=Conversation(id=row.c_id, member_low=row.c_member_low,
                                  member_high=row.c_member_high, started_by=row.c_started_by)
        if row.c_id is not None else None,
        blocked_either_way=bool(row.blocked), conversations_started=int(row.started),
        free_messages_used=int(row.free_used), balance=int(row.balance or 0),
        held=bool(row.held), recipient_unread=int(row.unread), sent_with_key=bool(row.keyed))
