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
)

from adapters.sql import tables as t
from adapters.sql.members import SqlMembers, member_from_row, profile_columns
from application.ports.chat import Conversation, SendFacts
from domain.decisions import DecisionStatus, Restriction
from domain.members import AccountStatus

b, cv, cm, msg, d = t.blocks, t.conversations, t.conversation_members, t.messages, t.decisions


def _count(table: Any, *where: Any) -> Any:
    return select(func.count()).select_from(table).where(*where).scalar_subquery()


def _facts_query() -> Any:
    """Built once (its aliases and labels cost more to build than to run): the members
    are bound parameters. The recipient's columns keep their own names (member_from_row
    reads the row as it is) and the aliases are short: psycopg keeps its conversion of a
    statement only up to 4,096 characters, and with the recipient as a subquery, every
    column labelled, this one had 4,210."""
    sender, recipient = bindparam("sender", type_=Integer), bindparam("recipient", type_=Integer)
    me, them, theirs = t.members.alias("me"), t.members.alias("r"), t.profiles.alias("p")
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
            me.c.id.label("f_sender"), me.c.status.label("f_sender_status"),
            *them.c, *profile_columns(theirs),
            theirs.c.status.label("profile_status"),
            *[column.label(f"c_{column.name}")
              for column in (cv.c.id, cv.c.member_low, cv.c.member_high, cv.c.started_by)],
            blocked.label("f_blocked"),
            _count(cv, cv.c.started_by == sender).label("f_started"),
            _count(msg, msg.c.sender_id == sender, msg.c.free.is_(True)).label("f_free_used"),
            select(t.credit_balances.c.balance)
            .where(t.credit_balances.c.member_id == sender).scalar_subquery().label("f_balance"),
            held.label("f_held"),
            select(func.coalesce(func.sum(cm.c.unread), 0)).where(cm.c.member_id == recipient)
            .scalar_subquery().label("f_unread"),
            keyed.label("f_keyed"),
        )
        .select_from(
            me.outerjoin(them.join(theirs, theirs.c.member_id == them.c.id),
                         them.c.id == recipient)
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
        recipient=member_from_row(row) if row.id is not None else None,
        conversation=Conversation(id=row.c_id, member_low=row.c_member_low,
                                  member_high=row.c_member_high, started_by=row.c_started_by)
        if row.c_id is not None else None,
        blocked_either_way=bool(row.f_blocked), conversations_started=int(row.f_started),
        free_messages_used=int(row.f_free_used), balance=int(row.f_balance or 0),
        held=bool(row.f_held), recipient_unread=int(row.f_unread),
        sent_with_key=bool(row.f_keyed), sender_status=AccountStatus(row.f_sender_status))
