"""The transparency report and statements of reasons (issue 30.6, DSA Art. 15 and 24).

Time to action: from a notice to the first decision taken on it; a notice closed without
a decision counts from notice to resolution. Average monthly active members: members
who began a session, sent a message or liked someone in a month, or were last seen in it,
averaged over the period's months.
Statements carry no personal data: the facts are the restriction and the ground in the
catalogue's (English) words, never the operator's text, which may name people."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, time, timedelta

import attrs

from application.ports.decisions import DecisionFilter
from application.ports.grounds import GroundTexts
from application.ports.transaction import UnitFactory
from application.ports.units import ReportsUnit
from application.shared.site_lookup import named_site, resolve_site
from domain.decisions import Decision, ItemKind
from domain.errors import DomainError
from domain.sites import Site
from domain.transparency import median_hours, monthly_average, months_between, statement

EVERY_DECISION = 10_000_000  # a report reads the whole period
_WORDS = {"ban": "Account suspended", "photo_rejected": "Photo rejected",
          "photo_removed": "Photo removed", "photo_held": "Photo held for review",
          "text_removed": "Profile text removed",
          "message_held": "Message held back", "message_removed": "Message removed",
          "credits_revoked": "Credits revoked", "direct_debit_blocked": "Direct debit blocked",
          "account_held": "Account held for review",
          "sending_limited": "Sending of messages limited"}


@attrs.frozen(kw_only=True)
class Report:
    start: date
    end: date  # inclusive
    site: str | None
    notices: dict[str, dict[str, int]]  # category -> outcome (open, action_taken, ...) -> n
    notices_total: int
    median_hours_to_action: float | None
    decisions_by_kind: dict[str, int]
    decisions_by_ground: dict[str, int]
    decisions_by_automation: dict[str, int]
    appeals: dict[str, dict[str, int]]  # restriction -> status -> n
    average_monthly_active_members: float


def _period(start: date, end: date) -> tuple[datetime, datetime]:
    if end < start:
        raise DomainError("invalid_request", detail="period")
    return (datetime.combine(start, time(), UTC),
            datetime.combine(end + timedelta(days=1), time(), UTC))


def _automation(found: Decision) -> str:
    return {(False, False): "none", (True, False): "detected",
            (False, True): "decided", (True, True): "detected_and_decided"}[
        found.detected_automatically, found.decided_automatically]


@attrs.frozen
class Transparency:
    uow: UnitFactory[ReportsUnit]
    grounds: GroundTexts

    def report(self, start: date, end: date, site_domain: str | None = None) -> Report:
        since, until = _period(start, end)
        with self.uow() as uow:
            site_id = named_site(uow, site_domain).id if site_domain else None
            notices = uow.transparency.notices(site_id, since, until)
            found = self._decisions(uow, site_id, since, until)
            appeals = uow.transparency.appeals(site_id, since, until)
            active = uow.transparency.active_members(site_id, since, until)
        by_category: dict[str, Counter[str]] = {}
        for notice in notices:
            by_category.setdefault(notice.category, Counter())[notice.outcome or "open"] += 1
        appeal_table: dict[str, Counter[str]] = {}
        for (kind, status), count in appeals.items():
            appeal_table.setdefault(kind, Counter())[status] += count
        return Report(
            start=start, end=end, site=site_domain,
            notices={key: dict(value) for key, value in sorted(by_category.items())},
            notices_total=len(notices),
            median_hours_to_action=median_hours(
                acted - notice.created_at for notice in notices
                if (acted := notice.first_action_at or notice.resolved_at) is not None),
            decisions_by_kind=dict(Counter(f.restriction.value for f in found)),
            decisions_by_ground=dict(Counter(str(f.ground) for f in found)),
            decisions_by_automation=dict(Counter(_automation(f) for f in found)),
            appeals={key: dict(value) for key, value in sorted(appeal_table.items())},
            average_monthly_active_members=monthly_average(active,
                                                           months_between(start, end)))

    def statements(self, start: date, end: date,
                   site_domain: str | None = None) -> list[dict[str, object]]:
        since, until = _period(start, end)
        with self.uow() as uow:
            site_id = named_site(uow, site_domain).id if site_domain else None
            found = self._decisions(uow, site_id, since, until)
            sites = {f.site_id: uow.sites.get(f.site_id) or resolve_site(uow, None)
                     for f in found}
            posted = uow.transparency.posted_at([key for f in found if (key := _posted(f))])
        written = []
        for item in found:
            site = sites[item.site_id]
            title, text = self.grounds.describe(site, item.ground, "en")
            written.append(statement(
                item, site.domain, _territory(site), self._facts(item, title),
                ground_title=title, ground_text=text,
                content_at=posted.get(_posted(item) or ("", ""))))
        return written

    @staticmethod
    def _decisions(uow: ReportsUnit, site_id: int | None, since: datetime,
                   until: datetime) -> list[Decision]:
        return list(uow.decisions.find(DecisionFilter(site_id=site_id, since=since,
                                                      until=until, limit=EVERY_DECISION)))

    @staticmethod
    def _facts(found: Decision, title: str) -> str:
        rule = "the legal provision" if found.ground.kind.value == "law" else "the terms"
        how = ("after a notice" if found.notice_id is not None
               else "on the provider's own initiative")
        return f"{_WORDS[found.restriction.value]} {how}, under {rule}: {title}."


def _posted(found: Decision) -> tuple[str, str] | None:
    """Where the restricted item's posting day is read: the photo or message itself; an
    account, its profile text, credits or payment method from the member's sign-up."""
    if found.item_kind in (ItemKind.PHOTO, ItemKind.MESSAGE) and found.item_id:
        return found.item_kind.value, found.item_id
    return ("member", str(found.member_id)) if found.member_id is not None else None


# The EU and EEA countries as the database spells them (Greece is GR): where a site names
# none of them, it is offered in all of them.
EEA = ("AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE",
       "IS", "IT", "LI", "LT", "LU", "LV", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK")


def _territory(site: Site) -> list[str]:
    named = sorted({code.upper() for code in site.countries} & set(EEA))
    return named or list(EEA)
