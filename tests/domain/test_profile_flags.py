"""The scam shield's rules on profile texts (issue 31.2): a text's flags are its own, kept
as the profile row keeps them, and a flagged new text is nudged unless confirmed."""

from __future__ import annotations

from datetime import date

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.members import Profile
from domain.profile_flags import (
    SCREENED,
    Screened,
    TextFlags,
    changed_texts,
    flags_after,
    parse_field,
    shown_texts,
)
from domain.removals import ProfileText, remove_texts, restored_texts

REASONS = ["phone", "email", "messenger", "link", "money_request", "gift_card",
           "transfer_service", "iban", "crypto_wallet", "investment", "emergency"]
reasons = st.lists(st.sampled_from(REASONS), max_size=len(REASONS), unique=True).map(tuple)
flags = st.builds(TextFlags, name=reasons, about_me=reasons)
PROFILE = Profile(name="Ann", gender="female", birth_date=date(1990, 4, 1), country="NL",
                  about_me="Hello")


@given(flags)
def test_flags_come_back_as_stored(kept: TextFlags) -> None:
    stored = kept.stored()
    assert (stored is None) == (not kept)
    assert TextFlags.from_stored(stored) == kept
    assert stored is None or len(stored) <= 300  # the column's width


def test_the_texts_of_a_change_are_the_ones_it_makes_different() -> None:
    after = attrs.evolve(PROFILE, about_me="Hello there", city="Utrecht")
    assert changed_texts(PROFILE, after) == ("about_me",)
    assert changed_texts(PROFILE, attrs.evolve(PROFILE, name="Anna")) == ("name",)
    assert changed_texts(PROFILE, attrs.evolve(PROFILE, city="Utrecht")) == ()


@given(flags, st.text(min_size=1, max_size=40), st.data())
def test_a_flagged_new_text_is_nudged_with_spans_inside_it(
        before: TextFlags, text: str, data: st.DataObject) -> None:
    units = len(text.encode("utf-16-le")) // 2
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    found = Screened("about_me", text, ("phone",), ((start, end, "phone"),))
    with pytest.raises(DomainError) as nudged:
        flags_after(before, [found], confirmed=False)
    params = nudged.value.params
    assert (nudged.value.code, params["field"], params["text"]) == (
        "profile_text_flagged", "about", text)
    [span] = params["spans"]
    assert 0 <= span["start"] < span["end"] <= units
    # In UTF-16 code units, as the browser slices the text.
    assert text.encode("utf-16-le")[2 * span["start"]:2 * span["end"]].decode(
        "utf-16-le") == text[start:end]
    assert flags_after(before, [found], confirmed=True) == attrs.evolve(
        before, about_me=("phone",))


@given(flags)
def test_a_clean_new_text_clears_its_flags_and_leaves_the_others(before: TextFlags) -> None:
    after = flags_after(before, [Screened("name", "Lisa", (), ())], confirmed=False)
    assert after == attrs.evolve(before, name=())
    assert flags_after(before, [], confirmed=False) == before


def test_both_texts_flagged_nudge_once_naming_both() -> None:
    with pytest.raises(DomainError) as nudged:
        flags_after(TextFlags(), [Screened("name", "Mia @mia", ("messenger",), ((4, 8,
                                                                              "messenger"),)),
                                  Screened("about_me", "Pay 😀 me", ("money_request",),
                                           ((6, 8, "money_request"),))], confirmed=False)
    params = nudged.value.params
    assert params["field"] == "name"
    assert params["also"] == [{"field": "about", "text": "Pay 😀 me",
                               "reasons": ["money_request"],
                               "spans": [{"start": 7, "end": 9, "reason": "money_request"}]}]


def test_visitors_are_warned_of_the_texts_they_read() -> None:
    assert shown_texts(["about_me", "city"]) == SCREENED
    assert shown_texts(["city"]) == ("name",)  # a site that shows no about text
    assert TextFlags(name=("phone",), about_me=("iban", "phone")).reasons(
        shown_texts(["about_me"])) == ("phone", "iban")


def test_a_removed_text_takes_its_flags_and_comes_back_without_them() -> None:
    flagged = attrs.evolve(PROFILE, about_me="Call +31612345678", city="Utrecht",
                           text_flags=TextFlags(name=("messenger",), about_me=("phone",)))
    removal = remove_texts(flagged, 7, [ProfileText.ABOUT])
    assert removal.profile.text_flags == TextFlags(name=("messenger",))
    restored = restored_texts(removal.profile, removal.item_id, removal.undo)
    assert (restored.about_me, restored.text_flags) == ("Call +31612345678",
                                                        TextFlags(name=("messenger",)))
    assert remove_texts(flagged, 7, [ProfileText.CITY, ProfileText.NAME]).profile.text_flags \
        == TextFlags(about_me=("phone",))


def test_fields_as_operators_name_them() -> None:
    assert [parse_field(v) for v in ("name", "about", "About_Me", "about-me")] == [
        "name", "about_me", "about_me", "about_me"]
    with pytest.raises(DomainError):
        parse_field("city")
