"""The sign-in's second step (issue 33.2). Whatever proved the first step - the password,
a notification mail's login link, a reactivation link - a member with two-factor sign-in
on gets no session from it, but a challenge: a token good for five minutes and once,
stored as its digest among the account tokens, that application.two_factor.TwoFactor
exchanges for a session together with a code of the member's authenticator app (or a
recovery code). A passkey sign-in is two factors in itself and asks for none."""

from __future__ import annotations

from datetime import datetime

from application.ports.security import Secrets
from application.ports.shared_units import SecondStepUnit
from domain.errors import DomainError
from domain.two_factor import CHALLENGE_LIFETIME, CHALLENGE_PURPOSE


def ask_second_step(uow: SecondStepUnit, secrets: Secrets, member_id: int, now: datetime,
                    target: str | None = None) -> None:
    """Nothing when the member has two-factor sign-in off. Else the unit of work is
    committed as it stands (what the first step did, such as a used login link or a
    reactivation, stays done) with a new challenge, and 401 two_factor_required answers
    it: ``challenge`` and ``expires_in`` (seconds). ``target``: where a login link was
    to land, for after the second step."""
    if not uow.two_factor.enrolled(member_id):
        return
    challenge = secrets.token()
    uow.tokens.add(member_id, CHALLENGE_PURPOSE, secrets.digest(challenge), now,
                   now + CHALLENGE_LIFETIME, target=target)
    uow.commit()
    raise DomainError("two_factor_required", challenge=challenge,
                      expires_in=int(CHALLENGE_LIFETIME.total_seconds()))
