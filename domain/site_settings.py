"""Changing one site setting from text, as an operator types it on the command line.

``key`` names a field; texts per language use ``field.<lang>``, message floors
``minimum_message_costs.<COUNTRY>`` and notes ``visible_profile_notes.<field>.<lang>``.
An empty value removes a per-language text, a floor or a note.
"""

from __future__ import annotations

from typing import Any

import attrs

from domain.errors import DomainError
from domain.locales import LOCALE_CODES
from domain.sites import MessageCost, Site

TEXT_FIELDS = (
    "index_title", "description", "fictional_warning", "fictional_singular", "fictional_plural",
)
INT_FIELDS = (
    "niche", "message_credits", "signup_credits", "photo_credits", "gift_credits",
    "message_length", "refund_days", "min_age", "company_id", "partner_countdown",
    "swipe_likes_per_day", "free_messages", "chat_history_limit", "welcome_discount_hours",
    "directdebit_limit",
)
BOOL_FIELDS = ("enable_site_entry_popup", "member_resell", "login_links")
LIST_FIELDS = (
    "locales", "countries", "entry_popup_countries", "visible_profile_fields", "search_fields",
)
STRING_FIELDS = (
    "name", "domain", "domain_language", "cdn_prefix", "signups", "logged_out_search",
    "logged_out_search_trafficsource", "push_public_key", "support_phone", "support_email",
    "mail_name", "fictional_icon", "partner_url", "time_zone",
)
_TRUE = {"yes", "true", "on", "1"}
_FALSE = {"no", "false", "off", "0"}
_UPPER_LISTS = ("countries", "entry_popup_countries")


def _invalid(key: str, raw: str) -> DomainError:
    return DomainError("invalid_setting", field=key, value=raw)


def _int(key: str, raw: str) -> int:
    try:
        return int(raw.strip())
    except ValueError:
        raise _invalid(key, raw) from None


def _bool(key: str, raw: str) -> bool:
    word = raw.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise _invalid(key, raw)


def _list(key: str, raw: str) -> tuple[str, ...]:
    items = tuple(item.strip() for item in raw.split(",") if item.strip())
    return tuple(item.upper() for item in items) if key in _UPPER_LISTS else items


def _with_entry(mapping: Any, key: str, value: Any) -> dict[str, Any]:
    changed = dict(mapping)
    if value in ("", None):
        changed.pop(key, None)
    else:
        changed[key] = value
    return changed


def _language(key: str, raw: str, lang: str) -> str:
    if lang not in LOCALE_CODES:
        raise _invalid(key, raw)
    return lang


def _message_cost(key: str, raw: str) -> MessageCost | None:
    if not raw.strip():
        return None
    parts = raw.split()
    if len(parts) != 2:
        raise _invalid(key, raw)
    return MessageCost(costs=_int(key, parts[0]), currency=parts[1].upper())


def _nested(site: Site, key: str, raw: str) -> dict[str, Any]:
    field, _, rest = key.partition(".")
    if field in TEXT_FIELDS:
        lang = _language(key, raw, rest)
        return {field: _with_entry(getattr(site, field), lang, raw.strip())}
    if field == "minimum_message_costs":
        country = rest.upper()
        return {field: _with_entry(site.minimum_message_costs, country, _message_cost(key, raw))}
    if field == "visible_profile_notes":
        profile_field, _, lang = rest.partition(".")
        notes = dict(site.visible_profile_notes.get(profile_field, {}))
        texts = _with_entry(notes, _language(key, raw, lang), raw.strip())
        return {field: _with_entry(site.visible_profile_notes, profile_field, texts or None)}
    raise DomainError("unknown_setting", field=key)


def _plain(key: str, raw: str) -> Any:
    if key in INT_FIELDS:
        return _int(key, raw)
    if key in BOOL_FIELDS:
        return _bool(key, raw)
    if key in LIST_FIELDS:
        return _list(key, raw)
    if key in STRING_FIELDS:
        value = raw.strip()
        if key == "domain":
            return value.lower()
        return value or None if key == "domain_language" else value
    raise DomainError("unknown_setting", field=key)


def change_setting(site: Site, key: str, raw: str) -> Site:
    """The site with one setting changed; raises DomainError and changes nothing on bad input."""
    changes = _nested(site, key, raw) if "." in key else {key: _plain(key, raw)}
    try:
        return attrs.evolve(site, **changes)
    except ValueError as error:  # e.g. a niche outside 1-7
        raise _invalid(key, raw) from error


SETTING_KEYS = STRING_FIELDS + INT_FIELDS + BOOL_FIELDS + LIST_FIELDS + tuple(
    f"{field}.<lang>" for field in TEXT_FIELDS
) + ("minimum_message_costs.<COUNTRY>", "visible_profile_notes.<field>.<lang>")
