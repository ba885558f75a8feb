"""Removing what a member wrote (issue 30.4): a removal takes every chosen text out and
nothing else, leaves a profile the profile rules accept, keeps in its undo exactly what
lifting needs to put it back, and lifting never overwrites what the member wrote since."""

from __future__ import annotations

from datetime import date

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import name_error
from domain.errors import DomainError
from domain.members import Profile
from domain.removals import (
    ProfileText,
    is_removed,
    message_undo,
    remove_texts,
    replacement,
    restored_texts,
)

WORDS = st.text(st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=40) \
    .filter(lambda text: text.strip() != "")
NAMES = st.text(st.characters(categories=["L"]), min_size=2, max_size=30)
MEMBER = st.integers(1, 2**31 - 1)
FIELDS = st.sets(st.sampled_from(list(ProfileText)), min_size=1)


def profile(name: str = "Eve", about: str = "", city: str | None = None) -> Profile:
    return Profile(name=name, gender="female", birth_date=date(1990, 4, 1), country="NL",
                   about_me=about, city=city)


@given(NAMES, WORDS, WORDS, MEMBER, FIELDS)
def test_a_removal_takes_out_what_was_chosen_and_lifting_puts_it_back(
        name: str, about: str, city: str, member: int, fields: set[ProfileText]) -> None:
    before = profile(name, about, city)
    removal = remove_texts(before, member, fields)
    for field in ProfileText:
        now, was = getattr(removal.profile, field.value), getattr(before, field.value)
        assert now == (replacement(field, member) if field in fields else was)
        if field in fields:
            assert removal.undo[field.value] == was
    assert removal.item_id.split(",") == [f.value for f in ProfileText if f in fields]
    assert name_error(removal.profile.name, "eve@example.com") is None  # a valid name
    assert attrs.evolve(removal.profile, name=before.name, about_me=before.about_me,
                        city=before.city) == before  # nothing else touched
    assert restored_texts(removal.profile, removal.item_id, removal.undo) == before


@given(NAMES, WORDS, MEMBER, WORDS)
def test_lifting_keeps_a_text_the_member_wrote_since(
        name: str, about: str, member: int, newer: str) -> None:
    removal = remove_texts(profile(name, about), member, [ProfileText.ABOUT, ProfileText.NAME])
    rewritten = attrs.evolve(removal.profile, about_me=newer)
    back = restored_texts(rewritten, removal.item_id, removal.undo)
    assert back.name == name  # still the replacement: the old name comes back
    assert back.about_me == newer  # theirs, and newer than what was removed


@given(MEMBER, FIELDS)
def test_what_is_not_there_cannot_be_removed(member: int, fields: set[ProfileText]) -> None:
    empty = profile(name=f"#{member}")  # no about text, no city, a name removed before
    with pytest.raises(DomainError) as refused:
        remove_texts(empty, member, fields)
    assert refused.value.code == "no_text_to_remove"


def test_an_operator_names_the_texts_as_they_like() -> None:
    assert [ProfileText.parse(word) for word in ("about", "About_Me", "name", " city ")] == [
        ProfileText.ABOUT, ProfileText.ABOUT, ProfileText.NAME, ProfileText.CITY]
    with pytest.raises(DomainError):
        ProfileText.parse("photo")
    with pytest.raises(DomainError):
        remove_texts(profile(about="x"), 1, [])


@given(st.text(max_size=20), st.none() | st.sampled_from(["rose", "coffee"]))
def test_only_a_message_without_text_and_gift_is_a_removed_one(
        text: str, gift: str | None) -> None:
    assert is_removed(text, gift) == (text == "" and gift is None)
    assert message_undo(text, gift, 7) == {"text": text, "gift": gift, "conversation": 7}
