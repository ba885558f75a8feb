"""Where the member is signed in (issue 33.3, API.md "sessions"): the list of their open
sessions, ending one or all the others, and the "was this you?" mail's link that ends
the session it tells of without a sign-in."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, Response, jsonify

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body
from adapters.http.session import changed, clear_session, require_member, session_token
from application.sign_in_sessions import SignedInDevice, SignInSessions

blueprint = Blueprint("sign_ins", __name__)


def _sessions() -> SignInSessions:
    return container().sign_in_sessions()


def _listed(session: SignedInDevice) -> dict[str, Any]:
    return {"id": session.id, "device": render(session.device),
            "place": {"country": session.country},
            "started_at": session.started_at.isoformat(),
            "last_active": session.last_active.isoformat(), "current": session.current}


@blueprint.get("/api/sessions")
def list_sessions() -> Response:
    member = require_member()
    listed = _sessions().of_member(member.id, session_token() or "")
    return jsonify({"sessions": [_listed(session) for session in listed]})


@blueprint.delete("/api/sessions/<int:session_id>")
def end_session(session_id: int) -> Response:
    member = require_member()
    ended_own = _sessions().end(member.id, session_token() or "", session_id)
    response = Response(status=204)
    return clear_session(response) if ended_own else response


@blueprint.delete("/api/sessions")
def end_other_sessions() -> Response:
    member = require_member()
    return jsonify({"ended": _sessions().end_others(member.id, session_token() or "")})


@attrs.frozen
class EndLinkBody:
    token: str = attrs.field(validator=attrs.validators.max_len(200))


@blueprint.post("/api/sessions/end")
@limits.limiter.limit(limits.TOKENS)
def end_session_by_link() -> Response:
    """The mail's link (no sign-in needed): ``ended`` false when the session had ended
    already."""
    outcome = _sessions().end_by_link(json_body(EndLinkBody).token)
    changed(outcome.member_id)  # every process forgets the member's remembered sign-ins
    return jsonify({"ended": outcome.ended})
