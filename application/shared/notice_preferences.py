"""What a member's notification settings and the deliveries both read: the preferences
with the reason no e-mail goes out at all, if there is one, and the token of a mail's
one-click unsubscribe link (signed for one preference, or for every e-mail)."""

from __future__ import annotations

from application.ports.security import Signer
from application.ports.shared_units import MarketingUnit
from domain.notifications import MailOff, Preferences

UNSUBSCRIBE = "unsubscribe"
ALL = "all"  # the unsubscribe token of account mails: every e-mail


def preferences_and_mail_off(uow: MarketingUnit,
                             member_id: int) -> tuple[Preferences, MailOff | None]:
    values, off = uow.notifications.preferences(member_id)
    return Preferences().changed(values), MailOff(off) if off else None


def sign_unsubscribe(signer: Signer, member_id: int, preference: str) -> str:
    return signer.sign(UNSUBSCRIBE, [member_id, preference])
