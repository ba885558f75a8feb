"""Virtual gifts (issue 7): one catalogue for every site, priced per site. A gift costs the
site's gift_credits times its size, and arrives in the conversation as a message."""

from __future__ import annotations

import attrs

from domain.errors import DomainError


@attrs.frozen
class Gift:
    key: str  # names the picture (web/public/gifts/<key>.svg) and the translated name
    size: int  # price in units of the site's gift_credits


CATALOGUE = (Gift("rose", 1), Gift("chocolates", 1), Gift("coffee", 1), Gift("teddy", 2),
             Gift("champagne", 3), Gift("diamond", 5))


def gift(key: str) -> Gift:
    for item in CATALOGUE:
        if item.key == key:
            return item
    raise DomainError("gift_not_found")


def price(item: Gift, gift_credits: int) -> int:
    return item.size * gift_credits
