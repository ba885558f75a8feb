"""Moving photo files between stores: resumable, verified before the source goes."""

from __future__ import annotations

import pytest

from application.photo_storage import move_files
from domain.errors import DomainError
from tests.application.memory import MemoryFiles


def stores() -> tuple[MemoryFiles, MemoryFiles]:
    source, target = MemoryFiles(), MemoryFiles()
    source.data = {"photos/1/a.jpg": b"aaaa", "photos/1/b.jpg": b"bb", "photos/2/c.jpg": b"c"}
    return source, target


def test_copies_what_is_missing_and_skips_what_is_there() -> None:
    source, target = stores()
    target.data = {"photos/1/a.jpg": b"AAAA", "photos/1/b.jpg": b"half"}  # same size, other size
    seen: list[tuple[str, str]] = []
    summary = move_files(source, target, source.names(), on_file=lambda *file: seen.append(file))
    assert (summary.copied, summary.present, summary.deleted, summary.bytes_copied) == (2, 1, 0, 3)
    assert target.data["photos/1/b.jpg"] == b"bb" and target.data["photos/2/c.jpg"] == b"c"
    assert seen == [("photos/1/a.jpg", "present"), ("photos/1/b.jpg", "copied"),
                    ("photos/2/c.jpg", "copied")]
    again = move_files(source, target, source.names())  # a second run has nothing to do
    assert (again.copied, again.present) == (0, 3)


def test_a_dry_run_changes_nothing() -> None:
    source, target = stores()
    summary = move_files(source, target, source.names(), dry_run=True, delete_source=True)
    assert (summary.copied, summary.bytes_copied, summary.deleted) == (3, 7, 0)
    assert target.data == {} and len(source.data) == 3


def test_the_source_goes_only_after_the_copy_reads_back_equal() -> None:
    source, target = stores()
    summary = move_files(source, target, source.names(), delete_source=True)
    assert (summary.copied, summary.deleted) == (3, 3) and source.data == {}
    assert target.data == {"photos/1/a.jpg": b"aaaa", "photos/1/b.jpg": b"bb",
                           "photos/2/c.jpg": b"c"}


def test_a_same_size_file_that_differs_is_not_deleted() -> None:
    source, target = stores()
    target.data = {"photos/1/a.jpg": b"AAAA"}
    with pytest.raises(DomainError) as refused:
        move_files(source, target, source.names(), delete_source=True)
    assert (refused.value.code, refused.value.params) == ("file_copy_differs",
                                                          {"name": "photos/1/a.jpg"})
    assert source.data["photos/1/a.jpg"] == b"aaaa"


def test_a_file_removed_meanwhile_is_counted_not_copied() -> None:
    source, target = stores()
    summary = move_files(source, target, ["photos/1/a.jpg", "photos/9/gone.jpg"])
    assert (summary.copied, summary.gone) == (1, 1) and "photos/9/gone.jpg" not in target.data
