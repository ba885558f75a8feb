"""Which characters member texts may hold (issue 15.3)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.internal.charmap import CategoryName

from domain.accounts import name_error
from domain.chat import clean_text
from domain.errors import DomainError
from domain.texts import (
    has_control_characters,
    has_control_characters_in_lines,
    header_safe,
    normalise_lines,
)

CONTROL: tuple[CategoryName, ...] = ("Cc", "Cf", "Zl", "Zp")
controls = st.characters(categories=CONTROL)
visible = st.characters(exclude_categories=(*CONTROL, "Cs", "Zs"))
ATTACKS = ["\r", "\n", "\t", "\x00", "\x7f", "\x85", "\u2028", "\u2029", "\u200b", "\ufeff",
           *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))]


@given(st.text(visible, min_size=2, max_size=20))
def test_printable_names_pass(name: str) -> None:
    assert not has_control_characters(name)
    error = name_error(name, "someone@example.com")
    assert error is None or error.code != "name_invalid_characters"


@given(st.text(visible, min_size=1, max_size=10), controls, st.text(visible, max_size=10))
def test_a_control_character_anywhere_inside_a_name_is_refused(before: str, control: str,
                                                               after: str) -> None:
    name = f"{before}{control}{after}x"  # inside: trimming cannot remove it
    assert has_control_characters(name)
    error = name_error(name, "someone@example.com")
    assert error is not None and error.code in ("name_invalid_characters", "name_length",
                                                "name_starts_with_at")


@pytest.mark.parametrize("control", ATTACKS)
def test_the_reviewers_characters(control: str) -> None:
    error = name_error(f"Eve{control}Eve", "eve@example.com")
    assert error is not None and error.code == "name_invalid_characters"
    if control != "\n":
        assert has_control_characters_in_lines(f"Hi{control}there")
    if control in "\r\n":  # a line end in a message
        assert clean_text(f"Hi{control}there", 1000) == "Hi\nthere"
    else:
        with pytest.raises(DomainError, match="text_invalid_characters"):
            clean_text(f"Hi{control}there", 1000)


@given(st.text(max_size=50))
def test_multi_line_texts_allow_line_feeds_only(text: str) -> None:
    lines = normalise_lines(text)
    assert "\r" not in lines
    refused = has_control_characters_in_lines(lines)
    others = [c for c in lines if c != "\n" and unicodedata.category(c) in CONTROL]
    assert refused == any(c not in "\u200c\u200d" and not 0xE0020 <= ord(c) < 0xE0080
                          for c in others)


@given(st.text(max_size=80))
def test_header_safe_text_is_one_clean_line(text: str) -> None:
    safe = header_safe(text)
    assert not has_control_characters(safe)
    assert "  " not in safe and safe == safe.strip()
    assert header_safe(safe) == safe


@given(st.text(visible, max_size=30))
def test_header_safe_keeps_clean_words(word: str) -> None:
    assert header_safe(f"{word} vindt je leuk") == " ".join(f"{word} vindt je leuk".split())
