"""A member's copy of their data (issue 21.1): a ZIP of JSON files, one per section
(account, profile, photos with their image files, likes, matches, conversations and the
messages they can see, orders, credit ledger, notification preferences, consents, the
decisions about them (issue 30.1) and their appeals, the audit lines about them). The
settings page asks for the password again first; a job builds the copy and mails a link
to it that works once.

A copy may hold 100,000 messages and 25 photos, so it is never whole in memory (issue
28.6): the job writes the ZIP into a temporary file, a section and a photo at a time, each
section's rows read in batches and written as they come; the file goes into the file
store a piece at a time, and the link serves it back the same way."""

from __future__ import annotations

import json
import tempfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from datetime import datetime
from json.encoder import encode_basestring
from pathlib import Path
from typing import IO

import attrs

from application.ports.audit import JsonValue
from application.ports.clock import Clock
from application.ports.jobs import AccountMail, BuildExport, DeleteFiles
from application.ports.personal_data import Record
from application.ports.photos import FileStore
from application.ports.security import Secrets
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.lookups import existing_member
from application.shared.step_up_checks import require_step_up
from domain.data_export import check_link_can_be_mailed, link_can_be_mailed
from domain.errors import DomainError
from domain.members import Member
from domain.notifications import MailOff

KIND = "export_ready"  # the mail, its token's purpose and its link
README = """This is a copy of the data {site} holds about you, made on {made}.
Each .json file is one part of it (account, profile, photos, likes, matches,
conversations and messages, passkeys, orders, credit ledger, notification preferences, consents,
decisions restricting your account or content with their reasons, appeals, complaints and
the audit log lines about your account); the photos folder holds your photos' image files.
Times are in UTC. Questions: {support}.
"""
# JSON goes into the ZIP this much at a time, a few milliseconds of work: between two
# pieces the job lets the requests of the server process it may run in go first.
WRITE_SIZE = 16 * 1024


@attrs.frozen
class Download:
    """The copy behind a mailed link, read a piece at a time."""

    filename: str
    size: int
    chunks: Iterator[bytes]


@attrs.frozen
class ExportPreparing:
    """The job builds the copy; a mail with the link follows."""

    status: str = "preparing"


_INDENTED = json.JSONEncoder(ensure_ascii=False, indent=2).encode


def _scalar(value: JsonValue) -> str:
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return str(value) if type(value) is int else _INDENTED(value)


def _json_row(row: Record) -> str:
    """One row as ``json.dumps(rows, indent=2)`` lays it out within its list. A flat row
    (nearly all of them: messages) is laid out here: indenting makes the json module
    use its pure-Python encoder, a few times slower for 100,000 messages."""
    if not row or any(isinstance(value, dict | list) for value in row.values()):
        return _INDENTED(row).replace("\n", "\n  ")  # (a JSON text holds no raw newline)
    return "{\n    " + ",\n    ".join(f"{encode_basestring(key)}: {_scalar(value)}"
                                      for key, value in row.items()) + "\n  }"


def json_array(rows: Iterable[Record]) -> Iterator[str]:
    """``json.dumps(list(rows), indent=2)``, a row at a time."""
    first = True
    for row in rows:
        yield ("[\n  " if first else ",\n  ") + _json_row(row)
        first = False
    yield "[]" if first else "\n]"


def _let_others_run() -> None:
    """Between batches: the job may run on a server process's event loop (gevent patches
    time.sleep, and sleep(0) lets the requests waiting there go first); in a worker
    thread it lets the other threads have the interpreter."""
    time.sleep(0)


def _entry(name: str, now: datetime, compression: int = zipfile.ZIP_DEFLATED
           ) -> zipfile.ZipInfo:
    """A file in the ZIP, dated like the copy and readable by its owner (as writestr makes
    them)."""
    info = zipfile.ZipInfo(name, now.timetuple()[:6])
    info.compress_type = compression
    info.external_attr = 0o600 << 16
    return info


def _write_json(entry: IO[bytes], rows: Iterable[Record]) -> None:
    pending: list[bytes] = []
    size = 0
    for text in json_array(rows):
        piece = text.encode()
        pending.append(piece)
        size += len(piece)
        if size >= WRITE_SIZE:
            entry.write(b"".join(pending))
            pending, size = [], 0
            _let_others_run()
    entry.write(b"".join(pending))


@attrs.frozen
class DataExport:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    secrets: Secrets
    files: FileStore
    scratch: Path | None = None  # where copies are put together (None: the system's temp)

    def request(self, member: Member, session_token: str) -> ExportPreparing:
        """A job builds the copy and mails the link (refused when no mail would arrive).
        The member confirmed it is them first (application.step_up)."""
        with self.uow() as uow:
            require_step_up(uow, self.secrets, session_token, self.clock.now())
            check_link_can_be_mailed(self._mail_off(uow, member.id))
            uow.jobs.add(BuildExport(member.id))
            uow.commit()
        return ExportPreparing()

    @staticmethod
    def _mail_off(uow: AccountsUnit, member_id: int) -> MailOff | None:
        _, off = uow.notifications.preferences(member_id)
        return MailOff(off) if off else None

    def write(self, member_id: int, file: IO[bytes]) -> None:
        """The copy, as a ZIP, into ``file`` (a section, then a photo, at a time)."""
        now = self.clock.now()
        with zipfile.ZipFile(file, "w", zipfile.ZIP_DEFLATED) as archive:
            with self.uow() as uow:
                member = existing_member(uow, member_id)
                site = uow.sites.get(member.site_id)
                archive.writestr(_entry("README.txt", now), README.format(
                    site=site.name if site else "", made=now.isoformat(timespec="seconds"),
                    support=site.support_email if site else ""))
                for name, rows in uow.personal_data.sections(member_id):
                    with archive.open(_entry(f"{name}.json", now), "w") as entry:
                        _write_json(entry, rows)
                photos = uow.personal_data.photo_files(member_id)
            for name in photos:
                stream = self.files.stream(name)
                if stream is None:  # a file the store lost is listed in photos.json
                    continue
                # Stored as they are: a JPEG does not deflate, and trying costs time.
                info = _entry(f"photos/{name}", now, zipfile.ZIP_STORED)
                info.file_size = stream.size
                with archive.open(info, "w") as entry:
                    for chunk in stream.chunks:
                        entry.write(chunk)
                _let_others_run()

    def build_and_mail(self, member_id: int) -> None:
        """The job: the copy goes to the file store, the member gets a link to it."""
        with self.uow() as uow:
            if not link_can_be_mailed(self._mail_off(uow, member_id)):
                return  # the address began to bounce since: a copy nobody could fetch
        name = f"exports/{self.secrets.token()}.zip"
        if self.scratch is not None:
            self.scratch.mkdir(parents=True, exist_ok=True)
        # Unnamed (gone with the process), on disk rather than in memory.
        with tempfile.TemporaryFile(dir=self.scratch) as file:
            self.write(member_id, file)
            file.seek(0)
            self.files.put_file(name, file, "application/zip")
        try:
            with self.uow() as uow:
                uow.jobs.add(AccountMail(KIND, member_id, None, name))
                uow.commit()
        except BaseException:
            self.files.delete(name)  # no link will point at it; the job's retry builds anew
            raise

    def purge_expired(self) -> int:
        """Copies whose link expired unused leave the file store (a scheduled job)."""
        with self.uow() as uow:
            names = uow.tokens.take_expired_targets(KIND, self.clock.now())
            if names:  # the files go once no token points at them, retried until gone
                uow.jobs.add(DeleteFiles(names))
            uow.commit()
        return len(names)

    def claim(self, token: str) -> Download:
        """The mailed link: once, within its lifetime; the file goes once sent."""
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find(KIND, self.secrets.digest(token.strip()))
            if record is None or record.used_at or record.expires_at <= now \
                    or not record.target or not uow.tokens.claim(record.id, now):
                raise DomainError("export_link_invalid")
            uow.commit()
        stream = self.files.stream(record.target)
        if stream is None:
            raise DomainError("export_link_invalid")
        return Download(f"my-data-{record.created_at:%Y-%m-%d}.zip", stream.size,
                        self._then_deleted(record.target, stream.chunks))

    def _then_deleted(self, name: str, chunks: Iterator[bytes]) -> Iterator[bytes]:
        """The file leaves the store once sent, or once the download broke off (the link
        is spent either way; a file left by a crash goes when the link expires)."""
        try:
            yield from chunks
        finally:
            self.files.delete(name)
