"""Transparency figures and statements (issue 30.6, DSA Art. 15, 17 and 24): the counting
rules of the report, and each decision as a statement of reasons in the shape of the EU
Transparency Database, without personal data: no member, no item, no free text; the
facts are said in the catalogue's words of the restriction and its ground."""

from __future__ import annotations

import hashlib
import statistics
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, timedelta

from domain.decisions import Decision, GroundKind, ItemKind, Restriction


def median_hours(durations: Iterable[timedelta]) -> float | None:
    """The median time in hours (None when nothing was timed)."""
    hours = [duration.total_seconds() / 3600 for duration in durations]
    return round(statistics.median(hours), 2) if hours else None


def months_between(start: date, end: date) -> list[str]:
    """The calendar months ("2026-11") that the days start..end (inclusive) touch."""
    months: list[str] = []
    year, month = start.year, start.month
    while (year, month) <= (end.year, end.month):
        months.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def monthly_average(active: Mapping[str, int], months: Sequence[str]) -> float:
    """Average monthly active members: each month of the period counts, a month with no
    one seen as zero."""
    if not months:
        return 0.0
    return round(sum(active.get(month, 0) for month in months) / len(months), 1)


_VISIBILITY = {
    Restriction.PHOTO_REJECTED: "DECISION_VISIBILITY_CONTENT_DISABLED",
    Restriction.PHOTO_REMOVED: "DECISION_VISIBILITY_CONTENT_REMOVED",
    Restriction.TEXT_REMOVED: "DECISION_VISIBILITY_CONTENT_REMOVED",
    Restriction.MESSAGE_HELD: "DECISION_VISIBILITY_CONTENT_DISABLED",
    Restriction.MESSAGE_REMOVED: "DECISION_VISIBILITY_CONTENT_REMOVED",
    Restriction.SENDING_LIMITED: "DECISION_VISIBILITY_CONTENT_INTERACTION_RESTRICTED",
}
_MONETARY = {Restriction.CREDITS_REVOKED: "DECISION_MONETARY_OTHER",
             Restriction.DIRECT_DEBIT_BLOCKED: "DECISION_MONETARY_OTHER"}
_ACCOUNT = {Restriction.BAN: "DECISION_ACCOUNT_SUSPENDED",
            Restriction.ACCOUNT_HELD: "DECISION_ACCOUNT_SUSPENDED"}
_CONTENT = {ItemKind.PHOTO: ["CONTENT_TYPE_IMAGE"], ItemKind.PROFILE_TEXT: ["CONTENT_TYPE_TEXT"],
            ItemKind.MESSAGE: ["CONTENT_TYPE_TEXT"]}
_CATEGORY = {
    "fake_profile": "STATEMENT_CATEGORY_SCAMS_AND_FRAUD",
    "impersonation": "STATEMENT_CATEGORY_SCAMS_AND_FRAUD",
    "scam": "STATEMENT_CATEGORY_SCAMS_AND_FRAUD",
    "fraud": "STATEMENT_CATEGORY_SCAMS_AND_FRAUD",
    "payment_abuse": "STATEMENT_CATEGORY_SCAMS_AND_FRAUD",
    "underage": "STATEMENT_CATEGORY_PROTECTION_OF_MINORS",
    "child_protection": "STATEMENT_CATEGORY_PROTECTION_OF_MINORS",
    "harassment": "STATEMENT_CATEGORY_CYBER_VIOLENCE",
    "hate": "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH",
    "illegal_content": "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH",
    "sexual_content": "STATEMENT_CATEGORY_PORNOGRAPHY_OR_SEXUALIZED_CONTENT",
    "photo_rules": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
    "non_consensual_images": "STATEMENT_CATEGORY_NON_CONSENSUAL_BEHAVIOUR",
    "spam": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
    "off_platform_contact": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
    "commercial": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
    "ban_evasion": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
    "other_terms": "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
}


def puid(platform: str, decision_id: int) -> str:
    """A platform-unique id that names no one: a hash of the site and the decision."""
    digest = hashlib.sha256(f"{platform}:{decision_id}".encode()).hexdigest()[:32]
    return f"amora-{digest}"


def statement(found: Decision, platform: str, territory: Sequence[str],
              facts: str) -> dict[str, object]:
    """The decision as an EU Transparency Database statement of reasons. `facts` is a
    generic sentence (the restriction and ground in words), never the operator's text,
    which may name people."""
    illegal = found.ground.kind is GroundKind.LAW
    automated = {(True, True): "AUTOMATED_DECISION_FULLY",
                 (False, True): "AUTOMATED_DECISION_FULLY",
                 (True, False): "AUTOMATED_DECISION_PARTIALLY",
                 (False, False): "AUTOMATED_DECISION_NOT_AUTOMATED"}
    out: dict[str, object] = {
        "puid": puid(platform, found.id),
        "decision_ground": ("DECISION_GROUND_ILLEGAL_CONTENT" if illegal
                            else "DECISION_GROUND_INCOMPATIBLE_CONTENT"),
        "category": _CATEGORY.get(found.ground.code,
                                  "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE"),
        "content_type": _CONTENT.get(found.item_kind, ["CONTENT_TYPE_OTHER"]),
        "application_date": found.decided_at.date().isoformat(),
        "content_date": found.decided_at.date().isoformat(),
        "decision_facts": facts,
        "automated_detection": "Yes" if found.detected_automatically else "No",
        "automated_decision": automated[found.detected_automatically,
                                        found.decided_automatically],
        "source_type": "SOURCE_ARTICLE_16" if found.notice_id else "SOURCE_VOLUNTARY",
        "territorial_scope": list(territory),
    }
    if found.restriction in _VISIBILITY:
        out["decision_visibility"] = [_VISIBILITY[found.restriction]]
    if found.restriction in _MONETARY:
        out["decision_monetary"] = _MONETARY[found.restriction]
    if found.restriction in _ACCOUNT:
        out["decision_account"] = _ACCOUNT[found.restriction]
        out["account_type"] = "ACCOUNT_TYPE_PRIVATE"
    if illegal:
        out["illegal_content_legal_ground"] = found.ground.code
        out["illegal_content_explanation"] = facts
    else:
        out["incompatible_content_ground"] = found.ground.code
        out["incompatible_content_explanation"] = facts
        out["incompatible_content_illegal"] = "No"
    return out
