"""The "was this you?" mail (issue 33.3): a sign-in from a device the member has not used
before is told to them, with the device and browser, the rough place and the time, and a
link that ends that session (it works once, without signing in) and a word to choose a
new password. Queued with the session in the sign-in's transaction
(application.sign_in_sessions.start_session); the job makes the link's token itself, so
the raw token is only ever mailed."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import attrs

from application.account_mails import AccountMails
from application.ports.clock import Clock
from application.ports.security import Secrets
from application.ports.sign_ins import PlaceNames, UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import NoticesUnit
from application.shared.lookups import existing_member, site_of_member
from application.shared.sign_ins import END_LINK_PURPOSE
from domain.members import AccountStatus
from domain.notifications import MailOff, may_mail_account
from domain.sign_ins import END_LINK_LIFETIME, Browser

NEW_DEVICE_MAIL = "new_device"
END_LINK_PATH = "/sessions/end?token={token}"
PASSWORD_PATH = "/reset-password"  # works signed in or not: the attacker may have changed it


def device_words(said: Browser) -> str:
    """"iPhone, iOS 17, Mobile Safari 17": the names as the browser gives them (product
    names, the same in every language); empty when it gives none."""
    parts = [said.device,
             " ".join(part for part in (said.system, said.system_version) if part),
             " ".join(part for part in (said.browser, said.browser_version) if part)]
    return ", ".join(part for part in parts if part)


@attrs.frozen
class NewDeviceMails:
    uow: UnitFactory[NoticesUnit]
    clock: Clock
    secrets: Secrets
    mails: AccountMails
    user_agents: UserAgents
    places: PlaceNames
    base_url: str

    def send(self, session_id: int) -> None:
        """The mail about this session's sign-in (also when the session has ended since:
        whoever signed in had the password). Nothing for an erased or closed account, or
        an address that bounces."""
        now = self.clock.now()
        token = self.secrets.token()
        with self.uow() as uow:
            session = uow.sessions.details(session_id)
            member = existing_member(uow, session.member_id) if session else None
            if session is None or member is None \
                    or member.status not in (AccountStatus.ACTIVE, AccountStatus.NOT_CONFIRMED):
                return
            _, off = uow.notifications.preferences(member.id)
            if not may_mail_account(MailOff(off) if off else None):
                return  # the address bounces: nothing would arrive
            site = site_of_member(uow, member)
            company = uow.companies.get(site.company_id)
            uow.tokens.add(member.id, END_LINK_PURPOSE, self.secrets.digest(token), now,
                           now + END_LINK_LIFETIME, target=str(session.id))
            uow.commit()
        device = device_words(self.user_agents.describe(session.user_agent))
        country = self.places.country(session.country, member.language) \
            if session.country else None
        at = session.created_at.astimezone(ZoneInfo(site.time_zone))
        base = self.base_url.format(domain=site.domain)
        self.mails.deliver(NEW_DEVICE_MAIL, site, company, member,
                           base + END_LINK_PATH.format(token=token), END_LINK_LIFETIME, {
                               "what": "known" if device else "unknown", "device": device,
                               "where": "known" if country else "unknown",
                               "country": country or "",
                               "day": at.date(), "time": at.strftime("%H:%M"),
                               "zone": site.time_zone,
                               "password_link": base + PASSWORD_PATH})
