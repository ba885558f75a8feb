"""The premium rule: a premium-only feature is open exactly to paid members."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.premium import PREMIUM_FEATURES, has_feature, require_feature
from tests.domain.test_discovery import member as a_member


@given(paid=st.booleans(), feature=st.sampled_from(sorted(PREMIUM_FEATURES) + ["search"]))
def test_premium_features_are_open_exactly_to_paid_members(paid: bool, feature: str) -> None:
    member = attrs.evolve(a_member(), paid_user=paid)
    assert has_feature(member, feature) == (paid or feature not in PREMIUM_FEATURES)
    if has_feature(member, feature):
        require_feature(member, feature)
    else:
        with pytest.raises(DomainError) as refused:
            require_feature(member, feature)
        assert refused.value.code == "premium_only"
