"""The account e-mails (activation, password reset, e-mail change, reactivation), sent by
a background job: the job makes the one-time link itself, so a raw token is never
stored or queued, only mailed."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from zoneinfo import ZoneInfo

import attrs

from application.ports.clock import Clock
from application.ports.grounds import GroundTexts
from application.ports.notifications import Mailer
from application.ports.security import Secrets, Signer
from application.ports.transaction import UnitFactory
from application.ports.units import NoticesUnit
from application.shared.account_changes import UNDO, UNDO_LIFETIME
from application.shared.decisions import DECISION_MAIL, OUTCOME_MAIL
from application.shared.lookups import existing_member, site_of_member
from application.shared.mail_brand import MailTexts, addressed_brand_values, brand_values
from application.shared.site_lookup import CLOSED_MAIL as SITE_CLOSED_MAIL
from application.shared.site_lookup import resolve_site
from domain.accounts import TOKEN_LIFETIMES
from domain.appeals import Appeal, AppealStatus
from domain.decisions import Decision, Restriction
from domain.members import Member
from domain.notifications import MailOff, may_mail_account
from domain.sites import Company, Site

LINK_PATHS = {
    "activation": "/activate/done?token={token}",
    "password_reset": "/reset-password/do?token={token}",
    "mail_change": "/mail-change/do?token={token}",
    "reactivation": "/account-deleted?reactivate={token}",
    "export_ready": "/my-data?token={token}",  # a page that downloads, or says why not
    # The address or password changed (issue 33.4): to the address the account had.
    "mail_changed": "/undo?token={token}",
    "password_changed": "/undo?token={token}",
}
# Mails whose link is stored under another purpose than the mail's kind, for this long.
TOKEN_PURPOSES = {"mail_changed": (UNDO, UNDO_LIFETIME), "password_changed": (UNDO, UNDO_LIFETIME)}
# Mails about the account that carry no token: a plain link into the site.
PLAIN_PATHS = {"reactivated": "/members", "appeal_lifted": "/login", "appeal_upheld": "/pages/ban",
               # A closed site (issue 32.5): the settings keep the data export and deletion.
               SITE_CLOSED_MAIL: "/settings",
               # Two-factor sign-in turned on or off (issue 33.2): where it is changed.
               "two_factor_on": "/settings", "two_factor_off": "/settings"}
# The outcome of a ban's appeal (the appeal is the mail's target): with the operator's note.
BAN_OUTCOME_MAILS = ("appeal_lifted", "appeal_upheld")


# The statement of reasons (issue 30.2): a ban is contested from the ban page (the member
# cannot log in), anything else from the Decisions section of the account.
DECISION_PATHS = {"ban": "/pages/ban", "other": "/decisions"}


@attrs.frozen
class AccountMails:
    uow: UnitFactory[NoticesUnit]
    clock: Clock
    secrets: Secrets
    texts: MailTexts
    mailer: Mailer
    base_url: str
    signer: Signer
    grounds: GroundTexts

    def send(self, kind: str, member_id: int, new_email: str | None = None,
             target: str | None = None) -> None:
        """``target``: what a link opens besides the member's site (the file of a
        data export)."""
        now = self.clock.now()
        token = self.secrets.token()
        statement: dict[str, str | date] = {}
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            site = site_of_member(uow, member)
            company = uow.companies.get(site.company_id)
            _, off = uow.notifications.preferences(member.id)
            if not may_mail_account(MailOff(off) if off else None) and not new_email:
                return  # the address bounces: nothing would arrive
            if kind == SITE_CLOSED_MAIL and not site.closed:
                return  # open again before this mail went out
            if kind == DECISION_MAIL:
                found = uow.decisions.get(int(target or 0))
                if found is None or found.member_id != member.id:
                    return  # erased or not theirs: nothing to tell
                statement = self._statement(found, site, member.language)
            if kind == OUTCOME_MAIL:
                outcome = self._outcome(uow, int(target or 0), member.id, site)
                if outcome is None:
                    return
                statement = outcome
            if kind in BAN_OUTCOME_MAILS:
                appeal = self._ban_appeal(uow, target, member.id)
                if appeal is None:
                    return  # erased meanwhile: nothing to tell
                statement = {"note": appeal.note or ""}
            purpose, lifetime = TOKEN_PURPOSES.get(kind) or (kind, TOKEN_LIFETIMES.get(
                kind, TOKEN_LIFETIMES["reactivation"]))
            if kind in LINK_PATHS:
                uow.tokens.add(member.id, purpose, self.secrets.digest(token), now,
                               now + lifetime, new_email, target)
            uow.commit()
        # BASE_URL may hold {domain}, so each site's members get links to their own site.
        base = self.base_url.format(domain=site.domain)
        if kind in LINK_PATHS:
            path = LINK_PATHS[kind].format(token=token)
        elif kind == DECISION_MAIL:
            path = DECISION_PATHS[str(statement["contest"])]
        elif kind == OUTCOME_MAIL:
            path = DECISION_PATHS["other"]
        else:
            path = PLAIN_PATHS[kind]
        self._deliver(kind, site, member.id, member.language, new_email or member.email,
                      brand_values(site, company, member), base + path, lifetime, statement)

    def _statement(self, found: Decision, site: Site, language: str) -> dict[str, str | date]:
        """What the decision mail says, as codes the mail texts word in the member's
        language. Who decided is "a moderator" or "the automated system": the operator's
        own name stays with the operators."""
        title, text = self.grounds.describe(site, found.ground, language)
        automation = {(False, False): "none", (True, False): "detected",
                      (False, True): "decided", (True, True): "both"}
        zone = ZoneInfo(site.time_zone)
        return {
            "restriction": found.restriction.value, "facts": found.facts,
            "ground": found.ground.kind.value, "ground_title": title, "ground_text": text,
            "automation": automation[found.detected_automatically,
                                     found.decided_automatically],
            "decided_by": "automated" if found.decided_automatically else "moderator",
            "decided_on": found.decided_at.astimezone(zone).date(),
            "contest_until": found.contest_until.astimezone(zone).date(),
            "contest": "ban" if found.restriction is Restriction.BAN else "other",
        }

    @staticmethod
    def _ban_appeal(uow: NoticesUnit, target: str | None, member_id: int) -> Appeal | None:
        """The ban's appeal whose outcome the mail tells (with the operator's reason). A
        job queued before appeals travelled with the mail names none: the latest decided."""
        if target:
            appeal = uow.appeals.get(int(target))
            return appeal if appeal and appeal.member_id == member_id else None
        return next((appeal for appeal in uow.appeals.of_member(member_id)
                     if appeal.status is not AppealStatus.OPEN), None)

    @staticmethod
    def _outcome(uow: NoticesUnit, appeal_id: int, member_id: int,
                 site: Site) -> dict[str, str | date] | None:
        """What the outcome of an appeal against a decision says: which decision (its
        kind and day), lifted or upheld, and the operator's reason."""
        appeal = uow.appeals.get(appeal_id)
        found = (uow.decisions.get(appeal.decision_id)
                 if appeal and appeal.decision_id else None)
        if appeal is None or found is None or appeal.member_id != member_id:
            return None  # erased meanwhile: nothing to tell
        zone = ZoneInfo(site.time_zone)
        return {"outcome": appeal.status.value, "restriction": found.restriction.value,
                "decided_on": found.decided_at.astimezone(zone).date(),
                "note": appeal.note or ""}

    def farewell(self, member_id: int, site_id: int, language: str, email: str, name: str,
                 country: str) -> None:
        """The erasure's confirmation (issue 21.5). The member's row holds no address or
        name any more: the job that calls this carries them."""
        with self.uow() as uow:
            site = uow.sites.get(site_id) or resolve_site(uow, None)
            company = uow.companies.get(site.company_id)
        base = self.base_url.format(domain=site.domain)
        self._deliver("erased", site, member_id, language, email,
                      addressed_brand_values(site, company, name, country), base + "/",
                      TOKEN_LIFETIMES["reactivation"])

    def _deliver(self, kind: str, site: Site, member_id: int, language: str, address: str,
                 brand: dict[str, str], link: str, lifetime: timedelta,
                 extra: Mapping[str, str | date] | None = None) -> None:
        base = self.base_url.format(domain=site.domain)
        unsubscribe = self.signer.sign("unsubscribe", [member_id, "all"])
        values: dict[str, str | int | date] = {
            **(extra or {}), **brand, "link": link,
            "hours": int(lifetime.total_seconds() // 3600), "days": lifetime.days,
            "unsubscribe": f"{base}/unsubscribe?token={unsubscribe}",
            "settings_link": f"{base}/notifications",
        }
        mail = self.texts.compose(kind, language, values)
        self.mailer.send(address, mail.subject, mail.text, mail.html,
                         sender_name=site.mail_name or site.name,
                         headers={"List-Unsubscribe":
                                  f"<{base}/api/unsubscribe?token={unsubscribe}>",
                                  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})

    def deliver(self, kind: str, site: Site, company: Company | None, member: Member,
                link: str, lifetime: timedelta, extra: Mapping[str, str | date]) -> None:
        """A mail about the member's account that another use case words and links (a
        sign-in from a new device, application.new_device_mails), as every account mail
        goes: greeting, footer and unsubscribe line."""
        self._deliver(kind, site, member.id, member.language, member.email,
                      brand_values(site, company, member), link, lifetime, extra)
