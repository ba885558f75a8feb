"""Passkeys' rules (issue 33.1): names, how many, challenges and the relying-party id."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.errors import DomainError
from domain.passkeys import (
    CHALLENGE_LIFETIME,
    MOST_PASSKEYS,
    Ceremony,
    Challenge,
    check_challenge,
    check_room,
    clean_name,
    relying_party_id,
)

NOW = datetime(2026, 11, 28, 12, tzinfo=UTC)
ISSUED = Challenge(id=1, ceremony=Ceremony.CONFIRM, site_id=1, member_id=7,
                   session_hash="s", expires_at=NOW + CHALLENGE_LIFETIME)


def test_a_name_is_tidied_and_kept_within_bounds() -> None:
    assert clean_name("  Anna's   iPhone\n") == "Anna's iPhone"
    assert clean_name("Ключ 🔑") == "Ключ 🔑"
    assert clean_name("x" * 60) == "x" * 60
    for bad in ("", " \t ", "x" * 61, "a\u200bb", "a\x00b"):
        with pytest.raises(DomainError) as refused:
            clean_name(bad)
        assert (refused.value.code, refused.value.params) == ("passkey_name_invalid",
                                                              {"max": 60})


def test_a_member_keeps_at_most_twenty() -> None:
    check_room(MOST_PASSKEYS - 1)
    with pytest.raises(DomainError) as refused:
        check_room(MOST_PASSKEYS)
    assert refused.value.code == "too_many_passkeys"


def test_a_challenge_answers_its_own_ceremony_site_member_and_session_once() -> None:
    assert check_challenge(ISSUED, Ceremony.CONFIRM, 1, NOW, 7, "s") is ISSUED
    refused = [
        (None, Ceremony.CONFIRM, 1, NOW, 7, "s"),
        (ISSUED, Ceremony.SIGN_IN, 1, NOW, None, None),  # another ceremony's
        (ISSUED, Ceremony.CONFIRM, 2, NOW, 7, "s"),  # another site's
        (ISSUED, Ceremony.CONFIRM, 1, NOW, 8, "s"),  # another member's
        (ISSUED, Ceremony.CONFIRM, 1, NOW, 7, "other session"),
        (ISSUED, Ceremony.CONFIRM, 1, NOW + CHALLENGE_LIFETIME, 7, "s"),  # expired
        (Challenge(id=1, ceremony=Ceremony.CONFIRM, site_id=1, member_id=7, session_hash="s",
                   expires_at=NOW + timedelta(minutes=1), used_at=NOW),
         Ceremony.CONFIRM, 1, NOW, 7, "s"),  # used
    ]
    for case in refused:
        with pytest.raises(DomainError) as error:
            check_challenge(*case)
        assert error.value.code == "passkey_expired", case


def test_the_relying_party_is_the_sites_domain_or_a_development_host() -> None:
    assert relying_party_id("amora.test", "amora.test") == "amora.test"
    assert relying_party_id("www.amora.test", "amora.test") == "amora.test"
    assert relying_party_id("localhost", "amora.test") == "localhost"
    # A domain that merely ends in the same letters is not a subdomain.
    assert relying_party_id("notamora.test", "amora.test") == "notamora.test"
