"""The device cookie (issue 31.3): a long-lived random id for the browser, so that a ban
can list the device a member used and a signup from it is held for review.

`amora_device`: 24 random bytes (URL-safe base64, 32 characters), HttpOnly, SameSite=Lax,
Secure behind HTTPS, 400 days (the most browsers keep a cookie). It is given with the
first page or API answer a browser gets (the signup's own answer, if that comes first,
records the same id it gives), never with a file or an answer shared caches may keep
(assets, photos, public landers): a cached Set-Cookie would hand one id to everybody.
It says nothing about the person and is kept with their sessions only (sessions.device),
which go when the account is erased."""

from __future__ import annotations

import secrets
from datetime import timedelta

from flask import Flask, Response, g, request

from adapters.http.session import _secure
from domain.blocklists import DEVICE_ID

DEVICE_COOKIE = "amora_device"
DEVICE_LIFETIME = timedelta(days=400)
_NEW = "new_device"


def device_id() -> str:
    """This browser's device id: its cookie's, or a new one it is given with the answer."""
    found = request.cookies.get(DEVICE_COOKIE)
    if found and DEVICE_ID.fullmatch(found):
        return found
    if _NEW not in g:
        g.setdefault(_NEW, secrets.token_urlsafe(24))
    new: str = g.get(_NEW)
    return new


def _give_device(response: Response) -> Response:
    # A browser that has its cookie is the common case, and the cheap one to tell (the
    # cookies are parsed already, for the session): the answer's cache and type are
    # parsed only to decide on giving one (issue 36.1).
    if _NEW not in g:
        found = request.cookies.get(DEVICE_COOKIE)
        if found and DEVICE_ID.fullmatch(found):
            return response
    if response.cache_control.public or not (request.path.startswith("/api/")
                                              or response.mimetype == "text/html"):
        return response
    response.set_cookie(DEVICE_COOKIE, device_id(),
                        max_age=int(DEVICE_LIFETIME.total_seconds()), path="/",
                        httponly=True, samesite="Lax", secure=_secure())
    return response


def init_devices(app: Flask) -> None:
    app.after_request(_give_device)
