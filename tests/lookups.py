"""Lookups a test knows the answer to: `found(work.members.get(ann))` is Ann, not None."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def found(value: T | None) -> T:
    """The looked-up value; an AssertionError when the lookup answered None."""
    assert value is not None, "looked up, not there"
    return value
