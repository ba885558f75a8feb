"""Moving the photo files to another store (local disk to a bucket when scaling out).

Safe to stop and start again: a file the target already holds at the same size is not
copied twice, and a source file goes only after the target's copy reads back equal."""

from __future__ import annotations

import mimetypes
from collections.abc import Callable, Iterable

import attrs

from application.ports.photos import FileStore
from domain.errors import DomainError

COPIED, PRESENT, GONE = "copied", "present", "gone"


@attrs.define
class MoveSummary:
    copied: int = 0  # or, in a dry run, would be copied
    present: int = 0  # the target had it already
    gone: int = 0  # deleted from the source meanwhile (a member removed the photo)
    deleted: int = 0  # removed from the source after a verified copy
    bytes_copied: int = 0


def move_files(source: FileStore, target: FileStore, names: Iterable[str], *,
               dry_run: bool = False, delete_source: bool = False,
               on_file: Callable[[str, str], None] = lambda name, outcome: None) -> MoveSummary:
    summary = MoveSummary()
    for name in names:
        size = source.size(name)
        if size is None:
            outcome = GONE
        elif target.size(name) == size:
            outcome = PRESENT
        elif dry_run:
            outcome, summary.bytes_copied = COPIED, summary.bytes_copied + size
        else:
            outcome = _copy(source, target, name)
            summary.bytes_copied += size if outcome == COPIED else 0
        setattr(summary, outcome, getattr(summary, outcome) + 1)
        if delete_source and not dry_run and outcome != GONE:
            data = source.get(name)
            if data is not None and target.get(name) != data:
                raise DomainError("file_copy_differs", name=name)
            source.delete(name)
            summary.deleted += 1
        on_file(name, outcome)
    return summary


def _copy(source: FileStore, target: FileStore, name: str) -> str:
    data = source.get(name)
    if data is None:
        return GONE
    target.put(name, data, mimetypes.guess_type(name)[0] or "application/octet-stream")
    if target.size(name) != len(data):
        raise DomainError("file_copy_differs", name=name)
    return COPIED
