"""Conversations and messages over HTTP (issue 6); live events go out through /ws."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, Response, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body, query_int
from adapters.http.session import require_member
from application.chat import Chat
from domain.errors import DomainError
from domain.locales import is_locale

blueprint = Blueprint("chat", __name__)


def _chat() -> Chat:
    return container().chat()


@attrs.frozen
class MessageBody:
    text: str
    key: str | None = attrs.field(default=None)
    # Sent anyway after the scam shield's nudge (409 message_flagged).
    confirmed: bool = attrs.field(default=False)


@attrs.frozen
class ConversationBody:
    conversation: int


@blueprint.post("/api/members/<int:member_id>/messages")
@limits.limiter.limit(limits.MESSAGES)
def send(member_id: int) -> tuple[dict[str, Any], int]:
    # The remembered sign-in (the commonest write of all spares its own lookup, issue
    # 36.3): the send reads the sender's account status again under its lock.
    member = require_member(remembered=True)
    body = json_body(MessageBody)
    if body.key is not None and not 1 <= len(body.key) <= 64:
        raise DomainError("invalid_request", detail="key")
    return render(_chat().send(member, member_id, body.text, body.key,
                               confirmed=body.confirmed)), 201


@blueprint.post("/api/messages/<int:message_id>/report")
@limits.limiter.limit(limits.MESSAGES)
def report_message(message_id: int) -> tuple[dict[str, Any], int]:
    """The one-tap report on a received message (the shield's warning carries it)."""
    return render(container().complaints().report_message(require_member(),
                                                          message_id)), 201


@attrs.frozen
class GiftBody:
    gift: str


@blueprint.get("/api/gifts")
def gifts() -> dict[str, Any]:
    return render(_chat().gifts(require_member()))


@blueprint.post("/api/members/<int:member_id>/gifts")
@limits.limiter.limit(limits.MESSAGES)
def send_gift(member_id: int) -> tuple[dict[str, Any], int]:
    member = require_member(remembered=True)
    return render(_chat().send_gift(member, member_id, json_body(GiftBody).gift[:20])), 201


@blueprint.post("/api/members/<int:member_id>/photos/<int:photo_id>/unlock")
def unlock_photo(member_id: int, photo_id: int) -> dict[str, Any]:
    return render(_chat().unlock_photo(require_member(), member_id, photo_id))


@blueprint.get("/api/members/<int:member_id>/chat")
def with_member(member_id: int) -> dict[str, Any]:
    return render(_chat().with_member(require_member(), member_id))


@blueprint.get("/api/chats")
def chats() -> dict[str, Any]:
    return render(_chat().chats(require_member()))


@blueprint.get("/api/chats/<int:conversation_id>/messages")
def history(conversation_id: int) -> dict[str, Any]:
    return render(_chat().history(require_member(), conversation_id,
                                  query_int("before", None)))


@blueprint.post("/api/chats/<int:conversation_id>/read")
def read(conversation_id: int) -> Response:
    _chat().read(require_member(), conversation_id)
    return Response(status=204)


@blueprint.delete("/api/chat")
def delete() -> Response:
    member = require_member(remembered=True)
    _chat().delete(member, json_body(ConversationBody).conversation)
    return Response(status=204)


@blueprint.get("/api/icebreakers")
def icebreakers() -> dict[str, Any]:
    """Opening lines for the conversation with ?member= (none proposing to meet a
    fictional profile), in ?language= (the screen's) or else the member's own."""
    member = require_member(remembered=True)
    language = request.args.get("language", member.language)
    if not is_locale(language):
        raise DomainError("invalid_request", detail="language")
    return {"icebreakers": _chat().openers(member, query_int("member", None), language)}


@blueprint.post("/api/page-hidden")
def page_hidden() -> Response:
    """The member's page went to the background: noted, so reminders and push (issue 8)
    know the member is not looking. A banned member's beacon (sent while the page
    unloads, its answer never read) must not use up the ban: the next real request
    answers account_banned and clears the cookie, so the ban page shows."""
    try:
        member = require_member(remembered=True)
    except DomainError as refused:
        if refused.code == "account_banned":
            return Response(status=204)
        raise
    _chat().page_hidden(member)
    return Response(status=204)
