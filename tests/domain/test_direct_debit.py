"""The direct-debit rules: form, SMS code, blocks and the limit per period."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs
import pytest

from domain.accounts import InvalidFields
from domain.direct_debit import (
    MAX_ATTEMPTS,
    MandateForm,
    SmsCode,
    check_allowed,
    check_code,
    check_form,
    check_sends,
)
from domain.errors import DomainError

NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)
FORM = MandateForm(account_holder="A. Jansen", iban="NL91ABNA0417164300", street="Dam",
                   house_number="1", postcode="1012 JS", city="Amsterdam",
                   phone="+31612345678", sms_code="123456", consent=True)


def test_form_fields() -> None:
    check_form(FORM, iban_ok=True, phone_ok=True)
    with pytest.raises(InvalidFields) as refused:
        check_form(attrs.evolve(FORM, street=" ", consent=False),
                   iban_ok=False, phone_ok=True)
    assert refused.value.params["fields"] == {"street": "required", "iban": "invalid_iban",
                                              "consent": "consent_required"}


def test_sms_codes() -> None:
    record = SmsCode(phone="+31612345678", code_hash="h", expires_at=NOW + timedelta(minutes=5),
                     attempts=0)
    check_code(record, "+31612345678", "h", NOW)
    for args, code in [((None, "+31612345678", "h", NOW), "sms_code_invalid"),
                       ((record, "+31687654321", "h", NOW), "sms_code_invalid"),
                       ((record, "+31612345678", "x", NOW), "sms_code_invalid"),
                       ((record, "+31612345678", "h", NOW + timedelta(minutes=6)),
                        "sms_code_expired"),
                       ((SmsCode(phone="+31612345678", code_hash="h", attempts=MAX_ATTEMPTS,
                                 expires_at=NOW + timedelta(minutes=5)),
                         "+31612345678", "h", NOW), "sms_code_invalid")]:
        with pytest.raises(DomainError) as refused:
            check_code(*args)
        assert refused.value.code == code
    check_sends(2)
    with pytest.raises(DomainError, match="too_many_sms"):
        check_sends(3)


def test_blocks_and_limits() -> None:
    check_allowed(False, 2, 3)
    with pytest.raises(DomainError, match="directdebit_blocked"):
        check_allowed(True, 0, 3)
    with pytest.raises(DomainError, match="directdebit_limit_reached"):
        check_allowed(False, 3, 3)
