"""Paying by direct debit (issue 7): an SMS code to the member's mobile, then a signed
mandate and a direct-debit order for the chosen bundle (settled by the gateway later,
so the order stays pending until the webhook says paid)."""

from __future__ import annotations

from datetime import timedelta

import attrs

from application.ports.clock import Clock
from application.ports.direct_debit import BankChecks, BankMandate, SmsSender
from application.ports.security import Secrets
from application.ports.transaction import UnitFactory
from application.ports.units import ShopUnit
from application.shared.buyers import check_direct_debit
from application.shared.lookups import site_of_member
from application.shared.orders import StartedOrder, StartOrder
from application.shared.step_up_checks import require_step_up
from domain.accounts import FieldError, InvalidFields
from domain.checkout_consent import checkout_consent
from domain.direct_debit import (
    CODE_LENGTH,
    CODE_LIFETIME,
    RESEND_AFTER,
    MandateForm,
    check_code,
    check_form,
    check_sends,
)
from domain.errors import DomainError
from domain.members import Member


@attrs.frozen
class SmsCodeSent:
    phone: str  # the number as sent to, in international form
    expires_in: int  # seconds
    code_length: int  # the form takes a code this long
    resend_in: int  # seconds before the form offers to send again


@attrs.frozen
class DirectDebit:
    uow: UnitFactory[ShopUnit]
    clock: Clock
    secrets: Secrets
    checks: BankChecks
    sms: SmsSender
    start_order: StartOrder  # the checkout's (application.checkout.Checkout.start)

    def _allowed(self, member: Member, session_token: str | None) -> None:
        """The shop allows it (asked first: no password for a refusal anyway), and the
        member confirmed it is them in this session within the last 10 minutes (the
        step-up, issue 33.5: a mandate spends real money)."""
        now = self.clock.now()
        with self.uow() as uow:
            check_direct_debit(uow, site_of_member(uow, member), member, now)
            require_step_up(uow, self.secrets, session_token, now)

    def send_code(self, member: Member, phone: str,
                  session_token: str | None = None) -> SmsCodeSent:
        """Send (or send again) a code; at most a few an hour."""
        number = self.checks.mobile(phone, member.profile.country)
        if number is None:
            raise InvalidFields([FieldError("phone", "invalid_phone")])
        self._allowed(member, session_token)
        now = self.clock.now()
        code = self.secrets.code(CODE_LENGTH)
        with self.uow() as uow:
            check_sends(uow.direct_debit.sms_sent_since(member.id, now - timedelta(hours=1)))
            uow.direct_debit.add_sms_code(member.id, number, self.secrets.digest(code),
                                          now + CODE_LIFETIME, now)
            uow.commit()
        self.sms.send_code(number, code, member.language)
        return SmsCodeSent(phone=number, expires_in=int(CODE_LIFETIME.total_seconds()),
                           code_length=CODE_LENGTH,
                           resend_in=int(RESEND_AFTER.total_seconds()))

    def sign(self, member: Member, bundle_id: int, form: MandateForm,
             geoip_country: str | None = None,
             session_token: str | None = None, *, delivery_consent: bool) -> StartedOrder:
        """Check the form and the SMS code, record the mandate, start the order. The
        order's tick (issue 34.1) is checked first: without it nothing is recorded."""
        checkout_consent(delivery_consent, self.clock.now())
        iban = self.checks.iban(form.iban)
        phone = self.checks.mobile(form.phone, member.profile.country)
        check_form(form, iban is not None, phone is not None)
        assert iban is not None and phone is not None
        self._allowed(member, session_token)
        now = self.clock.now()
        with self.uow() as uow:
            latest = uow.direct_debit.latest_sms_code(member.id)
            try:
                check_code(latest[1] if latest else None, phone,
                           self.secrets.digest(form.sms_code.strip()), now)
            except DomainError:
                if latest is not None:  # wrong tries count, so a code cannot be guessed
                    uow.direct_debit.sms_attempt(latest[0])
                    uow.commit()
                raise
            uow.direct_debit.forget_sms_codes(member.id)
            uow.direct_debit.add_mandate(member.id, BankMandate(
                account_holder=form.account_holder.strip(), iban=iban,
                street=form.street.strip(), house_number=form.house_number.strip(),
                postcode=form.postcode.strip(), city=form.city.strip(), phone=phone), now)
            uow.commit()
        return self.start_order(member, bundle_id, "directdebit", geoip_country=geoip_country,
                                delivery_consent=delivery_consent)
