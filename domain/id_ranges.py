"""Ids as an operator types them (issue 32.3): `12 15-20 31` - single ids and ranges of
ids, separated by spaces or commas, for a page of photos reviewed at once.

A single id names that one thing, whatever its state; a range names the ids between its
ends, both included, and the use case says which of them it takes (photo review: those
still waiting for review, so that a range over a page never reaches a photo decided
before). Anything else is refused whole, naming the part that is wrong."""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from domain.errors import DomainError

MAX_ID = 2**31 - 1  # the database's integer
MAX_PARTS = 1000  # single ids and ranges in one command line
_NUMBER = re.compile(r"[0-9]{1,10}")  # ASCII digits only: no '١٢', no '+12', no '1e3'
_SEPARATORS = re.compile(r"[\s,]+")


@attrs.frozen
class IdRange:
    first: int
    last: int  # included; never below first

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.first <= number <= self.last

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"


@attrs.frozen
class IdSelection:
    """What was typed: the single ids (each once, in the order typed) and the ranges
    (each once, in the order typed)."""

    ids: tuple[int, ...] = ()
    ranges: tuple[IdRange, ...] = ()

    def covers(self, number: int) -> bool:
        return number in self.ids or any(number in span for span in self.ranges)

    def __str__(self) -> str:
        return " ".join([*map(str, self.ids), *map(str, self.ranges)])


def is_id(value: object) -> bool:
    """A whole number (true is not 1) the database can hold as an id."""
    return not isinstance(value, bool) and isinstance(value, int) and 1 <= value <= MAX_ID


def _number(text: str, part: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise DomainError("invalid_id_list", value=part)
    number = int(text)
    if not 1 <= number <= MAX_ID:
        raise DomainError("id_out_of_range", value=part, max=MAX_ID)
    return number


def parse_ids(typed: Iterable[str]) -> IdSelection:
    """`["12", "15-20,31"]` (as the shell splits a command line) as a selection; refused
    (DomainError, naming the part) when a part is neither a number nor two numbers joined
    by a hyphen, a number is 0 or too large, a range runs backwards, nothing is given or
    too much is."""
    parts = [part for text in typed for part in _SEPARATORS.split(text) if part]
    if not parts:
        raise DomainError("no_ids")
    if len(parts) > MAX_PARTS:
        raise DomainError("too_many_ids", max=MAX_PARTS)
    ids: dict[int, None] = {}
    ranges: dict[IdRange, None] = {}
    for part in parts:
        first, dash, last = part.partition("-")
        if not dash:
            ids[_number(part, part)] = None
            continue
        span = IdRange(_number(first, part), _number(last, part))
        if span.first > span.last:
            raise DomainError("id_range_backwards", value=part)
        ranges[span] = None
    return IdSelection(tuple(ids), tuple(ranges))


def compact(numbers: Iterable[int]) -> str:
    """The ids, ascending, each run of consecutive ones as a range: `12 15-20 31`. Every
    range covers only ids given, so it names exactly them (parse_ids reads it back)."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return " ".join(str(first) if first == last else f"{first}-{last}"
                    for first, last in runs)
