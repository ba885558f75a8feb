"""The account e-mails (activation, password reset, e-mail change, reactivation), sent by
a background job: the job makes the one-time link itself, so a raw token is never
stored or queued, only mailed."""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from application.accounts import TOKEN_LIFETIMES, existing_member, site_of_member
from application.ports import Clock, Mailer, Secrets, UnitOfWorkFactory

LINK_PATHS = {
    "activation": "/activate/done?token={token}",
    "password_reset": "/reset-password/do?token={token}",
    "mail_change": "/mail-change/do?token={token}",
    "reactivation": "/account-deleted?reactivate={token}",
}


@attrs.frozen
class ComposedMail:
    subject: str
    text: str
    html: str


class MailTexts(Protocol):
    """Server texts of the e-mails in the member's language."""

    def compose(self, kind: str, language: str, values: dict[str, Any]) -> ComposedMail: ...


@attrs.frozen
class AccountMails:
    uow: UnitOfWorkFactory
    clock: Clock
    secrets: Secrets
    texts: MailTexts
    mailer: Mailer
    base_url: str

    def send(self, kind: str, member_id: int, new_email: str | None = None) -> None:
        now = self.clock.now()
        token = self.secrets.token()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            site = site_of_member(uow, member)
            company = uow.companies.get(site.company_id)
            uow.tokens.add(member.id, kind, self.secrets.digest(token), now,
                           now + TOKEN_LIFETIMES[kind], new_email)
            uow.commit()
        # BASE_URL may hold {domain}, so each site's members get links to their own site.
        link = self.base_url.format(domain=site.domain) + LINK_PATHS[kind].format(token=token)
        values = {
            "name": member.profile.name, "site": site.name, "link": link,
            "support_email": site.support_email,
            "company": company.name if company else site.name,
            "hours": int(TOKEN_LIFETIMES[kind].total_seconds() // 3600),
            "days": TOKEN_LIFETIMES[kind].days,
        }
        mail = self.texts.compose(kind, member.language, values)
        self.mailer.send(new_email or member.email, mail.subject, mail.text, mail.html,
                         sender_name=site.mail_name or site.name)
