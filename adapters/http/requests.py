"""Reading what the visitor sent: language, country, site host, ids, numbers, JSON bodies."""

from __future__ import annotations

import re
from typing import Any, TypeVar

import cattrs
from flask import request
from werkzeug.exceptions import NotFound
from werkzeug.routing import IntegerConverter

from domain.errors import DomainError
from domain.id_ranges import MAX_ID, is_id
from domain.locales import LOCALE_CODES

T = TypeVar("T")
D = TypeVar("D", int, None)
_DIGITS = re.compile(r"[0-9]{1,10}")
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_NOT_COUNTRIES = {"XX", "T1", "ZZ"}  # proxies' "unknown" and "Tor" markers
_strict = cattrs.Converter(forbid_extra_keys=True)


class IdConverter(IntegerConverter):
    """``<int:...>`` in our routes: an id outside 1..MAX_ID names nothing, so it is a 404
    here instead of an overflow in the database."""

    regex = r"-?\d+"

    def to_python(self, value: str) -> int:
        number = int(value) if len(value) <= 11 else 0
        if not is_id(number):
            raise NotFound()
        return number


def _exactly(kind: type) -> Any:
    """JSON types as sent: a number is not a text, true is not 1 (cattrs would convert)."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}")
        return value

    return structure


def _database_int(value: Any, _: Any) -> int:
    """A JSON integer the database can hold (every integer field of ours is an id)."""
    if type(value) is not int:
        raise TypeError("expected int")
    if not -MAX_ID - 1 <= value <= MAX_ID:
        raise ValueError("out of range")
    return value


for _kind in (str, bool):
    _strict.register_structure_hook(_kind, _exactly(_kind))
_strict.register_structure_hook(int, _database_int)


def query_int(name: str, default: D) -> int | D:
    """A whole number from the query string, 0..MAX_ID; anything else (an empty value
    too) is a 400. Left out, it is the default."""
    raw = request.args.get(name)
    if raw is None:
        return default
    if not _DIGITS.fullmatch(raw) or int(raw) > MAX_ID:
        raise DomainError("invalid_request", detail=name)
    return int(raw)


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


def json_body(kind: type[T], *, null_means_unset: bool = True) -> T:
    """The JSON body as ``kind``; a malformed body or a wrong type is a 400, never a 500.
    ``null_means_unset=False``: a field sent as null is refused (a body of changes whose
    fields are optional but never nullable, as the contract says), not read as left out."""
    data: Any = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise DomainError("invalid_json")
    if not null_means_unset and (nulls := sorted(key for key, value in data.items()
                                                 if value is None)):
        raise DomainError("invalid_request", detail=f"{nulls[0]} may not be null")
    try:
        return _strict.structure(data, kind)
    except (cattrs.ClassValidationError, cattrs.ForbiddenExtraKeysError, ValueError,
            TypeError) as error:
        raise DomainError("invalid_request", detail=_describe(error)) from None


def _describe(error: Exception) -> str:
    if isinstance(error, cattrs.ClassValidationError):
        return "; ".join(cattrs.transform_error(error))
    return str(error)
