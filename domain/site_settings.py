"""Changing one site setting from text, as an operator types it on the command line.

``key`` names a field; texts per language use ``field.<lang>``, message floors
``minimum_message_costs.<COUNTRY>`` and notes ``visible_profile_notes.<field>.<lang>``.
An empty value removes a per-language text, a floor or a note.

What is typed meets the rules members' own input meets: whole numbers in ASCII digits
within the setting's sensible range (a typo such as 99999999999999999999 would overflow the
database's integers or a member's request later), texts without control or formatting
characters (a CR/LF in ``mail_name`` would end up in a mail header), line feeds only in the
texts that are paragraphs, and every text within its length.

Codes and numbers are checked against their standards (issue 32.5): countries are ISO 3166
(``XX`` is refused), currencies ISO 4217 (``CHX`` is refused), the support address is one
mail reaches and the support phone a valid number. The domain cannot import the libraries
that know them (pycountry, phonenumbers, email-validator): the caller passes ``Standards``
(application.sites does, with adapters/companies/checks.py); without them only the shape
is checked. An unknown key is refused with the nearest known one (difflib), if any.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Protocol

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
# The range each number may take: what a site could sensibly want, well inside what the
# database and the ledger hold (one ledger entry moves at most MAX_AMOUNT credits). A
# message, photo or gift costs at most 10,000 credits (bundles hold 100 to 1,500).
ACTION_CREDITS = 10_000
INT_RANGES = {
    "niche": (1, 7), "message_credits": (0, ACTION_CREDITS),
    "signup_credits": (0, min(MAX_AMOUNT, 100_000)),
    "photo_credits": (0, ACTION_CREDITS), "gift_credits": (0, ACTION_CREDITS),
    "message_length": (1, 10_000), "refund_days": (0, 365), "min_age": (LEGAL_MIN_AGE, 99),
    "company_id": (1, 2**31 - 1), "partner_countdown": (0, 300),
    "swipe_likes_per_day": (0, 10_000), "free_messages": (0, 10_000),
    "chat_history_limit": (0, 100_000), "welcome_discount_hours": (0, 24 * 365),
    "directdebit_limit": (0, 100), "minimum_message_costs": (0, ACTION_CREDITS),
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


class Standards(Protocol):
    """What the libraries know: each answers the value in its standard form, or None."""

    def country(self, code: str) -> str | None: ...
    def currency(self, code: str) -> str | None: ...
    def phone(self, number: str, country: str) -> str | None: ...
    def email(self, address: str) -> bool: ...


def _invalid(key: str, raw: str, expected: str | None = None) -> DomainError:
    """invalid_setting; ``expected`` says what the value should have been."""
    if expected is None:
        return DomainError("invalid_setting", field=key, value=raw)
    return DomainError("invalid_setting", field=key, value=raw, expected=expected)


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
    if wrong:
        raise _invalid(key, raw)
    if field == "support_email" and text and email_error(text):
        raise _invalid(key, raw, "an e-mail address mail can reach")
    return text


def _bool(key: str, raw: str) -> bool:
    word = raw.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise _invalid(key, raw)


def _list(key: str, raw: str, standards: Standards | None) -> tuple[str, ...]:
    items = tuple(item.strip() for item in raw.split(",") if item.strip())
    if key not in _UPPER_LISTS:
        return items
    return tuple(_country(key, item, standards) for item in items)


def _country(key: str, code: str, standards: Standards | None) -> str:
    """An ISO 3166 alpha-2 code (upper case): XX, UK or EU are not countries."""
    upper = code.strip().upper()
    if standards is None:
        return upper  # the shape is Site's to check
    known = standards.country(upper) if len(upper) == 2 else None
    if known is None:
        raise _invalid(key, code, "an ISO 3166 country code such as NL")
    return known


def _currency(key: str, code: str, standards: Standards | None) -> str:
    """An ISO 4217 code (upper case): CHX is none."""
    upper = code.strip().upper()
    if standards is None:
        return upper
    known = standards.currency(upper) if len(upper) == 3 else None
    if known is None:
        raise _invalid(key, code, "an ISO 4217 currency code such as EUR")
    return known


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


def _message_cost(key: str, raw: str, standards: Standards | None) -> MessageCost | None:
    if not raw.strip():
        return None
    parts = raw.split()
    if len(parts) != 2:
        raise _invalid(key, raw)
    return MessageCost(costs=_int(key, parts[0]), currency=_currency(key, parts[1], standards))


def _nested(site: Site, key: str, raw: str, standards: Standards | None) -> dict[str, Any]:
    field, _, rest = key.partition(".")
    if field in TEXT_FIELDS:
        lang = _language(key, raw, rest)
        return {field: _with_entry(getattr(site, field), lang, _text(key, raw))}
    if field == "minimum_message_costs":
        cost = _message_cost(key, raw, standards)
        # Removing a floor needs no real country: a wrong one stored earlier can go.
        country = _country(key, rest, standards if cost else None)
        return {field: _with_entry(site.minimum_message_costs, country, cost)}
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
    raise unknown_setting(key)


def _ground(key: str, raw: str, code: str) -> Ground:
    try:
        return Ground.parse(code)
    except DomainError:
        raise _invalid(key, raw) from None


def _contact(site: Site, key: str, value: str, standards: Standards | None) -> str:
    """The support address must be one mail reaches; the phone a valid number, written
    the international way (read as in the site's first country when it has no +)."""
    if not value or standards is None:
        return value
    if key == "support_email":
        if not standards.email(value):
            raise _invalid(key, value, "an e-mail address mail can reach")
        return value
    phone = standards.phone(value, site.countries[0] if site.countries else "")
    if phone is None:
        raise _invalid(key, value, "a phone number such as +31 20 123 4567")
    return phone


def _plain(site: Site, key: str, raw: str, standards: Standards | None) -> Any:
    if key in INT_FIELDS:
        return _int(key, raw)
    if key in BOOL_FIELDS:
        return _bool(key, raw)
    if key in LIST_FIELDS:
        return _list(key, raw, standards)
    if key in STRING_FIELDS:
        value = _text(key, raw)
        if key == "domain":
            return value.lower()
        if key in ("support_email", "support_phone"):
            return _contact(site, key, value, standards)
        return value or None if key == "domain_language" else value
    raise unknown_setting(key)


def change_setting(site: Site, key: str, raw: str, standards: Standards | None = None) -> Site:
    """The site with one setting changed; raises DomainError and changes nothing on bad
    input. ``standards`` checks codes, addresses and numbers (else their shape only)."""
    changes = (_nested(site, key, raw, standards) if "." in key
               else {key: _plain(site, key, raw, standards)})
    try:
        return attrs.evolve(site, **changes)
    except ValueError as error:  # e.g. a niche outside 1-7
        raise _invalid(key, raw) from error


PLAIN_KEYS = STRING_FIELDS + INT_FIELDS + BOOL_FIELDS + LIST_FIELDS
# The keys with a part of their own after the field, and what that part names.
NESTED_KEYS = {**{field: "<lang>" for field in TEXT_FIELDS},
               "minimum_message_costs": "<COUNTRY>", "visible_profile_notes": "<field>.<lang>",
               "ground_titles": "<kind:code>.<lang>", "ground_texts": "<kind:code>.<lang>"}
SETTING_KEYS = PLAIN_KEYS + tuple(f"{field}.{part}" for field, part in NESTED_KEYS.items())


def unknown_setting(key: str) -> DomainError:
    """unknown_setting, with the known key nearest to what was typed (`refund_day`:
    refund_days; `index_titel.de`: index_title.de; `index_title`: index_title.<lang>)."""
    field, dot, rest = key.partition(".")
    names = PLAIN_KEYS + tuple(NESTED_KEYS)
    close = difflib.get_close_matches(field.strip().lower(), names, n=1, cutoff=0.6)
    if not close:
        return DomainError("unknown_setting", field=key)
    name = close[0]
    suggestion = name if name in PLAIN_KEYS else f"{name}.{rest or NESTED_KEYS[name]}"
    if suggestion == key:  # a known field whose part is missing or unknown
        return DomainError("unknown_setting", field=key)
    return DomainError("unknown_setting", field=key, suggestion=suggestion)
