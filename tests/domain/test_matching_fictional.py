"""Fictional profiles are never anyone's best match (issue 29.3): whatever they score,
best_matches ranks them after every real member, and the real ones stay in score order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.matching import Wishes, best_matches
from domain.members import Profile
from tests.domain.test_matching import TODAY, profiles


@given(seeker=profiles, candidates=st.lists(profiles, max_size=12),
       fictional=st.sets(st.integers(0, 11)), limit=st.integers(0, 12))
def test_no_fictional_profile_ranks_above_a_real_member(
        seeker: Profile, candidates: list[Profile], fictional: set[int], limit: int) -> None:
    wishes = Wishes.of(seeker, TODAY)
    numbered = list(enumerate(candidates))
    ranked = best_matches(seeker, wishes, numbered, TODAY, limit, fictional=fictional)
    kinds = [member_id in fictional for member_id, _ in ranked]
    assert kinds == sorted(kinds)  # every real member before the first fictional one
    real = [score for member_id, score in ranked if member_id not in fictional]
    assert real == sorted(real, reverse=True)
    # The real members shown are the best real ones: none left out scores higher.
    everyone = dict(best_matches(seeker, wishes, numbered, TODAY, len(numbered)))
    left_out = [score for member_id, score in everyone.items()
                if member_id not in fictional and member_id not in dict(ranked)]
    assert not left_out or not real or max(left_out) <= min(real)
    assert len(ranked) == min(limit, len(candidates))
