"""A server worker freezes what survived its first full collections (issue 36.4)."""

from __future__ import annotations

from adapters.http.collector import Settling


def test_survivors_of_the_chosen_full_passes_are_frozen() -> None:
    frozen: list[int] = []
    settling = Settling(freeze=lambda: frozen.append(settling.full_passes), after=(1, 2, 4))
    for _ in range(5):
        settling("start", {"generation": 2})
        settling("stop", {"generation": 2, "collected": 0, "uncollectable": 0})
    assert frozen == [1, 2, 4]


def test_younger_passes_neither_count_nor_freeze() -> None:
    frozen: list[str] = []
    settling = Settling(freeze=lambda: frozen.append("frozen"), after=(1,))
    for generation in (0, 1, 0, 1):
        settling("start", {"generation": generation})
        settling("stop", {"generation": generation, "collected": 3, "uncollectable": 0})
    assert (settling.full_passes, frozen) == (0, [])
