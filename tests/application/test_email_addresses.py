"""New addresses go through the EmailAddresses port (issue 28.6): a signup, a change of
address or a visitor's complaint with an address Amora does not take is refused and
changes nothing; a member whose stored address predates the rule still logs in and
resets their password."""

from __future__ import annotations

import attrs
import pytest

from adapters.security.email_addresses import LibraryEmailAddresses
from application.complaints import Complaints
from application.ports.jobs import AccountMail
from domain.accounts import InvalidFields
from domain.complaints import ComplaintForm
from domain.errors import DomainError
from tests.application.memory import FixedClock
from tests.application.people import factory, new_store
from tests.application.test_accounts import (  # noqa: F401 - world: the fixture
    FORM,
    VISITOR,
    World,
    signed_up,
    world,
)
from tests.email_cases import REFUSED, RESERVED

BAD = REFUSED + RESERVED


@pytest.fixture
def checked(world: World) -> World:  # noqa: F811
    world.accounts = world.accounts.evolve(addresses=LibraryEmailAddresses())
    return world


@pytest.mark.parametrize("email", BAD)
def test_a_signup_with_an_address_amora_does_not_take_is_refused(checked: World,
                                                                  email: str) -> None:
    with pytest.raises(InvalidFields) as refused:
        checked.accounts.signup.sign_up("amora.test", attrs.evolve(FORM, email=email), VISITOR)
    assert refused.value.params["fields"]["email"] == "invalid_email"
    assert not checked.store.members and not checked.store.jobs


@pytest.mark.parametrize("email", BAD)
def test_a_change_to_an_address_amora_does_not_take_is_refused(checked: World,
                                                               email: str) -> None:
    member_id = signed_up(checked)
    checked.outbox.sent.clear()
    with pytest.raises(DomainError) as refused:
        checked.accounts.credentials.request_mail_change(member_id, email, FORM.password,
                                                         VISITOR.ip)
    assert refused.value.code == "new_email_invalid"
    assert not checked.tasks.jobs
    assert checked.store.members[member_id].email == "ann@example.com"


def test_a_member_whose_address_predates_the_rule_still_gets_in(checked: World) -> None:
    member_id = signed_up(checked)
    member = checked.store.members[member_id]
    checked.store.members[member_id] = attrs.evolve(member, email="x:ann@example.com")
    login = checked.accounts.sign_in.log_in("amora.test", " X:Ann@Example.com ", FORM.password,
                                            VISITOR)
    assert login.member.id == member_id
    checked.accounts.credentials.request_password_reset("amora.test", "x:ann@example.com")
    assert checked.tasks.jobs[-1] == AccountMail("password_reset", member_id)
    # An address that is neither taken nor anyone's is still called invalid.
    with pytest.raises(DomainError) as refused:
        checked.accounts.credentials.request_password_reset("amora.test", "y:ann@example.com")
    assert refused.value.code == "invalid_email"


@pytest.mark.parametrize("email", BAD[:12] + RESERVED)
def test_a_visitors_complaint_with_an_address_amora_does_not_take_is_refused(
        email: str) -> None:
    store = new_store()
    complaints = Complaints(factory(store), FixedClock(), addresses=LibraryEmailAddresses())
    with pytest.raises(InvalidFields) as refused:
        complaints.file("amora.test", None, ComplaintForm("spam", "He keeps asking for money.",
                                                          email=email, name="Vic",
                                                          good_faith=True))
    assert ("email", "invalid_email") in {(e.field, e.code) for e in refused.value.errors}
    assert not store.complaints
