"""Passkeys on in-memory ports (the WebAuthn checks themselves are the ceremonies
adapter's, tests/adapters): adding one needs the step-up and a fresh challenge of this
member's session, each challenge answers once; signing in with one starts a session on
its own site only; confirming with one confirms the session; renaming and removing."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import attrs
import pytest

from application.passkeys import Page, Passkeys
from application.ports.passkeys import (
    Claim,
    CredentialJson,
    NewCredential,
    OptionsJson,
    PasskeyUser,
    RelyingParty,
)
from application.shared.sign_ins import Visitor
from domain.errors import DomainError
from domain.members import Member
from domain.passkeys import Passkey
from tests.application.memory import CountingSecrets, FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, add_member, factory, new_store
from tests.conftest import sample_site

PAGE = Page(site_host="amora.test", scheme="https", host="www.amora.test")
VISITOR = Visitor(ip="198.51.100.7", user_agent="test", language="nl")
SESSION = "session-of-ann"


class Ceremonies:
    """An authenticator's answers as plain dicts: the challenge, the credential and its
    counter; an answer from another origin fails as WebAuthn's would."""

    def creation_options(self, party: RelyingParty, user: PasskeyUser, challenge: str,
                         exclude: Sequence[str]) -> OptionsJson:
        return {"challenge": challenge, "rp": party.id, "user": user.handle,
                "exclude": list(exclude)}

    def request_options(self, party: RelyingParty, challenge: str,
                        allow: Sequence[str]) -> OptionsJson:
        return {"challenge": challenge, "rp": party.id, "allow": list(allow)}

    def read(self, credential: CredentialJson) -> Claim:
        return Claim(challenge=credential["challenge"], credential_id=credential["id"],
                     user_handle=credential.get("handle"))

    def verify_registration(self, credential: CredentialJson, challenge: str,
                            party: RelyingParty) -> NewCredential:
        self._check(credential, party)
        return NewCredential(credential_id=credential["id"], public_key="key", sign_count=0)

    def verify_assertion(self, credential: CredentialJson, challenge: str,
                         party: RelyingParty, passkey: Passkey) -> int:
        self._check(credential, party)
        counter = int(credential["counter"])
        if counter <= passkey.sign_count:  # a cloned authenticator, or a replay
            raise DomainError("passkey_failed")
        return counter

    @staticmethod
    def _check(credential: CredentialJson, party: RelyingParty) -> None:
        if credential.get("origin", party.origin) != party.origin:
            raise DomainError("passkey_failed")


@attrs.define
class Keyring:
    store: MemoryStore
    clock: FixedClock
    passkeys: Passkeys
    ann: Member


def keyring() -> Keyring:
    store, clock, secrets = new_store(), FixedClock(), CountingSecrets()
    ann = add_member(store, "Ann")
    with MemoryUnitOfWork(store) as uow:
        uow.sessions.add(ann.id, secrets.digest(SESSION), NOW, NOW + timedelta(days=30),
                         VISITOR.ip, "test")
        uow.sessions.confirm(secrets.digest(SESSION), NOW)  # she typed her password
        uow.commit()
    return Keyring(store, clock, Passkeys(factory(store), clock, secrets, Ceremonies()), ann)


def _added(k: Keyring, credential_id: str = "cred-1", name: str = " Phone ") -> int:
    options = k.passkeys.registration_options(k.ann, SESSION, PAGE).options
    assert options["rp"] == "amora.test"  # the site's domain: www. shares its passkeys
    answer: dict[str, Any] = {"challenge": options["challenge"], "id": credential_id}
    return k.passkeys.register(k.ann, SESSION, PAGE, answer, name).id


def test_a_passkey_is_added_after_the_step_up_and_listed() -> None:
    k = keyring()
    first = _added(k)
    [listed] = k.passkeys.listed(k.ann.id)
    assert (listed.id, listed.name, listed.last_used_at) == (first, "Phone", None)
    options = k.passkeys.registration_options(k.ann, SESSION, PAGE).options
    assert options["exclude"] == ["cred-1"]  # the browser will not make it twice
    assert k.store.audit[-1]["action"] == "members.passkey_add"
    k.clock.current += timedelta(hours=1)  # the confirmation is old now
    with pytest.raises(DomainError) as stale:
        k.passkeys.registration_options(k.ann, SESSION, PAGE)
    assert stale.value.code == "password_confirmation_required"


def test_a_challenge_answers_once_and_only_its_own_ceremony() -> None:
    k = keyring()
    options = k.passkeys.registration_options(k.ann, SESSION, PAGE).options
    answer = {"challenge": options["challenge"], "id": "cred-1"}
    k.passkeys.register(k.ann, SESSION, PAGE, answer, "Phone")
    with pytest.raises(DomainError):
        k.passkeys.register(k.ann, SESSION, PAGE, {**answer, "id": "cred-2"}, "Laptop")
    sign_in = k.passkeys.sign_in_options(PAGE).options
    with pytest.raises(DomainError):  # a sign-in's challenge does not register
        k.passkeys.register(k.ann, SESSION, PAGE,
                            {"challenge": sign_in["challenge"], "id": "cred-3"}, "Tablet")
    assert [p.name for p in k.passkeys.listed(k.ann.id)] == ["Phone"]


def _sign_in(k: Keyring, counter: int, page: Page = PAGE, **more: Any) -> int:
    options = k.passkeys.sign_in_options(page).options
    login = k.passkeys.sign_in(page, {"challenge": options["challenge"], "id": "cred-1",
                                      "counter": counter, **more}, VISITOR)
    return login.member.id


def test_signing_in_with_a_passkey_starts_a_session_on_its_own_site_only() -> None:
    k = keyring()
    _added(k)
    sessions = len(k.store.sessions)
    assert _sign_in(k, counter=1) == k.ann.id
    assert len(k.store.sessions) == sessions + 1
    assert k.passkeys.listed(k.ann.id)[0].last_used_at == NOW
    with pytest.raises(DomainError) as replayed:  # the stored counter moved on to 1
        _sign_in(k, counter=1)
    assert replayed.value.code == "passkey_failed"
    with pytest.raises(DomainError):
        _sign_in(k, counter=2, origin="https://evil.test")
    with MemoryUnitOfWork(k.store) as uow:
        uow.sites.add(sample_site(1, domain="other.test", is_default=False))
        uow.commit()
    with pytest.raises(DomainError) as elsewhere:
        _sign_in(k, counter=3, page=Page("other.test", "https", "other.test"))
    assert elsewhere.value.code == "passkey_not_recognised"


def test_confirming_with_a_passkey_confirms_the_session() -> None:
    k = keyring()
    _added(k)
    k.clock.current += timedelta(hours=1)
    options = k.passkeys.confirm_options(k.ann, SESSION, PAGE).options
    assert options["allow"] == ["cred-1"]  # her own passkeys only
    k.passkeys.confirm(k.ann, SESSION, PAGE, {"challenge": options["challenge"],
                                              "id": "cred-1", "counter": 1})
    k.passkeys.registration_options(k.ann, SESSION, PAGE)  # the step-up holds again
    bob = add_member(k.store, "Bob", gender="male")
    with pytest.raises(DomainError) as none:
        k.passkeys.confirm_options(bob, SESSION, PAGE)
    assert none.value.code == "no_passkeys"


def test_a_passkey_is_renamed_and_removed_by_its_owner_only() -> None:
    k = keyring()
    number = _added(k)
    assert k.passkeys.rename(k.ann.id, number, "  Work phone ").name == "Work phone"
    bob = add_member(k.store, "Bob", gender="male")
    with pytest.raises(DomainError):
        k.passkeys.rename(bob.id, number, "Mine now")
    with pytest.raises(DomainError):
        k.passkeys.remove(bob.id, SESSION, number)
    k.passkeys.remove(k.ann.id, SESSION, number)
    assert k.passkeys.listed(k.ann.id) == []
    assert k.store.audit[-1]["action"] == "members.passkey_remove"
