"""A member's copy of their data (issue 21.1): a ZIP of JSON files, one per section
(account, profile, photos with their image files, likes, matches, conversations and the
messages they can see, orders, credit ledger, notification preferences, consents, the
audit lines about them). The settings page asks for the password again first; a large
copy is built by a job and mailed as a link that works once."""

from __future__ import annotations

import io
import json
import zipfile

import attrs

from application.accounts import existing_member
from application.password_checks import PasswordChecks
from application.ports.clock import Clock
from application.ports.photos import FileStore
from application.ports.security import PasswordHasher, Secrets
from application.ports.unit_of_work import UnitOfWorkFactory
from domain.data_export import built_by_job, check_reconfirmed
from domain.errors import DomainError
from domain.members import Member

KIND = "export_ready"  # the mail, its token's purpose and its link
README = """This is a copy of the data {site} holds about you, made on {made}.
Each .json file is one part of it (account, profile, photos, likes, matches,
conversations and messages, orders, credit ledger, notification preferences, consents,
appeals, complaints and the audit log lines about your account); the photos folder holds
your photos' image files. Times are in UTC. Questions: {support}.
"""


@attrs.frozen
class Archive:
    filename: str
    data: bytes


@attrs.frozen
class ExportPreparing:
    """Too large to build while the member waits: a mail with the link follows."""

    status: str = "preparing"


@attrs.frozen
class DataExport:
    uow: UnitOfWorkFactory
    clock: Clock
    passwords: PasswordHasher
    secrets: Secrets
    files: FileStore

    def confirm_password(self, member_id: int, session_token: str, password: str,
                         ip: str) -> None:
        """Under the login lockout, like every password typed (application.password_checks)."""
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            PasswordChecks(self.passwords).confirm(uow, member, password, ip, now)
            uow.sessions.confirm(self.secrets.digest(session_token), now)
            uow.commit()

    def download(self, member: Member, session_token: str) -> Archive | ExportPreparing:
        """The copy now, or (when large) a job that mails a link to it."""
        with self.uow() as uow:
            check_reconfirmed(uow.sessions.confirmed_at(self.secrets.digest(session_token)),
                              self.clock.now())
            if built_by_job(*uow.personal_data.size(member.id)):
                uow.jobs.add("build_export", member.id)
                uow.commit()
                return ExportPreparing()
        return self.build(member.id)

    def build(self, member_id: int) -> Archive:
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            site = uow.sites.get(member.site_id)
            sections = uow.personal_data.sections(member_id)
            photos = uow.personal_data.photo_files(member_id)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("README.txt", README.format(
                site=site.name if site else "", made=now.isoformat(timespec="seconds"),
                support=site.support_email if site else ""))
            for name, rows in sections.items():
                archive.writestr(f"{name}.json", json.dumps(rows, ensure_ascii=False,
                                                            indent=2))
            for name in photos:
                data = self.files.get(name)
                if data is not None:  # a file the store lost is listed in photos.json
                    archive.writestr(f"photos/{name}", data)
        return Archive(f"my-data-{now:%Y-%m-%d}.zip", buffer.getvalue())

    def build_and_mail(self, member_id: int) -> None:
        """The job: the copy goes to the file store, the member gets a link to it."""
        archive = self.build(member_id)
        name = f"exports/{self.secrets.token()}.zip"
        self.files.put(name, archive.data, "application/zip")
        with self.uow() as uow:
            uow.jobs.add("account_mail", KIND, member_id, None, name)
            uow.commit()

    def purge_expired(self) -> int:
        """Copies whose link expired unused leave the file store (a scheduled job)."""
        with self.uow() as uow:
            names = uow.tokens.take_expired_targets(KIND, self.clock.now())
            if names:  # the files go once no token points at them, retried until gone
                uow.jobs.add("delete_files", names)
            uow.commit()
        return len(names)

    def claim(self, token: str) -> Archive:
        """The mailed link: once, within its lifetime; the file goes once fetched."""
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find(KIND, self.secrets.digest(token.strip()))
            if record is None or record.used_at or record.expires_at <= now \
                    or not record.target or not uow.tokens.claim(record.id, now):
                raise DomainError("export_link_invalid")
            uow.commit()
        data = self.files.get(record.target)
        if data is None:
            raise DomainError("export_link_invalid")
        self.files.delete(record.target)
        return Archive(f"my-data-{record.created_at:%Y-%m-%d}.zip", data)

