"""Undo for the owner (issue 33.4) and the step-up (issue 33.5) against in-memory ports,
with a fixed clock: the undo link's 48 hours and the confirmation's 10 minutes are
tried on both sides of their boundary."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from adapters.events.local import LocalEventBus
from adapters.security.password_strength import password_strength
from application.account_recovery import AccountRecovery
from application.ports.events import Event, member_channel
from application.ports.passkeys import NewCredential
from application.shared.account_changes import UNDO_LIFETIME
from application.step_up import StepUp
from domain.errors import DomainError
from domain.passkeys import Passkey
from domain.step_up import RECONFIRM_WINDOW
from tests.application import test_accounts
from tests.application.memory import CountingSecrets, MemoryUnitOfWork, PlainPasswords
from tests.application.test_accounts import FORM, VISITOR, World, signed_up

world = test_accounts.world  # the accounts' in-memory world, as a fixture here too

SECOND = timedelta(seconds=1)
NEW = "violet harbour lanterns"


@attrs.define
class Owner:
    world: World
    recovery: AccountRecovery
    step_up: StepUp
    heard: list[Event]

    def mails_to(self, address: str) -> list[dict[str, object]]:
        return [mail for mail in self.world.outbox.sent if mail["to"] == address]

    def undo_token(self, address: str) -> str:
        [mail] = [m for m in self.mails_to(address) if "/undo?token=" in str(m["text"])][-1:]
        return str(mail["text"]).rsplit("=", 1)[1]


@pytest.fixture
def owner(world: World) -> Owner:
    secrets = world.accounts.secrets
    assert isinstance(secrets, CountingSecrets)
    events = LocalEventBus()
    heard: list[Event] = []
    events.subscribe(member_channel(1), heard.append)

    def uow(reads_only: bool = False, searches: bool = False) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(world.store)

    return Owner(world,
                 AccountRecovery(uow=uow, clock=world.clock, secrets=secrets,
                                 passwords=PlainPasswords(), password_strength=password_strength,
                                 events=events),
                 StepUp(uow=uow, clock=world.clock, passwords=PlainPasswords(), secrets=secrets),
                 heard)


def _taken_over(owner: Owner) -> tuple[int, list[str]]:
    """Ann signed in on two devices; someone in one of them changes her address."""
    world = owner.world
    member_id = signed_up(world)
    assert member_id == 1
    sessions = [world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password,
                                      VISITOR).token for _ in range(2)]
    world.accounts.credentials.request_mail_change(member_id, "thief@example.net", FORM.password,
                                       VISITOR.ip, sessions[0])
    world.run_jobs()
    world.accounts.credentials.confirm_mail_change(world.last_token())
    world.run_jobs()
    return member_id, sessions


def test_an_address_change_mails_the_old_address_an_undo_link(owner: Owner) -> None:
    member_id, _ = _taken_over(owner)
    world = owner.world
    [undo_mail] = [m for m in owner.mails_to("ann@example.com")
                   if m["subject"] == "mail_changed:nl"]
    assert str(undo_mail["text"]).startswith("https://amora.test/undo?token=")
    assert not [m for m in owner.mails_to("thief@example.net") if "/undo" in str(m["text"])]
    [record] = [r for r in world.store.tokens if r.purpose == "undo"]
    assert record.new_email == "ann@example.com" and record.target == "mail_changed"
    assert record.expires_at == world.clock.now() + UNDO_LIFETIME
    # Stored hashed: the raw token is in the mail only.
    assert owner.undo_token("ann@example.com") not in world.store.token_hashes.values()
    assert [line["action"] for line in world.store.audit] == ["members.mail_change"]
    assert world.store.audit[0]["actor"] == "member"
    assert world.store.audit[0]["subject"] == str(member_id)


def test_the_undo_restores_the_address_ends_every_session_and_voids_the_password(
        owner: Owner) -> None:
    member_id, sessions = _taken_over(owner)
    world = owner.world
    token = owner.undo_token("ann@example.com")
    # The intruder meanwhile asked to move the address again: that link dies with the undo.
    world.accounts.credentials.request_mail_change(member_id, "thief2@example.net", FORM.password,
                                       VISITOR.ip, sessions[0])
    world.run_jobs()
    pending = world.last_token()
    world.clock.current += UNDO_LIFETIME - SECOND  # the last second the link works

    undone = owner.recovery.undo(token)

    assert (undone.email, undone.change) == ("ann@example.com", "mail_changed")
    member = world.store.members[member_id]
    assert member.email == "ann@example.com" and member.password_hash is None
    assert all(world.accounts.sign_in.member_for(session) is None for session in sessions)
    assert [event.kind for event in owner.heard] == ["session_revoked"]
    with pytest.raises(DomainError, match="login_failed"):  # the old password is void
        world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    with pytest.raises(DomainError, match="mail_change_link_invalid"):
        world.accounts.credentials.confirm_mail_change(pending)
    with pytest.raises(DomainError, match="undo_link_invalid"):  # once only
        owner.recovery.undo(token)
    assert world.store.audit[-1]["action"] == "members.undo_change"
    assert world.store.audit[-1]["details"] == {"change": "mail_changed",
                                                "address_restored": True,
                                                "passkeys_removed": 0,
                                                "two_factor_removed": False}

    # The next step: a new password (checked as at signup), then Ann signs in with it.
    with pytest.raises(DomainError, match="passwords_differ"):
        owner.recovery.set_password(undone.password_token, NEW, NEW + "!")
    with pytest.raises(DomainError) as weak:
        owner.recovery.set_password(undone.password_token, "iloveyou12", "iloveyou12")
    assert weak.value.params["fields"] == {"password": "password_too_common"}
    assert world.store.members[member_id].password_hash is None  # nothing changed
    owner.recovery.set_password(undone.password_token, NEW, NEW)
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", NEW, VISITOR)
    with pytest.raises(DomainError, match="reset_link_invalid"):
        owner.recovery.set_password(undone.password_token, NEW, NEW)
    # Setting it is the owner's own step: no further undo mail.
    assert not [m for m in world.outbox.sent if m["subject"] == "password_changed:nl"]


def test_the_undo_link_ends_after_48_hours(owner: Owner) -> None:
    member_id, sessions = _taken_over(owner)
    world = owner.world
    world.clock.current += UNDO_LIFETIME
    with pytest.raises(DomainError, match="undo_link_invalid"):
        owner.recovery.undo(owner.undo_token("ann@example.com"))
    with pytest.raises(DomainError, match="undo_link_invalid"):
        owner.recovery.undo("made-up")
    assert world.store.members[member_id].email == "thief@example.net"  # nothing changed
    assert world.accounts.sign_in.member_for(sessions[1]) is not None
    assert not owner.heard


def test_the_new_password_step_lasts_two_hours(owner: Owner) -> None:
    _taken_over(owner)
    undone = owner.recovery.undo(owner.undo_token("ann@example.com"))
    owner.world.clock.current += timedelta(hours=2)
    with pytest.raises(DomainError, match="reset_link_invalid"):
        owner.recovery.set_password(undone.password_token, NEW, NEW)
    # "Forgot password" still works: to the restored address.
    owner.world.accounts.credentials.request_password_reset("amora.test", "ann@example.com")
    owner.world.run_jobs()
    assert owner.world.outbox.sent[-1]["to"] == "ann@example.com"


@pytest.mark.parametrize("by_link", [False, True])
def test_a_password_change_or_reset_mails_an_undo_link_that_keeps_the_address(
        owner: Owner, by_link: bool) -> None:
    world = owner.world
    member_id = signed_up(world)
    here = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    if by_link:
        world.accounts.credentials.request_password_reset("amora.test", "ann@example.com")
        world.run_jobs()
        world.accounts.credentials.reset_password(world.last_token(), "the thief's words",
                                                  "the thief's words")
    else:
        world.accounts.credentials.change_password(member_id, here.token, FORM.password,
                                       "the thief's words", "the thief's words", VISITOR.ip)
    world.run_jobs()
    assert world.outbox.sent[-1]["subject"] == "password_changed:nl"
    assert world.store.audit[-1]["action"] == ("members.password_reset" if by_link
                                               else "members.password_change")
    undone = owner.recovery.undo(owner.undo_token("ann@example.com"))
    assert (undone.email, undone.change) == ("ann@example.com", "password_changed")
    assert world.store.audit[-1]["details"] == {"change": "password_changed",
                                                "address_restored": False,
                                                "passkeys_removed": 0,
                                                "two_factor_removed": False}
    assert world.accounts.sign_in.member_for(here.token) is None
    with pytest.raises(DomainError, match="login_failed"):
        world.accounts.sign_in.log_in("amora.test", "ann@example.com", "the thief's words", VISITOR)


def test_every_undo_link_out_goes_with_the_first_used(owner: Owner) -> None:
    """The intruder changed the password, then the address: two mails to Ann's address.
    Either restores it; the other one then does nothing (it would lock her out again)."""
    world = owner.world
    member_id = signed_up(world)
    here = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    world.accounts.credentials.change_password(member_id, here.token, FORM.password,
                                               "the thief's words",
                                   "the thief's words", VISITOR.ip)
    world.run_jobs()
    first = owner.undo_token("ann@example.com")
    world.accounts.credentials.request_mail_change(member_id, "thief@example.net",
                                                   "the thief's words",
                                       VISITOR.ip, here.token)
    world.run_jobs()
    world.accounts.credentials.confirm_mail_change(world.last_token())
    world.run_jobs()
    second = owner.undo_token("ann@example.com")
    assert first != second
    undone = owner.recovery.undo(first)  # the password's: the address comes back too
    assert undone.email == "ann@example.com"
    assert world.store.members[member_id].email == "ann@example.com"
    owner.recovery.set_password(undone.password_token, NEW, NEW)
    with pytest.raises(DomainError, match="undo_link_invalid"):
        owner.recovery.undo(second)
    assert world.accounts.sign_in.log_in("amora.test", "ann@example.com", NEW, VISITOR)


def test_an_old_address_taken_meanwhile_changes_nothing(owner: Owner) -> None:
    member_id, sessions = _taken_over(owner)
    world = owner.world
    signed_up(world, attrs.evolve(FORM, email="ann@example.com", name="Other"))
    with pytest.raises(DomainError) as taken:
        owner.recovery.undo(owner.undo_token("ann@example.com"))
    assert taken.value.code == "undo_address_taken"
    assert taken.value.params == {"support_email": "help@amora.test"}
    assert world.store.members[member_id].email == "thief@example.net"
    assert world.accounts.sign_in.member_for(sessions[0]) is not None


# --- the step-up (issue 33.5) ----------------------------------------------------------

def test_an_address_change_without_the_password_needs_a_confirmed_session(
        owner: Owner) -> None:
    world = owner.world
    member_id = signed_up(world)
    here = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    with pytest.raises(DomainError, match="password_confirmation_required"):
        world.accounts.credentials.request_mail_change(member_id, "ann@new.example", None,
                                                       VISITOR.ip,
                                           here.token)
    with pytest.raises(DomainError, match="password_wrong"):
        owner.step_up.confirm_password(member_id, here.token, "not it", VISITOR.ip)
    assert len(world.store.failures) == 1  # counted as a failed login
    owner.step_up.confirm_password(member_id, here.token, FORM.password, VISITOR.ip)
    world.clock.current += RECONFIRM_WINDOW  # the last moment it counts
    world.accounts.credentials.request_mail_change(member_id, "ann@new.example", None, VISITOR.ip,
                                       here.token)
    world.clock.current += SECOND
    with pytest.raises(DomainError, match="password_confirmation_required"):
        world.accounts.credentials.request_mail_change(member_id, "ann@new.example", None,
                                                       VISITOR.ip,
                                           here.token)
    # Another session of Ann's is not confirmed by this one's password.
    there = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    owner.step_up.confirm_password(member_id, here.token, FORM.password, VISITOR.ip)
    with pytest.raises(DomainError, match="password_confirmation_required"):
        world.accounts.credentials.request_mail_change(member_id, "ann@new.example", None,
                                                       VISITOR.ip,
                                           there.token)


def test_the_password_given_with_the_change_confirms_the_session(owner: Owner) -> None:
    world = owner.world
    member_id = signed_up(world)
    here = world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    world.accounts.credentials.request_mail_change(member_id, "ann@new.example", FORM.password,
                                                   VISITOR.ip,
                                       here.token)
    world.clock.current += RECONFIRM_WINDOW - SECOND
    world.accounts.credentials.request_mail_change(member_id, "ann@other.example", None, VISITOR.ip,
                                       here.token)


def test_the_undo_takes_away_the_ways_in_the_intruder_added(owner: Owner) -> None:
    """A passkey skips the password and an authenticator app would stop the owner at the
    second step: those added since the change go with the undo; the owner's own stay."""
    world = owner.world
    store = world.store
    credential = NewCredential(credential_id="ann-phone", public_key="key", sign_count=0)
    store.passkeys[1] = Passkey(id=1, member_id=1, credential_id="ann-phone",
                                public_key="key", sign_count=0, name="Ann's phone",
                                created_at=world.clock.now() - timedelta(days=30))
    member_id, _ = _taken_over(owner)
    token = owner.undo_token("ann@example.com")
    world.clock.current += timedelta(minutes=5)
    with MemoryUnitOfWork(store) as uow:  # what the intruder adds with the session
        uow.passkeys.add(member_id, attrs.evolve(credential, credential_id="thief-key"),
                         "mine", world.clock.now())
        uow.two_factor.start(member_id, "SECRET", world.clock.now())
        uow.two_factor.confirm(member_id, world.clock.now())
        uow.commit()

    owner.recovery.undo(token)

    assert [key.name for key in store.passkeys.values()] == ["Ann's phone"]
    assert member_id not in store.two_factor
    assert world.store.audit[-1]["details"]["passkeys_removed"] == 1
    assert world.store.audit[-1]["details"]["two_factor_removed"] is True
