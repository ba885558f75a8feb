"""Reading what the visitor sent: language, country, site host, JSON bodies."""

from __future__ import annotations

import re
from typing import Any, TypeVar

import cattrs
from flask import request

from domain.errors import DomainError
from domain.locales import LOCALE_CODES

T = TypeVar("T")
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_NOT_COUNTRIES = {"XX", "T1", "ZZ"}  # proxies' "unknown" and "Tor" markers
_strict = cattrs.Converter(forbid_extra_keys=True)


def _exactly(kind: type) -> Any:
    """JSON types as sent: a number is not a text, true is not 1 (cattrs would convert)."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}")
        return value

    return structure


for _kind in (str, int, bool):
    _strict.register_structure_hook(_kind, _exactly(_kind))


def site_host() -> str:
    return request.args.get("_force_domain") or request.host


def language() -> str | None:
    """The language of site texts: ?lang=, else the locale cookie, else Accept-Language."""
    for candidate in (request.args.get("lang"), request.cookies.get("i18n_redirected")):
        if candidate and candidate in LOCALE_CODES:
            return candidate
    match = request.accept_languages.best_match(sorted(LOCALE_CODES))
    return match


def geoip_country(header: str) -> str | None:
    """The visitor's country as a trusted proxy told it; None without a usable header."""
    value = request.headers.get(header, "").strip().upper()
    return value if _COUNTRY.match(value) and value not in _NOT_COUNTRIES else None


def json_body(kind: type[T]) -> T:
    """The JSON body as ``kind``; a malformed body or a wrong type is a 400, never a 500."""
    data: Any = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise DomainError("invalid_json")
    try:
        return _strict.structure(data, kind)
    except (cattrs.ClassValidationError, cattrs.ForbiddenExtraKeysError, ValueError,
            TypeError) as error:
        raise DomainError("invalid_request", detail=_describe(error)) from None


def _describe(error: Exception) -> str:
    if isinstance(error, cattrs.ClassValidationError):
        return "; ".join(cattrs.transform_error(error))
    return str(error)
