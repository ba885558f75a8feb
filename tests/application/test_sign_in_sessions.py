"""Where a member is signed in (issue 33.3), against in-memory ports: the list, ending one
or all other sessions, the "was this you?" mail for a new device and its link."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import attrs
import pytest

from adapters.security.password_strength import password_strength
from adapters.security.signing import SecretSigner
from adapters.texts.grounds import JsonGroundTexts
from application.account_mails import AccountMails
from application.new_device_mails import NewDeviceMails, device_words
from application.ports.events import Event, SessionRevoked
from application.ports.jobs import NewDeviceMail
from application.shared.mail_brand import ComposedMail
from application.shared.sign_ins import Visitor
from application.sign_in_sessions import SignInSessions
from domain.errors import DomainError
from domain.sign_ins import SEEN_EVERY, Browser, EarlierSignIn, is_new_device
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
from tests.application.test_accounts import FORM, Outbox
from tests.conftest import sample_company, sample_site

PHONE = Visitor(ip="203.0.113.5", user_agent="Safari/17 (iOS 17; iPhone)", language="de",
                geoip_country="DE", device="phone-cookie")
LAPTOP = Visitor(ip="198.51.100.7", user_agent="Firefox/121 (Windows 10)", language="de",
                 geoip_country="NL", device="laptop-cookie")


class FakeUserAgents:
    """"Family/version (System version; device)": enough to tell browsers apart."""

    def describe(self, user_agent: str | None) -> Browser:
        if not user_agent or "/" not in user_agent:
            return Browser()
        name, rest = user_agent.split("/", 1)
        version, _, inside = rest.partition(" (")
        system, _, device = inside.rstrip(")").partition("; ")
        system_name, _, system_version = system.partition(" ")
        return Browser(browser=name, browser_version=version, system=system_name or None,
                       system_version=system_version or None, device=device or None)


class Places:
    def country(self, code: str, language: str) -> str | None:
        return {("DE", "de"): "Deutschland", ("NL", "de"): "Niederlande"}.get((code, language))


class KeepingTexts:
    def __init__(self) -> None:
        self.values: list[dict[str, Any]] = []

    def compose(self, kind: str, language: str, values: Any) -> ComposedMail:
        self.values.append({"kind": kind, "language": language, **values})
        return ComposedMail(f"{kind}:{language}", values["link"], values["link"])


class Heard:
    def __init__(self) -> None:
        self.events: list[tuple[str, Event]] = []

    def publish(self, channel: str, event: Event) -> None:
        self.events.append((channel, event))

    def publish_all(self, published: Sequence[tuple[str, Event]]) -> None:
        self.events.extend(published)

    def subscribe(self, channel: str, listener: Any) -> Any:
        return lambda: None


@attrs.define
class World:
    store: MemoryStore
    clock: FixedClock
    accounts: AccountAreas
    sessions: SignInSessions
    mails: NewDeviceMails
    account_mails: AccountMails
    texts: KeepingTexts
    outbox: Outbox
    heard: Heard

    def new_device_mails(self) -> list[NewDeviceMail]:
        return [job for job in self.store.jobs if isinstance(job, NewDeviceMail)]

    def send_new_device_mails(self) -> None:
        for job in self.new_device_mails():
            self.mails.send(job.session_id)
        self.store.jobs[:] = [job for job in self.store.jobs
                              if not isinstance(job, NewDeviceMail)]

    def sign_in(self, visitor: Visitor) -> str:
        return self.accounts.sign_in.log_in("amora.test", FORM.email, FORM.password, visitor).token


@pytest.fixture
def world() -> World:
    store, clock = MemoryStore(), FixedClock()
    work = MemoryUnitOfWork(store)
    with work:
        company = work.companies.add(sample_company())
        work.sites.add(sample_site(company.id, support_email="help@amora.test"))
        work.commit()
    secrets, agents, texts, outbox, heard = (CountingSecrets(), FakeUserAgents(),
                                             KeepingTexts(), Outbox(), Heard())

    def uow(reads_only: bool = False, searches: bool = False) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(store)

    accounts = account_areas(uow=uow, clock=clock, passwords=PlainPasswords(), secrets=secrets,
                             tasks=RecordingTasks(), files=MemoryFiles(),
                             password_strength=password_strength, user_agents=agents)
    account_mails = AccountMails(uow=uow, clock=clock, secrets=secrets, texts=texts,
                                 mailer=outbox, base_url="https://{domain}",
                                 signer=SecretSigner("test"), grounds=JsonGroundTexts())
    return World(store, clock, accounts,
                 SignInSessions(uow, clock, secrets, agents, heard),
                 NewDeviceMails(uow, clock, secrets, account_mails, agents, Places(),
                                "https://{domain}"),
                 account_mails, texts, outbox, heard)


def signed_up(world: World, visitor: Visitor = LAPTOP) -> tuple[int, str]:
    login = world.accounts.signup.sign_up("amora.test", FORM, visitor)
    world.store.jobs.clear()  # the activation mail
    return login.member.id, login.token


def test_the_first_session_and_the_same_browser_again_are_no_new_device(world: World) -> None:
    signed_up(world)
    assert world.new_device_mails() == []  # signup: nothing to compare with
    world.sign_in(LAPTOP)
    world.sign_in(attrs.evolve(LAPTOP, ip="192.0.2.9", user_agent="Firefox/122 (Windows 11)"))
    assert world.new_device_mails() == []  # same cookie, same browser family


def test_a_new_cookie_or_a_new_browser_on_the_device_is_a_new_device(world: World) -> None:
    signed_up(world)
    world.sign_in(PHONE)
    world.sign_in(attrs.evolve(LAPTOP, user_agent="Chrome/120 (Windows 10)"))
    world.sign_in(PHONE)  # seen now
    assert world.new_device_mails() == [NewDeviceMail(2), NewDeviceMail(3)]


def test_sessions_from_before_device_cookies_count_by_their_browser() -> None:
    legacy = [EarlierSignIn(None, "Firefox")]
    assert not is_new_device("new-cookie", "Firefox", legacy)
    assert is_new_device("new-cookie", "Chrome", legacy)
    assert not is_new_device("x", "Chrome", [])  # the very first session


def test_the_mail_tells_device_place_and_time_and_its_link_ends_that_session(
        world: World) -> None:
    member_id, laptop = signed_up(world)
    world.clock.current += timedelta(hours=3)
    phone = world.sign_in(PHONE)
    world.send_new_device_mails()
    told = world.texts.values[-1]
    assert told["kind"] == "new_device" and told["language"] == "de"
    assert told["what"] == "known" and told["device"] == "iPhone, iOS 17, Safari 17"
    assert told["where"] == "known" and told["country"] == "Deutschland"
    assert (str(told["day"]), told["time"], told["zone"]) == (
        "2026-11-21", "16:00", "Europe/Amsterdam")  # 15:00 UTC
    assert told["password_link"] == "https://amora.test/reset-password"
    assert world.outbox.sent[-1]["to"] == "ann@example.com"
    link = world.outbox.sent[-1]["text"]
    assert link.startswith("https://amora.test/sessions/end?token=")
    token = link.rsplit("=", 1)[1]

    ended = world.sessions.end_by_link(token)  # no sign-in needed
    assert (ended.member_id, ended.ended) == (member_id, True)
    assert world.accounts.sign_in.signed_in(phone) is None
    assert world.accounts.sign_in.signed_in(laptop) is not None
    channel, event = world.heard.events[-1]
    assert channel == f"member:{member_id}" and event == SessionRevoked(sessions=(2,))
    with pytest.raises(DomainError) as twice:
        world.sessions.end_by_link(token)
    assert twice.value.code == "end_session_link_invalid"


def test_an_unknown_place_and_browser_are_said_so(world: World) -> None:
    signed_up(world)
    world.sign_in(attrs.evolve(PHONE, user_agent=None, geoip_country=None))
    world.send_new_device_mails()
    told = world.texts.values[-1]
    assert (told["what"], told["where"], told["device"], told["country"]) == (
        "unknown", "unknown", "", "")
    assert device_words(Browser(browser="Chrome", browser_version="120")) == "Chrome 120"


def test_the_link_of_a_session_ended_since_or_expired_says_so(world: World) -> None:
    member_id, laptop = signed_up(world)
    world.sign_in(PHONE)
    world.sign_in(attrs.evolve(PHONE, device="tablet-cookie"))
    world.send_new_device_mails()
    first, second = (sent["text"].rsplit("=", 1)[1] for sent in world.outbox.sent[-2:])
    world.sessions.end_others(member_id, laptop)
    assert world.sessions.end_by_link(first).ended is False  # ended already: all is well
    world.clock.current += timedelta(days=30)
    with pytest.raises(DomainError) as late:
        world.sessions.end_by_link(second)
    assert late.value.code == "end_session_link_invalid"
    for bad in ("", "token-999", first):
        with pytest.raises(DomainError):
            world.sessions.end_by_link(bad)


def test_no_mail_to_an_address_that_bounces(world: World) -> None:
    member_id, _ = signed_up(world)
    with MemoryUnitOfWork(world.store) as uow:
        uow.notifications.set_mail_off(member_id, "bounce", world.clock.now())
        uow.commit()
    world.sign_in(PHONE)
    sent = len(world.outbox.sent)
    world.send_new_device_mails()
    assert len(world.outbox.sent) == sent


def test_the_list_shows_this_device_first_with_place_and_last_use(world: World) -> None:
    member_id, laptop = signed_up(world)
    world.clock.current += timedelta(hours=1)
    phone = world.sign_in(PHONE)
    world.clock.current += timedelta(minutes=2)
    listed = world.sessions.of_member(member_id, laptop)
    assert [(each.current, each.country, each.device.browser) for each in listed] == [
        (True, "NL", "Firefox"), (False, "DE", "Safari")]
    assert listed[1].device.device == "iPhone"
    assert listed[1].started_at == listed[1].last_active == world.clock.now() - timedelta(
        minutes=2)
    from_phone = world.sessions.of_member(member_id, phone)
    assert [each.current for each in from_phone] == [True, False]
    assert from_phone[0].id == listed[1].id


def test_last_use_is_written_at_most_every_few_minutes(world: World) -> None:
    member_id, laptop = signed_up(world)
    started = world.clock.now()
    writes = []

    def last_seen() -> Any:
        row = next(iter(world.store.sessions.values()))
        writes.append(row["last_seen_at"])
        return row["last_seen_at"]

    world.accounts.sign_in.signed_in(laptop)
    assert last_seen() is None  # just begun
    world.clock.current += SEEN_EVERY - timedelta(seconds=1)
    world.accounts.sign_in.signed_in(laptop)
    assert last_seen() is None
    world.clock.current += timedelta(seconds=1)
    world.accounts.sign_in.signed_in(laptop)
    assert last_seen() == started + SEEN_EVERY
    world.clock.current += timedelta(minutes=4)
    world.accounts.sign_in.signed_in(laptop)
    assert last_seen() == started + SEEN_EVERY  # not again within SEEN_EVERY
    world.clock.current += timedelta(minutes=1)
    world.accounts.sign_in.signed_in(laptop)
    assert last_seen() == started + 2 * SEEN_EVERY
    assert world.sessions.of_member(member_id, laptop)[0].last_active == started + 2 * SEEN_EVERY


def test_ending_one_session_signs_only_it_out(world: World) -> None:
    member_id, laptop = signed_up(world)
    phone = world.sign_in(PHONE)
    phone_id = world.sessions.of_member(member_id, phone)[0].id
    assert world.sessions.end(member_id, laptop, phone_id) is False  # not the one asking
    assert world.accounts.sign_in.signed_in(phone) is None
    assert world.accounts.sign_in.signed_in(laptop) is not None
    assert world.heard.events[-1][1] == SessionRevoked(sessions=(phone_id,))
    assert [each.id for each in world.sessions.of_member(member_id, laptop)] != [phone_id]
    with pytest.raises(DomainError) as again:
        world.sessions.end(member_id, laptop, phone_id)
    assert again.value.code == "session_not_found"
    own = world.sessions.of_member(member_id, laptop)[0].id
    assert world.sessions.end(member_id, laptop, own) is True
    assert world.accounts.sign_in.signed_in(laptop) is None


def test_nobody_ends_another_members_session(world: World) -> None:
    ann, laptop = signed_up(world)
    other = world.accounts.signup.sign_up("amora.test", attrs.evolve(FORM, email="bo@example.com",
                                                               name="Bo"), PHONE)
    bo_session = world.sessions.of_member(other.member.id, other.token)[0].id
    with pytest.raises(DomainError) as refused:
        world.sessions.end(ann, laptop, bo_session)
    assert refused.value.code == "session_not_found"
    assert world.accounts.sign_in.signed_in(other.token) is not None
    assert world.heard.events == []


def test_ending_all_others_keeps_this_one(world: World) -> None:
    member_id, laptop = signed_up(world)
    others = [world.sign_in(PHONE), world.sign_in(attrs.evolve(PHONE, device="tablet"))]
    assert world.sessions.end_others(member_id, laptop) == 2
    assert [world.accounts.sign_in.signed_in(token) for token in others] == [None, None]
    assert world.accounts.sign_in.signed_in(laptop) is not None
    assert [each.current for each in world.sessions.of_member(member_id, laptop)] == [True]
    assert world.heard.events[-1][1] == SessionRevoked(sessions=(2, 3))
    assert world.sessions.end_others(member_id, laptop) == 0
    assert len(world.heard.events) == 1  # nothing ended: nothing to tell


def test_a_revocation_naming_sessions_ends_only_theirs() -> None:
    assert SessionRevoked().ends(7) and SessionRevoked().ends(None)  # a ban: all of them
    assert SessionRevoked(sessions=(7,)).ends(7)
    assert not SessionRevoked(sessions=(7,)).ends(8)
