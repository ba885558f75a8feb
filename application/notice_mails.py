"""The notifier's mails (issue 30.4, DSA Art. 16(4)-(6)): the acknowledgement as soon as a
notice is filed, and its outcome once an operator resolves it, in the language the
notifier wrote in. Both say what the notice was about only in general terms (a profile, a
photo, a message) and never anything about the reported member: not their name, nor the
operator's note, which may hold it. Sent by the `notice_mail` job, which the filing and
the resolving transactions queue."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import attrs

from application.ports.complaints import Complaint
from application.ports.notifications import Mailer
from application.ports.transaction import UnitFactory
from application.ports.units import NoticesUnit
from application.shared.mail_brand import MailTexts, brand_values, visitor_brand_values
from domain.complaints import NOTICE_OUTCOME, NOTICE_RECEIVED, URGENT_CATEGORIES
from domain.locales import DEFAULT_LOCALE
from domain.notifications import MailOff, may_mail_account
from domain.sites import Site

# Where the mails' button leads: how the site handles reports (the ban policy's section).
REPORTING_PATH = "/pages/ban#section-reporting"


@attrs.frozen
class NoticeMails:
    uow: UnitFactory[NoticesUnit]
    texts: MailTexts
    mailer: Mailer
    base_url: str

    def send(self, kind: str, complaint_id: int) -> None:
        if kind not in (NOTICE_RECEIVED, NOTICE_OUTCOME):
            raise ValueError(kind)
        with self.uow() as uow:
            notice = uow.complaints.get(complaint_id)
            if notice is None or (kind == NOTICE_OUTCOME and notice.outcome is None):
                return  # erased meanwhile (or resolved before outcomes existed)
            site = uow.sites.get(notice.site_id)
            if site is None:
                return
            recipient = _recipient(uow, notice, site)
        if recipient is None:
            return  # nowhere to write, or the address bounces
        address, brand = recipient
        zone = ZoneInfo(site.time_zone)
        base = self.base_url.format(domain=site.domain)
        values: dict[str, str | int | date] = {
            **brand, "number": notice.id, "link": base + REPORTING_PATH,
            "filed_on": notice.created_at.astimezone(zone).date(),
            "salutation": "named" if brand["name"] else "anonymous",
            "item": notice.item_kind or "none", "category": notice.category,
            "priority": "urgent" if notice.category in URGENT_CATEGORIES else "normal",
            "outcome": notice.outcome or "",
        }
        mail = self.texts.compose(kind, notice.language or DEFAULT_LOCALE, values)
        self.mailer.send(address, mail.subject, mail.text, mail.html,
                         sender_name=site.mail_name or site.name,
                         # The job runs at least once: a resent mail is the same mail.
                         message_id=f"<{kind}.{notice.id}@{site.domain}>")


def _recipient(uow: NoticesUnit, notice: Complaint,
               site: Site) -> tuple[str, dict[str, str]] | None:
    """A member is written to at their account's address as it is now, by their profile
    name; a visitor at the address and by the name they gave."""
    company = uow.companies.get(site.company_id)
    if notice.reporter_id is not None:
        member = uow.members.get(notice.reporter_id)
        if member is not None:
            _, off = uow.notifications.preferences(member.id)
            if not may_mail_account(MailOff(off) if off else None):
                return None
            return member.email, brand_values(site, company, member)
    if not notice.email:
        return None
    return notice.email, visitor_brand_values(site, company, notice.reporter_name or "")
