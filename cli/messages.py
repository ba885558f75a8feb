"""English wording of rule codes for operators at the terminal."""

from __future__ import annotations

from domain.errors import DomainError

_MESSAGES = {
    "invalid_setting": "Invalid value for {field}: {value}",
    "unknown_setting": "Unknown setting {field}",
    "site_not_found": "No site with domain {domain}",
    "domain_taken": "Another site already uses {domain}",
    "company_not_found": "No such company",
    "member_not_found": "No such member",
    "reason_required": "Give a --reason",
    "already_banned": "The member is already banned",
    "not_banned": "The member is not banned",
    "member_deleted": "The member deleted their account",
    "photo_not_found": "No such photo",
}


def describe(error: DomainError) -> str:
    template = _MESSAGES.get(error.code, error.code)
    params = {"field": "", "value": "", "domain": "", **error.params}
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return error.code
