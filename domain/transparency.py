"""Transparency figures and statements (issue 30.6, DSA Art. 15, 17 and 24): the counting
rules of the report, and each decision as a statement of reasons in the shape of the EU
Transparency Database, without personal data: no member, no item, no free text; the
facts are said in the catalogue's words of the restriction and its ground."""

from __future__ import annotations

import hashlib
import statistics
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime, timedelta

from domain.decisions import Decision, DecisionStatus, GroundKind, ItemKind, Restriction


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


# What each restriction is in the database's terms: (field, value, end-date field). The
# "other" values need their words in *_other, or the API refuses the statement (422).
_EFFECT: dict[Restriction, tuple[str, str, str]] = {
    Restriction.BAN: ("decision_account", "DECISION_ACCOUNT_SUSPENDED",
                      "end_date_account_restriction"),
    Restriction.ACCOUNT_HELD: ("decision_account", "DECISION_ACCOUNT_SUSPENDED",
                               "end_date_account_restriction"),
    Restriction.PHOTO_REJECTED: ("decision_visibility", "DECISION_VISIBILITY_CONTENT_DISABLED",
                                 "end_date_visibility_restriction"),
    Restriction.PHOTO_REMOVED: ("decision_visibility", "DECISION_VISIBILITY_CONTENT_REMOVED",
                                "end_date_visibility_restriction"),
    # Held for review (issue 31.3): not shown to others until a moderator decides.
    Restriction.PHOTO_HELD: ("decision_visibility", "DECISION_VISIBILITY_CONTENT_DISABLED",
                             "end_date_visibility_restriction"),
    Restriction.TEXT_REMOVED: ("decision_visibility", "DECISION_VISIBILITY_CONTENT_REMOVED",
                               "end_date_visibility_restriction"),
    Restriction.MESSAGE_HELD: ("decision_visibility", "DECISION_VISIBILITY_CONTENT_DISABLED",
                               "end_date_visibility_restriction"),
    Restriction.MESSAGE_REMOVED: ("decision_visibility", "DECISION_VISIBILITY_CONTENT_REMOVED",
                                  "end_date_visibility_restriction"),
    # Not a payment to the member (what DECISION_MONETARY_SUSPENSION/TERMINATION mean), so
    # "other", said in words.
    Restriction.CREDITS_REVOKED: ("decision_monetary", "DECISION_MONETARY_OTHER",
                                  "end_date_monetary_restriction"),
    Restriction.DIRECT_DEBIT_BLOCKED: ("decision_monetary", "DECISION_MONETARY_OTHER",
                                       "end_date_monetary_restriction"),
    # The member may use the site, but not all of it.
    Restriction.SENDING_LIMITED: ("decision_provision", "DECISION_PROVISION_PARTIAL_SUSPENSION",
                                  "end_date_service_restriction"),
}
_MONETARY_OTHER = {
    Restriction.CREDITS_REVOKED: "Prepaid credits for the service were revoked",
    Restriction.DIRECT_DEBIT_BLOCKED: "Paying by SEPA direct debit was blocked",
}
# (content_type, content_type_other when it is CONTENT_TYPE_OTHER)
_CONTENT: dict[ItemKind, tuple[str, str | None]] = {
    ItemKind.ACCOUNT: ("CONTENT_TYPE_OTHER", "Member account of a dating site"),
    ItemKind.PHOTO: ("CONTENT_TYPE_IMAGE", None),
    ItemKind.PROFILE_TEXT: ("CONTENT_TYPE_TEXT", None),
    ItemKind.MESSAGE: ("CONTENT_TYPE_TEXT", None),
    ItemKind.CREDITS: ("CONTENT_TYPE_OTHER", "Prepaid credits"),
    ItemKind.PAYMENT_METHOD: ("CONTENT_TYPE_OTHER", "Payment method"),
}
# The category of each ground of the catalogue (domain.decisions TERMS_CLAUSES and
# LEGAL_PROVISIONS), and keywords (category_specification) where one fits. The database's
# categories since 2025-02-26: SCOPE_OF_PLATFORM_SERVICE, PORNOGRAPHY_OR_SEXUALIZED_CONTENT
# and NON_CONSENSUAL_BEHAVIOUR are gone (refused); a clause with no category of its own is
# OTHER_VIOLATION_TC. Keywords that say "illegal" (KEYWORD_HATE_SPEECH) are not used for a
# clause of the terms.
_TC, _FRAUD = "STATEMENT_CATEGORY_OTHER_VIOLATION_TC", "STATEMENT_CATEGORY_SCAMS_AND_FRAUD"
CATEGORIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "terms:fake_profile": (_FRAUD, ("KEYWORD_INAUTHENTIC_ACCOUNTS",)),
    "terms:impersonation": (_FRAUD, ("KEYWORD_IMPERSONATION_ACCOUNT_HIJACKING",)),
    "terms:underage": ("STATEMENT_CATEGORY_PROTECTION_OF_MINORS",
                       ("KEYWORD_AGE_SPECIFIC_RESTRICTIONS_MINORS",)),
    "terms:harassment": ("STATEMENT_CATEGORY_CYBER_VIOLENCE", ("KEYWORD_CYBER_HARASSMENT",)),
    "terms:hate": ("STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH", ("KEYWORD_DISCRIMINATION",)),
    "terms:photo_rules": (_TC, ()),
    "terms:sexual_content": (_TC, ("KEYWORD_ADULT_SEXUAL_MATERIAL",)),
    "terms:spam": (_TC, ()),
    "terms:scam": (_FRAUD, ()),
    "terms:off_platform_contact": (_TC, ()),
    "terms:commercial": (_TC, ("KEYWORD_GOODS_SERVICES_NOT_PERMITTED",)),
    "terms:payment_abuse": (_FRAUD, ()),
    "terms:ban_evasion": (_TC, ()),
    "terms:other_terms": (_TC, ()),
    # The catalogue's examples are threats and defamation: speech. After a notice the
    # database has its own category for illegal content of no named kind (below).
    "law:illegal_content": ("STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH", ()),
    "law:child_protection": ("STATEMENT_CATEGORY_PROTECTION_OF_MINORS", ()),
    "law:fraud": (_FRAUD, ()),
    "law:non_consensual_images": ("STATEMENT_CATEGORY_CYBER_VIOLENCE",
                                  ("KEYWORD_NON_CONSENSUAL_IMAGE_SHARING",)),
}
_NOT_SPECIFIED = "STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE"
EXPLANATION_MAX, GROUND_MAX, FACTS_MAX = 2000, 500, 5000  # the API's limits
_FIRST_CONTENT_DAY = date(2000, 1, 1)


def puid(platform: str, decision_id: int) -> str:
    """A platform-unique id that names no one: a hash of the site and the decision."""
    digest = hashlib.sha256(f"{platform}:{decision_id}".encode()).hexdigest()[:32]
    return f"amora-{digest}"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def category(found: Decision) -> tuple[str, tuple[str, ...]]:
    """The statement category and keywords of a decision's ground."""
    if str(found.ground) == "law:illegal_content" and found.notice_id is not None:
        return _NOT_SPECIFIED, ()
    return CATEGORIES[str(found.ground)]


def statement(found: Decision, platform: str, territory: Sequence[str], facts: str, *,
              ground_title: str, ground_text: str,
              content_at: datetime | None = None) -> dict[str, object]:
    """The decision as an EU Transparency Database statement of reasons. `facts` is a
    generic sentence (the restriction and ground in words), never the operator's text,
    which may name people; `ground_title` and `ground_text` are the ground's English words;
    `content_at` is when the item was posted (the account: made), if it is still known.

    incompatible_content_illegal is left out: a clause of the terms says nothing about
    whether the content is also illegal, and the field is optional."""
    illegal = found.ground.kind is GroundKind.LAW
    automated = {(True, True): "AUTOMATED_DECISION_FULLY",
                 (False, True): "AUTOMATED_DECISION_FULLY",
                 (True, False): "AUTOMATED_DECISION_PARTIALLY",
                 (False, False): "AUTOMATED_DECISION_NOT_AUTOMATED"}
    field, value, end_field = _EFFECT[found.restriction]
    content_type, content_other = _CONTENT[found.item_kind]
    kind, keywords = category(found)
    # The database takes posting days from 2000 on, and none after the decision.
    posted = (content_at if content_at is not None
              and _FIRST_CONTENT_DAY <= content_at.date() <= found.decided_at.date()
              else found.decided_at)
    out: dict[str, object] = {
        "puid": puid(platform, found.id),
        field: [value] if field == "decision_visibility" else value,
        "decision_ground": ("DECISION_GROUND_ILLEGAL_CONTENT" if illegal
                            else "DECISION_GROUND_INCOMPATIBLE_CONTENT"),
        "category": kind,
        "content_type": [content_type],
        "application_date": found.decided_at.date().isoformat(),
        "content_date": posted.date().isoformat(),
        "decision_facts": _cut(facts, FACTS_MAX),
        "automated_detection": "Yes" if found.detected_automatically else "No",
        "automated_decision": automated[found.detected_automatically,
                                        found.decided_automatically],
        "source_type": "SOURCE_ARTICLE_16" if found.notice_id else "SOURCE_VOLUNTARY",
        "territorial_scope": list(territory),
    }
    if value == "DECISION_MONETARY_OTHER":
        out["decision_monetary_other"] = _MONETARY_OTHER[found.restriction]
    if content_other is not None:
        out["content_type_other"] = content_other
    if keywords:
        out["category_specification"] = list(keywords)
    if field == "decision_account":
        out["account_type"] = "ACCOUNT_TYPE_PRIVATE"
    if found.status is DecisionStatus.LIFTED and found.lifted_at is not None:
        out[end_field] = max(found.lifted_at, found.decided_at).date().isoformat()
    explanation = _cut(f"{ground_title}: {ground_text}", EXPLANATION_MAX)
    if illegal:
        out["illegal_content_legal_ground"] = _cut(ground_title, GROUND_MAX)
        out["illegal_content_explanation"] = explanation
    else:
        out["incompatible_content_ground"] = _cut(ground_title, GROUND_MAX)
        out["incompatible_content_explanation"] = explanation
    return out
