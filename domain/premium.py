"""What only premium members get (spec section 4: 'some features premium only').

Premium is earned by the first purchase (paid_user). Besides 25 photos and open photos,
these features are premium-only; others are refused with ``premium_only``, which the
client shows as 'Deze functie is alleen beschikbaar voor premium leden.'.
"""

from __future__ import annotations

from domain.errors import DomainError
from domain.members import Member

READ_RECEIPTS = "read_receipts"  # seeing that the other member read one's messages

# The match-finder is not here: the spec lists it among the matching games open to
# members and names only photos and conversations as free members' limits (issue 19.8).
PREMIUM_FEATURES = frozenset({READ_RECEIPTS})


def has_feature(member: Member, feature: str) -> bool:
    return feature not in PREMIUM_FEATURES or member.paid_user


def require_feature(member: Member, feature: str) -> None:
    if not has_feature(member, feature):
        raise DomainError("premium_only", feature=feature)
