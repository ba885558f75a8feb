"""The session cookie: an opaque CSPRNG token, HttpOnly, SameSite=Lax, 30 days,
Secure behind HTTPS. Only its digest is stored server-side."""

from __future__ import annotations

from typing import cast

from flask import Flask, Response, g, request

from adapters.http.composition import container
from application.ports.accounts import SignedIn
from application.shared.sign_ins import SESSION_LIFETIME, Visitor
from domain.errors import DomainError
from domain.members import Member, Traffic

COOKIE = "auth._token"
# Readable by the page, not a secret: tells the client a session may exist, so a visitor's
# page skips GET /api/user (and its 403) entirely. Set and cleared with the session cookie.
HINT_COOKIE = "auth.present"


def session_token() -> str | None:
    return request.cookies.get(COOKIE)


# Requests that only read may take a session lookup this process remembers
# (application.recent_sign_ins); any other request reads it afresh.
_READS = frozenset({"GET", "HEAD"})


_NOT_YET = object()


def signed_in(remembered: bool = False) -> SignedIn | None:
    """The session lookup, once per request (it reads the member's page data too).
    ``remembered``: a write may take the remembered lookup too, when its use case reads
    the member's account status again in its own transaction (a chat message)."""
    # One look at g for the common case, a view asking again (each look costs).
    found = g.get("signed_in", _NOT_YET)
    if found is _NOT_YET:
        built = container()
        lookups = (built.recent_sign_ins() if remembered or request.method in _READS
                   else built.sign_in())
        found = g.signed_in = lookups.signed_in(session_token())
    return cast("SignedIn | None", found)


def init_sessions(app: Flask) -> None:
    # Commits that wrote an account are announced by the unit of work itself, in every
    # process (adapters/events/announced_writes.py); members changed by a link here.
    app.teardown_request(_announce_change)


def changed(member_id: int) -> None:
    """This request changed a member it found by other means than its session (a link's
    token: activation, a new e-mail address, reactivation): announced with its own."""
    g.setdefault("changed_members", set()).add(member_id)


def _announce_change(_error: BaseException | None) -> None:
    """After a request that changed members it found by a link's token, every process
    forgets what it remembers of their sign-in: this one at once, the others when they hear
    it. The signed-in member's own changes need no word here: the commit that wrote their
    account announced them (adapters/sql/account_writes.py), and a request that wrote
    nothing of it (a message, a like) must not cost every process an announcement."""
    members = g.get("changed_members")
    if members:
        container().account_writes().announce(members)


def require_signed_in(remembered: bool = False) -> SignedIn:
    found = signed_in(remembered)
    if found is None:
        raise DomainError("authentication_required")
    return found


def current_member() -> Member | None:
    found = signed_in()
    return found.member if found else None


def require_member(remembered: bool = False) -> Member:
    return require_signed_in(remembered).member


def _secure() -> bool:
    base_url = container().config().base_url
    return request.is_secure or base_url.startswith("https://")


def set_session(response: Response, token: str) -> Response:
    response.set_cookie(COOKIE, token, max_age=int(SESSION_LIFETIME.total_seconds()), path="/",
                        httponly=True, samesite="Lax", secure=_secure())
    response.set_cookie(HINT_COOKIE, "1", max_age=int(SESSION_LIFETIME.total_seconds()),
                        path="/", samesite="Lax", secure=_secure())
    return response


def clear_session(response: Response) -> Response:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Lax", secure=_secure())
    response.delete_cookie(HINT_COOKIE, path="/", samesite="Lax", secure=_secure())
    return response


def visitor(language: str | None = None, traffic: Traffic | None = None) -> Visitor:
    from adapters.http.devices import device_id
    from adapters.http.requests import geoip_country
    from adapters.http.requests import language as request_language

    config = container().config()
    return Visitor(ip=request.remote_addr or "0.0.0.0",
                   user_agent=request.headers.get("User-Agent"),
                   language=language or request_language() or "en",
                   geoip_country=geoip_country(config.geoip_header),
                   traffic=traffic or Traffic(), device=device_id())
