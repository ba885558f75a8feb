"""Changing one site setting from text, as an operator types it on the command line.

``key`` names a field; texts per language use ``field.<lang>``, message floors
``minimum_message_costs.<COUNTRY>`` and notes ``visible_profile_notes.<field>.<lang>``.
An empty value removes a per-language text, a floor or a note.

What is typed meets the rules members' own input meets: whole numbers in ASCII digits
within the setting's sensible range (a typo such as 99999999999999999999 would overflow the
database's integers or a member's request later), texts without control or formatting
characters (a CR/LF in ``mail_name`` would end up in a mail header), line feeds only in the
texts that are paragraphs, and every text within its length.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from domain.accounts import email_error
from domain.credits import MAX_AMOUNT
from domain.decisions import Ground
from domain.errors import DomainError
from domain.locales import LOCALE_CODES
from domain.sites import LEGAL_MIN_AGE, MessageCost, Site
from domain.texts import (
    has_control_characters,
    has_control_characters_in_lines,
    normalise_lines,
)

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
# The range each number may take. Credits are booked one ledger entry at a time, so no
# setting in credits may exceed what one entry may move (MAX_AMOUNT).
INT_RANGES = {
    "niche": (1, 7), "message_credits": (0, MAX_AMOUNT), "signup_credits": (0, MAX_AMOUNT),
    "photo_credits": (0, MAX_AMOUNT), "gift_credits": (0, MAX_AMOUNT),
    "message_length": (1, 10_000), "refund_days": (0, 365), "min_age": (LEGAL_MIN_AGE, 99),
    "company_id": (1, 2**31 - 1), "partner_countdown": (0, 300),
    "swipe_likes_per_day": (0, 10_000), "free_messages": (0, 10_000),
    "chat_history_limit": (0, 100_000), "welcome_discount_hours": (0, 24 * 365),
    "directdebit_limit": (0, 100), "minimum_message_costs": (0, MAX_AMOUNT),
}
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,12}")  # int() would also take 1_000 and Arabic digits
# Texts a page shows as paragraphs may hold line feeds; every other text is one line.
PARAGRAPHS = ("description", "fictional_warning", "visible_profile_notes", "ground_texts")
# A site's wording of a ground: `ground_texts.terms:spam.de` (issue 30.2).
GROUND_FIELDS = ("ground_titles", "ground_texts")
LONGEST = {"domain": 253, "name": 100, "mail_name": 100, "support_phone": 50, "support_email": 254,
           "partner_url": 500, "push_public_key": 200, "time_zone": 64}
LONGEST_LINE, LONGEST_PARAGRAPH = 200, 2000
_TRUE = {"yes", "true", "on", "1"}
_FALSE = {"no", "false", "off", "0"}
_UPPER_LISTS = ("countries", "entry_popup_countries")


def _invalid(key: str, raw: str) -> DomainError:
    return DomainError("invalid_setting", field=key, value=raw)


def _int(key: str, raw: str) -> int:
    text = raw.strip()
    if not _WHOLE_NUMBER.fullmatch(text):
        raise _invalid(key, raw)
    lowest, highest = INT_RANGES[key.partition(".")[0]]
    if not lowest <= int(text) <= highest:
        raise DomainError("invalid_setting", field=key, value=text, min=lowest, max=highest)
    return int(text)


def _text(key: str, raw: str) -> str:
    """A text as stored: trimmed, line ends as \\n where a paragraph may have them."""
    field = key.partition(".")[0]
    if field in PARAGRAPHS:
        text = normalise_lines(raw).strip()
        wrong = has_control_characters_in_lines(text) or len(text) > LONGEST_PARAGRAPH
    else:
        text = raw.strip()
        wrong = has_control_characters(text) or len(text) > LONGEST.get(field, LONGEST_LINE)
    if wrong or (field == "support_email" and text and email_error(text)):
        raise _invalid(key, raw)
    return text


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
        return {field: _with_entry(getattr(site, field), lang, _text(key, raw))}
    if field == "minimum_message_costs":
        country = rest.upper()
        return {field: _with_entry(site.minimum_message_costs, country, _message_cost(key, raw))}
    if field == "visible_profile_notes":
        profile_field, _, lang = rest.partition(".")
        notes = dict(site.visible_profile_notes.get(profile_field, {}))
        texts = _with_entry(notes, _language(key, raw, lang), _text(key, raw))
        return {field: _with_entry(site.visible_profile_notes, profile_field, texts or None)}
    if field in GROUND_FIELDS:
        code, _, lang = rest.rpartition(".")
        ground = str(_ground(key, raw, code))
        texts = dict(getattr(site, field).get(ground, {}))
        texts = _with_entry(texts, _language(key, raw, lang), _text(key, raw))
        return {field: _with_entry(getattr(site, field), ground, texts or None)}
    raise DomainError("unknown_setting", field=key)


def _ground(key: str, raw: str, code: str) -> Ground:
    try:
        return Ground.parse(code)
    except DomainError:
        raise _invalid(key, raw) from None


def _plain(key: str, raw: str) -> Any:
    if key in INT_FIELDS:
        return _int(key, raw)
    if key in BOOL_FIELDS:
        return _bool(key, raw)
    if key in LIST_FIELDS:
        return _list(key, raw)
    if key in STRING_FIELDS:
        value = _text(key, raw)
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
) + ("minimum_message_costs.<COUNTRY>", "visible_profile_notes.<field>.<lang>",
   "ground_titles.<kind:code>.<lang>", "ground_texts.<kind:code>.<lang>")
