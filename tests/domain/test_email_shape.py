"""The domain's e-mail shape (issue 28.6): ASCII, a dot-atom before the @ and a host name
after it. What a member gives is checked further by the EmailAddresses port
(tests/adapters/test_email_addresses.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import FieldError, email_error
from tests.email_cases import REFUSED, TAKEN

UNSAFE = set(',<>:;"()[]\\ @') | {chr(n) for n in range(32)} | {"\x7f"}


@pytest.mark.parametrize("email", REFUSED)
def test_refused(email: str) -> None:
    assert email_error(email) == FieldError("email", "invalid_email")


@pytest.mark.parametrize("email", TAKEN)
def test_taken(email: str) -> None:
    assert email_error(email) is None


@given(st.text(alphabet=st.sampled_from("ab.@-_,<>:;\"()[]\\ \x00\x1b\x7fé+'"), max_size=20)
       .map(lambda text: text + "@example.com") | st.emails() | st.text(max_size=40))
def test_whatever_passes_has_one_at_and_nothing_unsafe(email: str) -> None:
    if email_error(email) is not None:
        return
    local, _, domain = email.strip().partition("@")
    assert email.strip().count("@") == 1 and email.strip().isascii()
    assert not UNSAFE & set(local + domain)
    assert len(email.strip()) <= 254 and len(local) <= 64
