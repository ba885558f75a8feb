"""Account use cases against in-memory ports: signup to deletion, with every refusal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

import attrs
import pytest

from adapters.events.local import LocalEventBus
from adapters.security.password_strength import password_strength
from adapters.security.signing import SecretSigner
from adapters.texts.grounds import JsonGroundTexts
from application.account_mails import AccountMails
from application.moderation import Moderation
from application.ports.jobs import AccountMail, DeleteFiles, ErasureMail
from application.ports.notifications import Attachment
from application.ports.photos import Photo
from application.shared.mail_brand import ComposedMail
from application.shared.sign_ins import SESSION_LIFETIME, Visitor
from application.signup import SignupForm
from domain.errors import DomainError
from domain.members import AccountStatus, ProfileStatus, Traffic
from domain.photos import PhotoStatus
from tests.application.account_areas import AccountAreas, account_areas
from tests.application.memory import (
    CountingSecrets,
    FixedClock,
    MemoryFiles,
    MemoryStore,
    MemoryUnitOfWork,
    PlainPasswords,
    RecordingTasks,
)
from tests.conftest import sample_company, sample_site
from tests.lookups import found

VISITOR = Visitor(ip="198.51.100.7", user_agent="test", language="nl", geoip_country="NL")
FORM = SignupForm(email="Ann@Example.com", name="Ann", date_of_birth="1990-04-01",
                  password="correct horse battery", gender="female", seeking="male")


class Outbox:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, to: str, subject: str, text: str, html: str | None = None,
             sender_name: str | None = None, headers: dict[str, str] | None = None,
             message_id: str | None = None, attachments: Sequence[Attachment] = ()) -> None:
        self.sent.append({"to": to, "subject": subject, "text": text, "headers": headers})


class EchoTexts:
    def compose(self, kind: str, language: str, values: Mapping[str, object]) -> ComposedMail:
        return ComposedMail(f"{kind}:{language}", str(values["link"]), str(values["link"]))


@attrs.define
class World:
    store: MemoryStore
    clock: FixedClock
    tasks: RecordingTasks
    outbox: Outbox
    files: MemoryFiles
    accounts: AccountAreas
    mails: AccountMails
    moderation: Moderation

    def run_jobs(self) -> None:
        """Does what the worker does: sends the account e-mails that were enqueued or
        written to the outbox."""
        for job in self.store.jobs + self.tasks.jobs:
            match job:
                case DeleteFiles(names=names):
                    for file_name in names:
                        self.files.delete(file_name)
                case ErasureMail():
                    self.mails.farewell(job.member_id, job.site_id, job.language, job.email,
                                        job.name, job.country)
                case AccountMail():
                    self.mails.send(job.mail, job.member_id, job.new_email, job.target)
                case _:
                    raise AssertionError(job)
        self.tasks.jobs.clear()
        self.store.jobs.clear()

    def last_token(self) -> str:
        return str(self.outbox.sent[-1]["text"]).rsplit("=", 1)[1]


@pytest.fixture
def world() -> World:
    store, clock, tasks, outbox, files = (MemoryStore(), FixedClock(), RecordingTasks(),
                                          Outbox(), MemoryFiles())
    work = MemoryUnitOfWork(store)
    with work:
        company = work.companies.add(sample_company())
        work.sites.add(sample_site(company.id, support_email="help@amora.test"))
        work.commit()
    secrets = CountingSecrets()

    def uow(reads_only: bool = False, searches: bool = False) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(store)

    accounts = account_areas(uow=uow, clock=clock, passwords=PlainPasswords(), secrets=secrets,
                             tasks=tasks, files=files, password_strength=password_strength)
    mails = AccountMails(uow=uow, clock=clock, secrets=secrets, texts=EchoTexts(),
                         mailer=outbox, base_url="https://{domain}",
                         signer=SecretSigner("test"), grounds=JsonGroundTexts())
    return World(store, clock, tasks, outbox, files, accounts, mails,
                 Moderation(uow, clock, LocalEventBus()))


def signed_up(world: World, form: SignupForm = FORM) -> int:
    login = world.accounts.signup.sign_up("amora.test", form, VISITOR)
    world.run_jobs()
    return login.member.id


def test_signup_starts_a_session_and_mails_the_activation_link(world: World) -> None:
    login = world.accounts.signup.sign_up("amora.test", FORM, attrs.evolve(
        VISITOR, traffic=Traffic(network="partner", sub1="x")))
    assert login.member.status is AccountStatus.NOT_CONFIRMED
    assert login.member.profile.status is ProfileStatus.DISABLED
    assert login.member.email == "ann@example.com"
    assert login.member.traffic.network == "partner"
    assert found(world.accounts.sign_in.member_for(login.token)).id == login.member.id
    world.run_jobs()
    [mail] = world.outbox.sent
    assert mail["to"] == "ann@example.com" and mail["subject"] == "activation:nl"
    assert mail["text"].startswith("https://amora.test/activate/done?token=")
    activated = world.accounts.signup.activate(world.last_token())
    assert activated.status is AccountStatus.ACTIVE
    assert activated.profile.status is ProfileStatus.ACTIVE


def test_activation_link_expires_and_garbage_fails(world: World) -> None:
    signed_up(world)
    token = world.last_token()
    world.clock.current += timedelta(days=8)
    with pytest.raises(DomainError, match="activation_failed"):
        world.accounts.signup.activate(token)
    with pytest.raises(DomainError, match="activation_failed"):
        world.accounts.signup.activate("nonsense")


@pytest.mark.parametrize(("policy", "traffic", "code"), [
    ("invite_only", Traffic(), "invite_only"),
    ("with_trafficsource", Traffic(), "signup_needs_traffic_source"),
])
def test_signup_policies(world: World, policy: str, traffic: Traffic, code: str) -> None:
    world.store.sites[1] = attrs.evolve(world.store.sites[1], signups=policy)
    with pytest.raises(DomainError) as refused:
        world.accounts.signup.sign_up("amora.test", FORM, attrs.evolve(VISITOR, traffic=traffic))
    assert refused.value.code == code
    assert not world.store.members
    if policy == "with_trafficsource":
        world.accounts.signup.sign_up("amora.test", FORM, attrs.evolve(
            VISITOR, traffic=Traffic(network="ads")))


def test_signup_refuses_existing_and_recently_deleted_accounts(world: World) -> None:
    member_id = signed_up(world)
    with pytest.raises(DomainError, match="account_exists"):
        world.accounts.signup.sign_up("amora.test", attrs.evolve(FORM, email="ANN@example.com"),
                                      VISITOR)
    world.accounts.closing.delete(member_id, "found someone", FORM.password, VISITOR.ip)
    with pytest.raises(DomainError) as refused:
        world.accounts.signup.sign_up("amora.test", FORM, VISITOR)
    assert refused.value.code == "account_deleted_reactivatable"
    assert refused.value.params == {"support_email": "help@amora.test"}


def test_signup_validation_changes_nothing(world: World) -> None:
    bad = attrs.evolve(FORM, email="nope", name="@ann", date_of_birth="2012-01-01",
                       password="password123")
    with pytest.raises(DomainError) as refused:
        world.accounts.signup.sign_up("amora.test", bad, VISITOR)
    assert refused.value.params["fields"] == {
        "email": "invalid_email", "name": "name_starts_with_at",
        "date_of_birth": "birth_date_required", "password": "password_too_common"}
    assert not world.store.members and not world.tasks.jobs


def test_login_logout_and_lockout(world: World) -> None:
    signed_up(world)
    login = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    assert world.accounts.sign_in.member_for(login.token) is not None
    world.accounts.sign_in.log_out(login.token)
    assert world.accounts.sign_in.member_for(login.token) is None
    for _ in range(3):
        with pytest.raises(DomainError, match="login_failed"):
            world.accounts.sign_in.log_in("amora.test", "ann@example.com", "wrong", VISITOR)
    with pytest.raises(DomainError) as locked:
        world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    assert locked.value.code == "too_many_attempts" and locked.value.params == {"minutes": 1}
    other_place = attrs.evolve(VISITOR, ip="203.0.113.5")
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password,
                                         other_place)
    world.clock.current += timedelta(minutes=1)
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)


def test_failures_from_fifty_addresses_do_not_lock_the_member_out(world: World) -> None:
    signed_up(world)
    for n in range(50):
        with pytest.raises(DomainError, match="login_failed"):
            world.accounts.sign_in.log_in("amora.test", "ann@example.com", f"guess number {n}",
                                  attrs.evolve(VISITOR, ip=f"203.0.113.{n}"))
    new_place = attrs.evolve(VISITOR, ip="192.0.2.77")
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, new_place)


def test_one_address_hammering_waits_longer_after_each_failure(world: World) -> None:
    signed_up(world)
    attacker = attrs.evolve(VISITOR, ip="203.0.113.66")
    waits = []
    for n in range(11):
        try:
            world.accounts.sign_in.log_in("amora.test", "ann@example.com", f"guess {n}", attacker)
        except DomainError as error:
            if error.code == "too_many_attempts":
                waits.append(error.params["minutes"])
                world.clock.current += timedelta(minutes=error.params["minutes"])
    assert waits == [1, 2, 4, 8]
    with pytest.raises(DomainError) as refused:
        world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, attacker)
    assert refused.value.code == "too_many_attempts" and refused.value.params == {"minutes": 15}
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)


def test_an_address_failing_for_many_accounts_is_refused(world: World) -> None:
    attacker = attrs.evolve(VISITOR, ip="203.0.113.66")
    for n in range(30):
        with pytest.raises(DomainError, match="login_failed"):
            world.accounts.sign_in.log_in("amora.test", f"who{n}@example.com", "guess", attacker)
    with pytest.raises(DomainError) as refused:
        world.accounts.sign_in.log_in("amora.test", "who99@example.com", "guess", attacker)
    assert refused.value.code == "too_many_attempts" and refused.value.params == {"minutes": 60}


def test_login_answers_alike_for_unknown_addresses(world: World) -> None:
    with pytest.raises(DomainError) as unknown:
        world.accounts.sign_in.log_in("amora.test", "nobody@example.com", "whatever", VISITOR)
    signed_up(world)
    with pytest.raises(DomainError) as wrong:
        world.accounts.sign_in.log_in("amora.test", "ann@example.com", "whatever", VISITOR)
    assert unknown.value.code == wrong.value.code == "login_failed"
    assert unknown.value.params == wrong.value.params == {}


def test_password_reset_flow(world: World) -> None:
    member_id = signed_up(world)
    old = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    world.accounts.credentials.request_password_reset("amora.test", "ann@example.com")
    world.accounts.credentials.request_password_reset("amora.test",
                                                      "stranger@example.com")  # silent
    world.run_jobs()
    token = world.last_token()
    with pytest.raises(DomainError, match="passwords_differ"):
        world.accounts.credentials.reset_password(token, "new secret words", "other words")
    world.accounts.credentials.reset_password(token, "new secret words", "new secret words")
    assert world.accounts.sign_in.member_for(old.token) is None  # other sessions ended
    with pytest.raises(DomainError, match="reset_link_invalid"):
        world.accounts.credentials.reset_password(token, "again secret words", "again secret words")
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", "new secret words",
                                         VISITOR)
    assert member_id


def test_reset_mails_past_the_daily_quota_go_silently_once_an_hour(world: World) -> None:
    signed_up(world)
    world.outbox.sent.clear()
    for _ in range(5):  # a stranger asking for ann's address again and again
        world.accounts.credentials.request_password_reset("amora.test",
                                                          "ann@example.com")  # no error
        world.run_jobs()
    assert len(world.outbox.sent) == 3
    world.clock.current += timedelta(minutes=59)
    world.accounts.credentials.request_password_reset("amora.test", "ann@example.com")
    world.run_jobs()
    assert len(world.outbox.sent) == 3
    world.clock.current += timedelta(minutes=2)  # ann still gets a fresh link each hour
    world.accounts.credentials.request_password_reset("amora.test", "ann@example.com")
    world.run_jobs()
    assert len(world.outbox.sent) == 4
    world.accounts.credentials.reset_password(world.last_token(), "new secret words",
                                              "new secret words")


@pytest.mark.parametrize(("password", "code"), [
    ("short", "password_too_short"), (" " * 12, "password_blank"),
    ("ann@example.com", "password_personal"), ("Ann loves 1990!", "password_personal"),
    ("iloveyou12", "password_too_common"), ("1234567890", "password_too_common")])
def test_weak_passwords_are_refused_at_signup_reset_and_change(
        world: World, password: str, code: str) -> None:
    with pytest.raises(DomainError) as at_signup:
        world.accounts.signup.sign_up("amora.test", attrs.evolve(FORM, password=password), VISITOR)
    assert at_signup.value.params["fields"] == {"password": code}
    member_id = signed_up(world)
    here = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    with pytest.raises(DomainError) as at_change:
        world.accounts.credentials.change_password(member_id, here.token, FORM.password, password,
                                                   password,
                                       VISITOR.ip)
    assert at_change.value.params["fields"] == {"new_password": code}
    world.accounts.credentials.request_password_reset("amora.test", "ann@example.com")
    world.run_jobs()
    with pytest.raises(DomainError) as at_reset:
        world.accounts.credentials.reset_password(world.last_token(), password, password)
    assert at_reset.value.params["fields"] == {"password": code}
    world.accounts.credentials.reset_password(world.last_token(), "new secret words",
                                              "new secret words")


def test_reset_link_expires(world: World) -> None:
    signed_up(world)
    world.accounts.credentials.request_password_reset("amora.test", "ann@example.com")
    world.run_jobs()
    world.clock.current += timedelta(hours=3)
    with pytest.raises(DomainError, match="reset_link_invalid"):
        world.accounts.credentials.reset_password(world.last_token(), "new secret words",
                                                  "new secret words")


def test_open_sessions_answers_for_many_as_member_for_does_for_one(world: World) -> None:
    """The live sockets' periodic check reads all their sessions at once."""
    signed_up(world)
    here, there, gone = (world.accounts.sign_in.log_in("amora.test", "ann@example.com",
                                               FORM.password, VISITOR) for _ in range(3))
    world.accounts.sign_in.log_out(gone.token)
    tokens = {here.token, there.token, gone.token, "not a session"}
    assert world.accounts.sign_in.open_sessions(tokens) == {here.token, there.token}
    assert {token for token in tokens if world.accounts.sign_in.member_for(token)} == {here.token,
                                                                                there.token}
    world.clock.current += SESSION_LIFETIME
    assert world.accounts.sign_in.open_sessions(tokens) == set()


def test_change_password_keeps_this_session_only(world: World) -> None:
    member_id = signed_up(world)
    here = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    there = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    with pytest.raises(DomainError, match="old_password_wrong"):
        world.accounts.credentials.change_password(member_id, here.token, "nope", "a new password",
                                       "a new password", VISITOR.ip)
    with pytest.raises(DomainError, match="passwords_differ"):
        world.accounts.credentials.change_password(member_id, here.token, FORM.password,
                                                   "a new password",
                                       "another one", VISITOR.ip)
    world.accounts.credentials.change_password(member_id, here.token, FORM.password,
                                               "a new password",
                                   "a new password", VISITOR.ip)
    assert world.accounts.sign_in.member_for(here.token) is not None
    assert world.accounts.sign_in.member_for(there.token) is None


def test_mail_change(world: World) -> None:
    member_id = signed_up(world)
    other = signed_up(world, attrs.evolve(FORM, email="bo@example.com", name="Bo"))
    assert other
    with pytest.raises(DomainError, match="new_email_invalid"):
        world.accounts.credentials.request_mail_change(member_id, "bo@", FORM.password, VISITOR.ip)
    with pytest.raises(DomainError, match="email_taken"):
        world.accounts.credentials.request_mail_change(member_id, "BO@example.com", FORM.password,
                                           VISITOR.ip)
    with pytest.raises(DomainError, match="password_wrong"):
        world.accounts.credentials.request_mail_change(member_id, "ann@new.example", "wrong",
                                                       VISITOR.ip)
    world.accounts.credentials.request_mail_change(member_id, "ann@new.example", FORM.password,
                                                   VISITOR.ip)
    world.run_jobs()
    assert world.outbox.sent[-1]["to"] == "ann@new.example"
    changed = world.accounts.credentials.confirm_mail_change(world.last_token())
    assert changed.email == "ann@new.example"


def test_delete_reactivate_and_erase(world: World) -> None:
    member_id = signed_up(world)
    world.store.photos.append(Photo(1, member_id, "photos/1/1.jpg", "photos/1/1_thumb.jpg",
                                    PhotoStatus.ACTIVE, is_main=True))
    world.files.put("photos/1/1.jpg", b"x", "image/jpeg")
    session = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    world.accounts.closing.delete(member_id, "taking a break", FORM.password, VISITOR.ip)
    assert world.accounts.sign_in.member_for(session.token) is None
    world.run_jobs()
    token = world.last_token()
    back = world.accounts.closing.reactivate(token, VISITOR)
    assert back.member.status is AccountStatus.NOT_CONFIRMED
    world.accounts.closing.delete(member_id, "", FORM.password, VISITOR.ip)
    world.run_jobs()
    world.clock.current += timedelta(days=15)
    with pytest.raises(DomainError, match="reactivation_link_invalid"):
        world.accounts.closing.reactivate(world.last_token(), VISITOR)
    assert world.accounts.closing.erase_expired() == 1
    assert world.store.members[member_id].email == f"erased-{member_id}@invalid"
    world.run_jobs()  # the photos go in the background
    assert world.files.get("photos/1/1.jpg") is None
    assert world.accounts.closing.erase_expired() == 0


def test_ban_ends_sessions_and_is_audited(world: World) -> None:
    member_id = signed_up(world)
    session = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    with pytest.raises(DomainError, match="reason_required"):
        world.moderation.ban(member_id, " ", "ops")
    world.moderation.ban(member_id, "harassment", "ops")
    with pytest.raises(DomainError, match="account_banned"):
        world.accounts.sign_in.member_for(session.token)
    with pytest.raises(DomainError, match="account_banned"):
        world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    world.moderation.unban(member_id, "appeal granted", "ops")
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    assert [(a["action"], a["actor"], a["details"]["reason"]) for a in world.store.audit] == [
        ("members.ban", "ops", "harassment"), ("members.unban", "ops", "appeal granted")]


def test_preferences(world: World) -> None:
    member_id = signed_up(world)
    member = world.accounts.sign_in.update_preferences(member_id, language="de", invisible=True)
    assert (member.language, member.invisible) == ("de", True)
