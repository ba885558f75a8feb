"""The session cookie: an opaque CSPRNG token, HttpOnly, SameSite=Lax, 30 days,
Secure behind HTTPS. Only its digest is stored server-side."""

from __future__ import annotations

from collections.abc import Collection

from flask import Flask, Response, g, request
from sqlalchemy import Engine

from adapters.container import Container
from adapters.http.composition import container
from adapters.sql import account_writes
from application.ports.accounts import SignedIn
from application.ports.events import ACCOUNTS, AccountChanged
from application.shared.sign_ins import SESSION_LIFETIME, Visitor
from domain.errors import DomainError
from domain.members import Member, Traffic

COOKIE = "auth._token"
# Readable by the page, not a secret: tells the client a session may exist, so a visitor's
# page skips GET /api/user (and its 403) entirely. Set and cleared with the session cookie.
HINT_COOKIE = "auth.present"


def session_token() -> str | None:
    return request.cookies.get(COOKIE)


# Requests that only read may take a session lookup this process made within the last
# second (application.recent_sign_ins); any other request reads it afresh.
_READS = frozenset({"GET", "HEAD"})


def signed_in() -> SignedIn | None:
    """The session lookup, once per request (it reads the member's page data too)."""
    if "signed_in" not in g:
        if request.method in _READS:
            g.signed_in = container().recent_sign_ins().signed_in(session_token())
        else:
            g.signed_in = container().sign_in().signed_in(session_token())
    found: SignedIn | None = g.signed_in
    return found


def init_sessions(app: Flask) -> None:
    app.teardown_request(_announce_change)
    announcer = app.extensions["amora_account_writes"] = _AnnouncedWrites(
        app.extensions["amora"])
    account_writes.listen(announcer)


class _AnnouncedWrites:
    """Every commit of this app's use cases that wrote a member's account or sessions (a
    ban, a logout, a revoked session, a new password, a closed account), announced as the
    member's own changes are, whatever request made it (issue 36.1): what the processes
    remember of the member's sign-in is forgotten at once."""

    def __init__(self, built: Container) -> None:
        self._container = built

    def heard_written(self, engine: Engine, members: Collection[int]) -> None:
        if engine is not self._container.engine():
            return  # another app's database (tests build several in one process)
        _announce(self._container, members)


def changed(member_id: int) -> None:
    """This request changed a member it found by other means than its session (a link's
    token: activation, a new e-mail address, reactivation): announced with its own."""
    g.setdefault("changed_members", set()).add(member_id)


def _announce_change(_error: BaseException | None) -> None:
    """After a request that may have changed its member's account, every process forgets
    what it remembers of their sign-in: this one at once, the others when they hear it."""
    if request.method in _READS:
        return
    found = g.get("signed_in")
    members = set(g.get("changed_members", ())) | ({found.member.id} if found else set())
    _announce(container(), members)


def _announce(built: Container, members: Collection[int]) -> None:
    for member_id in members:
        built.recent_sign_ins().forget(member_id)
        built.events().publish(ACCOUNTS, AccountChanged(member_id))


def require_signed_in() -> SignedIn:
    found = signed_in()
    if found is None:
        raise DomainError("authentication_required")
    return found


def current_member() -> Member | None:
    found = signed_in()
    return found.member if found else None


def require_member() -> Member:
    return require_signed_in().member


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
