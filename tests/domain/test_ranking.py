"""Best first (issue 29.3): fit, the daily cap, fictional profiles never first."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import attrs
from hypothesis import given
from hypothesis import strategies as st

from domain.discovery import Listing
from domain.members import INTERESTS, Profile
from domain.ranking import (
    IMPRESSION_CAP,
    Candidate,
    best_first,
    fit,
    ranked_best_first,
    real_first,
    shared_interests,
)

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)
VIEWER = Profile(name="Tom", gender="male", sexuality="straight", birth_date=date(1990, 1, 1),
                 country="NL", region="NL-NH", interests=("hiking", "jazz", "wine"))


def someone(member_id: int, **changes: object) -> Candidate:
    values: dict[str, object] = {
        "id": member_id, "gender": "female", "sexuality": "straight",
        "birth_date": date(1991, 1, 1), "country": "NL", "region": "NL-NH", "interests": (),
        "listing": Listing.PHOTO, "is_fictional": False, "km": 30.0}
    values.update(changes)
    return Candidate(**values)  # type: ignore[arg-type]


def test_fit_counts_both_wishes_interests_distance_activity_and_the_profile() -> None:
    base = fit(VIEWER, someone(1), NOW)
    assert fit(VIEWER, someone(1, interests=("hiking", "jazz")), NOW) > base
    assert fit(VIEWER, someone(1, km=5.0), NOW) > base > fit(VIEWER, someone(1, km=240.0), NOW)
    assert fit(VIEWER, someone(1, active_at=NOW - timedelta(hours=2)), NOW) > base
    assert fit(VIEWER, someone(1, listing=Listing.FILLED), NOW) > base
    assert fit(VIEWER, someone(1, listing=Listing.NO_PHOTO), NOW) < base
    # "Everyone": a lesbian woman still shows, with fewer points than one who wants him.
    assert fit(VIEWER, someone(1, sexuality="gay"), NOW) < base


def test_members_past_the_daily_cap_come_after_the_others() -> None:
    popular = someone(1, listing=Listing.FILLED, km=2.0, shown_today=IMPRESSION_CAP)
    plain = someone(2, km=200.0, shown_today=IMPRESSION_CAP - 1)
    assert [c.id for c in best_first(VIEWER, [popular, plain], NOW)] == [2, 1]
    assert [c.id for c in best_first(VIEWER, [popular, plain], NOW, cap=10_000)] == [1, 2]


candidates = st.lists(st.builds(
    someone, st.integers(1, 10_000), is_fictional=st.booleans(),
    interests=st.lists(st.sampled_from(INTERESTS), max_size=4, unique=True).map(tuple),
    km=st.none() | st.floats(0, 300), shown_today=st.integers(0, 2 * IMPRESSION_CAP),
    listing=st.sampled_from(list(Listing))), unique_by=lambda c: c.id)


@given(candidates)
def test_faces_first_and_a_fictional_profile_never_before_a_real_face(
        found: list[Candidate]) -> None:
    ranked = best_first(VIEWER, found, NOW)
    assert sorted(c.id for c in ranked) == sorted(c.id for c in found)
    faceless = [c.listing is Listing.NO_PHOTO for c in ranked]
    assert faceless == sorted(faceless)  # every face first
    faces = [c.is_fictional for c in ranked if c.listing is not Listing.NO_PHOTO]
    assert faces == sorted(faces)  # every real face before a fictional one


@given(candidates, st.dictionaries(st.integers(1, 10_000), st.integers(0, IMPRESSION_CAP)))
def test_cards_as_found_rank_as_candidates_with_their_impressions_told_apart(
        found: list[Candidate], pending: dict[int, int]) -> None:
    # A search ranks its cards as found, with the day's impressions by id (stored and
    # this process's): the order of the same members built as Candidates.
    shown = {c.id: c.shown_today + pending.get(c.id, 0) for c in found}
    as_candidates = [attrs.evolve(c, shown_today=shown[c.id]) for c in found]
    as_found = [attrs.evolve(c, shown_today=0) for c in found]
    assert [c.id for c in ranked_best_first(VIEWER, as_found, shown, NOW)] == \
        [c.id for c in best_first(VIEWER, as_candidates, NOW)]


@given(st.lists(st.booleans()))
def test_a_page_never_starts_with_a_fictional_profile_when_it_has_a_real_one(
        fictional: list[bool]) -> None:
    page = real_first(list(range(len(fictional))), fictional)
    assert sorted(page) == list(range(len(fictional)))
    if not all(fictional) and page:
        assert not fictional[page[0]]


def test_a_card_names_at_most_two_shared_interests_in_the_viewers_order() -> None:
    assert shared_interests(("jazz", "hiking", "wine"), ("wine", "hiking", "jazz")) == [
        "jazz", "hiking"]
    assert shared_interests(("jazz",), ("yoga",)) == []
