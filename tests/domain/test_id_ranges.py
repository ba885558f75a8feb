"""Ids and ranges as operators type them (domain/id_ranges.py, issue 32.3)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.id_ranges import MAX_ID, MAX_PARTS, IdRange, IdSelection, compact, parse_ids

IDS = st.sets(st.integers(1, 3000), min_size=1, max_size=80)
SEPARATOR = st.sampled_from([" ", ",", ", ", "  ", "\t", " ,"])


def _covered(selection: IdSelection, among: range) -> set[int]:
    return {number for number in among if selection.covers(number)}


@given(IDS)
def test_a_compacted_list_reads_back_as_exactly_its_ids(ids: set[int]) -> None:
    typed = compact(ids)
    selection = parse_ids(typed.split(" "))
    assert _covered(selection, range(1, 3002)) == ids
    # Each range covers only ids given, and no two parts could have been one.
    for span in selection.ranges:
        assert set(range(span.first, span.last + 1)) <= ids and span.first < span.last
    ends = sorted([(n, n) for n in selection.ids] + [(s.first, s.last) for s in selection.ranges])
    assert all(later[0] > earlier[1] + 1 for earlier, later in zip(ends, ends[1:], strict=False))
    assert re.fullmatch(r"[0-9]+(-[0-9]+)?( [0-9]+(-[0-9]+)?)*", typed)


@given(st.lists(st.one_of(st.integers(1, MAX_ID).map(lambda n: (n, n)),
                          st.tuples(st.integers(1, MAX_ID), st.integers(0, 50)).map(
                              lambda start: (start[0], min(MAX_ID, start[0] + start[1])))),
                min_size=1, max_size=30),
       st.lists(SEPARATOR, min_size=30, max_size=30), st.booleans())
def test_ids_and_ranges_are_read_whatever_separates_them(
        parts: list[tuple[int, int]], separators: list[str], one_argument: bool) -> None:
    texts = [str(first) if first == last and index % 2 else f"{first}-{last}"
             for index, (first, last) in enumerate(parts)]
    typed = ["".join(t + s for t, s in zip(texts, separators, strict=False))] if one_argument \
        else texts
    selection = parse_ids(typed)
    singles = [int(text) for text in texts if "-" not in text]
    spans = [IdRange(*map(int, text.split("-"))) for text in texts if "-" in text]
    assert selection.ids == tuple(dict.fromkeys(singles))  # each once, as typed
    assert selection.ranges == tuple(dict.fromkeys(spans))
    for first, last in parts:
        assert selection.covers(first) and selection.covers(last)


NOT_A_PART = st.text(min_size=1, max_size=12).filter(
    lambda text: not re.search(r"[\s,]", text) and not re.fullmatch(
        r"0*[1-9][0-9]{0,9}(-0*[1-9][0-9]{0,9})?", text))


@given(NOT_A_PART, st.lists(st.integers(1, 99).map(str), max_size=3))
def test_anything_else_is_refused_naming_the_part(bad: str, good: list[str]) -> None:
    with pytest.raises(DomainError) as refused:
        parse_ids([*good, bad])
    assert refused.value.code in ("invalid_id_list", "id_out_of_range", "id_range_backwards")
    assert refused.value.params["value"] == bad


@pytest.mark.parametrize(("typed", "code"), [
    (["20-15"], "id_range_backwards"), (["0"], "id_out_of_range"), (["3-0"], "id_out_of_range"),
    ([str(MAX_ID + 1)], "id_out_of_range"), (["1-"], "invalid_id_list"),
    (["-5"], "invalid_id_list"), (["1--5"], "invalid_id_list"), (["1-2-3"], "invalid_id_list"),
    (["١٢"], "invalid_id_list"), (["+12"], "invalid_id_list"), (["1e3"], "invalid_id_list"),
    (["12345678901"], "invalid_id_list"), ([], "no_ids"), ([" , "], "no_ids"),
    (["1"] * (MAX_PARTS + 1), "too_many_ids"),
])
def test_the_refusals(typed: list[str], code: str) -> None:
    with pytest.raises(DomainError) as refused:
        parse_ids(typed)
    assert refused.value.code == code


def test_the_example_of_the_help() -> None:
    selection = parse_ids(["12", "15-20", "31"])
    assert selection == IdSelection((12, 31), (IdRange(15, 20),))
    assert str(selection) == "12 31 15-20"
    assert parse_ids(["12,15-20, 31", "12"]) == selection
    assert compact([31, 12, 15, 16, 17, 18, 19, 20, 12]) == "12 15-20 31"
    assert parse_ids(["007-9"]) == IdSelection((), (IdRange(7, 9),))
