"""zxcvbn behind the password-strength port: every input the API may pass gets a score."""

from __future__ import annotations

from adapters.security.password_strength import password_strength


def test_common_and_personal_passwords_score_low() -> None:
    assert password_strength("password123", []) < 2
    assert password_strength("correct horse battery", []) >= 2
    # The member's own words count as the first words an attacker tries.
    assert password_strength("kwakkelstein99", []) >= 2
    assert password_strength("kwakkelstein99", ["k@example.com", "Kwakkelstein"]) < 2


def test_empty_and_long_passwords_get_a_score() -> None:
    assert password_strength("", ["ann@example.com"]) == 0  # zxcvbn itself fails on ""
    assert password_strength("correct horse battery staple " * 4, []) == 4  # past zxcvbn's 72
    assert password_strength("a" * 128, []) == 0
