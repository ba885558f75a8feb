"""Every API failure answers {"error": code, "params": {...}} with a fitting status;
nothing a visitor types may produce a 500."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify, request
from sqlalchemy.exc import DataError
from werkzeug.exceptions import HTTPException

from adapters.http.session import clear_session
from adapters.outages import SQL_OUTAGES, redis_outages
from domain.errors import DomainError, NotFound

log = logging.getLogger("amora.http")

_HTTP_CODES = {
    400: "bad_request",
    401: "authentication_required",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    413: "request_too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
}


# Rule codes whose HTTP status is not a plain 400.
_RULE_STATUS = {
    "authentication_required": 403,
    "account_banned": 403,
    "site_closed": 403,  # a closed site's sign-up or purchase (issue 32.5)
    "too_many_attempts": 429,
    "too_many_reset_mails": 429,
    "account_exists": 409,
    "account_deleted_reactivatable": 409,
    "account_deleted": 409,
    "email_taken": 409,
    "member_not_found": 404,
    "photo_not_found": 404,
    "swipe_out_of_likes": 409,
    "already_swiped": 409,
    "not_enough_credits": 402,
    "free_conversations_used": 402,
    # The daily cap of new conversations (issue 31.2): a limit of the day, over tomorrow;
    # members meeting it mostly pay already (free ones meet free_conversations_used first),
    # so 429 rather than 402.
    "daily_conversations_used": 429,
    "email_not_confirmed": 403,
    "already_sent": 409,
    "premium_only": 403,
    "complaint_not_found": 404,
    "message_not_found": 404,
    "complaint_resolved": 409,
    "login_links_disabled": 403,
    "directdebit_mandate_missing": 409,
    "conversation_not_found": 404,
    "code_not_found": 404,
    "gift_not_found": 404,
    "too_many_sms": 429,
    "directdebit_blocked": 403,
    "directdebit_limit_reached": 409,
    "photo_already_open": 409,
    "member_changed": 409,
    "code_used": 409,
    "bundle_not_found": 404,
    "order_not_found": 404,
    # Withdrawal from a purchase (issue 34.2): the order's state says no.
    "already_withdrawn": 409,
    "withdrawal_period_over": 409,
    "order_not_withdrawable": 409,
    "withdrawal_free_order": 409,
    "withdrawal_credits_used": 409,
    "withdrawal_changed": 409,
    "no_order_to_repeat": 404,
    "appeal_exists": 409,
    "appeal_too_late": 409,
    "decision_lifted": 409,
    "decision_not_found": 404,
    "not_banned": 409,
    "password_confirmation_required": 403,
    "undo_address_taken": 409,  # the old address is another account's now (issue 33.4)
    # The password was right, a code of the authenticator app is still to come (issue
    # 33.2): params challenge and expires_in, for POST /api/two-factor/sign-in.
    "two_factor_required": 401,
    "two_factor_already_on": 409,
    "two_factor_not_on": 409,
    "two_factor_not_set_up": 409,
    "passkey_exists": 409,
    "too_many_passkeys": 409,
    "no_passkeys": 409,
    "export_link_invalid": 404,
    "session_not_found": 404,  # not one of the member's open sessions (issue 33.3)
    "export_address_bounces": 409,
    "message_flagged": 409,
    "profile_text_flagged": 409,
    "already_reported": 409,
    "not_held": 409,
}


# The database or Redis cannot be reached (refused, closed, timed out, SQLite "database is
# locked" after its busy timeout): a passing outage, not the request's fault nor a bug.
# IntegrityError and DataError are neither; they keep their own handling.
RETRY_AFTER_SECONDS = 10


def error_response(status: int, code: str, /, **params: Any) -> tuple[Response, int]:
    """``status`` and ``code`` are positional only: a rule may name a param "status"
    (an order's, say) without clashing with the answer's."""
    return jsonify({"error": code, "params": params}), status


def unavailable_response() -> Response:
    """503 service_unavailable with Retry-After: the client tries again shortly."""
    response, status = error_response(503, "service_unavailable")
    response.status_code = status
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def outage_response(error: BaseException) -> Response:
    """An outage met while answering: logged as the operator needs it, 503 for the client."""
    log.warning("service unavailable on %s %s: %s", request.method, request.path,
                outage_cause(error))
    return unavailable_response()


def outage_cause(error: BaseException) -> str:
    """The driver's first line (no traceback): what the operator needs to see."""
    cause = getattr(error, "orig", None) or error
    return (str(cause).strip().splitlines() or [type(cause).__name__])[0]


def _is_api() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(DomainError)
    def domain_error(error: DomainError) -> tuple[Response, int]:
        status = 404 if isinstance(error, NotFound) else _RULE_STATUS.get(error.code, 400)
        response, status = error_response(status, error.code, **error.params)
        if error.code == "account_banned":
            clear_session(response)  # the ended session's cookie goes too
        return response, status

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        if not _is_api():  # screens are the web app's; this is a missing file
            return error
        status = error.code or 500
        allow = [header for header in error.get_headers() if header[0] == "Allow"]  # a 405's
        return *error_response(status, _HTTP_CODES.get(status, "http_error")), allow

    @app.errorhandler(DataError)
    def unfit_value(error: DataError) -> tuple[Response, int]:
        """A safety net: a value the database cannot hold (an integer out of range, a text
        too long) is the request's fault; the edge (adapters.http.requests) should have
        refused it, so it is still logged."""
        log.warning("the database refused a value on %s %s: %s", request.method, request.path,
                    error.orig)
        return error_response(400, "invalid_request")

    for kind in SQL_OUTAGES:
        app.register_error_handler(kind, outage_response)

    @app.after_request
    def retry_later(response: Response) -> Response:
        """Every 503 (the health checks' too) says when to come back."""
        if response.status_code == 503:
            response.headers.setdefault("Retry-After", str(RETRY_AFTER_SECONDS))
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response | tuple[Response, int]:
        if isinstance(error, redis_outages()):  # its client loads after the app is made
            return outage_response(error)
        log.exception("unexpected error on %s %s", request.method, request.path)
        return error_response(500, "internal_error")
