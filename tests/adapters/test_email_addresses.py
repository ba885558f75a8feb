"""New members' addresses through email-validator (issue 28.6): everything the domain's
shape refuses, and reserved names no mail reaches; what it takes passes the shape too."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.security.email_addresses import LibraryEmailAddresses
from domain.accounts import email_error
from tests.email_cases import REFUSED, RESERVED, TAKEN

ADDRESSES = LibraryEmailAddresses()
UNSAFE = set(',<>:;"()[]\\ ') | {chr(n) for n in range(32)} | {"\x7f"}


@pytest.mark.parametrize("email", REFUSED + RESERVED)
def test_refused(email: str) -> None:
    assert not ADDRESSES.accepts(email)


@pytest.mark.parametrize("email", TAKEN)
def test_taken(email: str) -> None:
    assert ADDRESSES.accepts(email)


@given(st.text(alphabet=st.sampled_from("ab.@-_,<>:;\"()[]\\ \x00\x1b\x7fé+'"), max_size=20)
       .map(lambda text: text + "@example.com") | st.emails() | st.text(max_size=40))
def test_whatever_is_taken_has_one_at_nothing_unsafe_and_the_domains_shape(email: str) -> None:
    if not ADDRESSES.accepts(email):
        return
    address = email.strip()
    assert address.count("@") == 1 and address.isascii()
    assert not UNSAFE & set(address)
    assert email_error(email) is None  # one rule: the shape never refuses what it takes
