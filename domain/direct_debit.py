"""Paying by SEPA direct debit (issue 7; spec sections 5 and 8): a signed mandate with
the account holder, IBAN, address and a mobile number confirmed by an SMS code.

An account may be blocked from direct debit, and a site allows only so many direct-debit
orders per 30 days ('limit reached'). IBAN and phone checks need libraries, so the
application asks an adapter and hands the answers in here.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

from domain.accounts import FieldError, InvalidFields
from domain.errors import DomainError

CODE_LENGTH = 6
CODE_LIFETIME = timedelta(minutes=10)
# The form offers to send a code again only after this (SENDS_PER_HOUR still caps it).
RESEND_AFTER = timedelta(seconds=30)
MAX_ATTEMPTS = 5
SENDS_PER_HOUR = 3
PERIOD = timedelta(days=30)
REQUIRED = ("account_holder", "iban", "street", "house_number", "postcode", "city", "phone",
            "sms_code")
MAX_LENGTH = 100


@attrs.frozen(kw_only=True)
class MandateForm:
    account_holder: str
    iban: str
    street: str
    house_number: str
    postcode: str
    city: str
    phone: str
    sms_code: str
    consent: bool


@attrs.frozen(kw_only=True)
class SmsCode:
    phone: str
    code_hash: str
    expires_at: datetime
    attempts: int


def check_form(form: MandateForm, iban_ok: bool, phone_ok: bool) -> None:
    """Every field filled in, within length, a valid IBAN and mobile number, consent."""
    errors = [FieldError(name, "required") for name in REQUIRED
              if not getattr(form, name).strip()]
    errors += [FieldError(name, "too_long", {"max": MAX_LENGTH}) for name in REQUIRED
               if len(getattr(form, name)) > MAX_LENGTH]
    filled = {error.field for error in errors}
    if "iban" not in filled and not iban_ok:
        errors.append(FieldError("iban", "invalid_iban"))
    if "phone" not in filled and not phone_ok:
        errors.append(FieldError("phone", "invalid_phone"))
    if not form.consent:
        errors.append(FieldError("consent", "consent_required"))
    if errors:
        raise InvalidFields(errors)


def check_sends(sent_last_hour: int) -> None:
    if sent_last_hour >= SENDS_PER_HOUR:
        raise DomainError("too_many_sms", max=SENDS_PER_HOUR)


def check_code(record: SmsCode | None, phone: str, code_hash: str, now: datetime) -> None:
    """'Code ongeldig' for a wrong, used-up or other-number code; expired says so."""
    if record is None or record.phone != phone or record.attempts >= MAX_ATTEMPTS:
        raise DomainError("sms_code_invalid")
    if now >= record.expires_at:
        raise DomainError("sms_code_expired")
    if record.code_hash != code_hash:
        raise DomainError("sms_code_invalid")


def check_allowed(blocked: bool, orders_in_period: int, limit: int) -> None:
    if blocked:
        raise DomainError("directdebit_blocked")
    if orders_in_period >= limit:
        raise DomainError("directdebit_limit_reached", limit=limit)
