"""Two-factor sign-in on in-memory ports: turned on by the app's first code after the
step-up, ten recovery codes once; the sign-in's second step takes an app code once and a
recovery code once; wrong codes count as failed logins; new recovery codes void the old;
turned off with the password and a code, or by support."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from application.ports.jobs import AccountMail
from application.shared.password_checks import PasswordChecks
from application.step_up import StepUp
from application.two_factor import OFF_MAIL, ON_MAIL, TwoFactor
from domain.errors import DomainError
from domain.two_factor import STEP_SECONDS, time_step
from tests.application import test_accounts
from tests.application.memory import MemoryUnitOfWork, PlainPasswords
from tests.application.test_accounts import FORM, VISITOR, World

world = test_accounts.world  # the accounts' in-memory world, as a fixture here too


class Authenticator:
    """Codes anyone can compute: the step's number, six digits; recovery codes counted."""

    def __init__(self) -> None:
        self.made = 0

    def new_secret(self) -> str:
        return "JBSWY3DPEHPK3PXP"

    def code_at(self, secret: str, step: int) -> str:
        return f"{step % 1_000_000:06d}"

    def setup_uri(self, secret: str, account: str, issuer: str) -> str:
        return f"otpauth://totp/{issuer}:{account}?secret={secret}"

    def qr_svg(self, text: str) -> str:
        return f"<svg>{text}</svg>"

    def recovery_code(self) -> str:
        self.made += 1
        return f"{'abcdefghjk'[self.made % 10]}{self.made:09d}".replace("0", "z").replace(
            "1", "y")


@attrs.define
class Setup:
    world: World
    two_factor: TwoFactor
    member_id: int
    session: str  # confirmed with the password just now (the step-up)


@pytest.fixture
def s(world: World) -> Setup:
    w = world
    w.accounts.signup.sign_up("amora.test", FORM, VISITOR)
    login = w.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    StepUp(uow=lambda **_: MemoryUnitOfWork(w.store), clock=w.clock, passwords=PlainPasswords(),
           secrets=w.accounts.secrets).confirm_password(login.member.id, login.token,
                                                        FORM.password, VISITOR.ip)
    two_factor = TwoFactor(uow=lambda **_: MemoryUnitOfWork(w.store), clock=w.clock,
                           secrets=w.accounts.secrets, passwords=PlainPasswords(),
                           authenticator=Authenticator(),
                           password_checks=PasswordChecks(PlainPasswords()))
    return Setup(w, two_factor, login.member.id, login.token)


def _code(s: Setup, steps_later: int = 0) -> str:
    return f"{(time_step(s.world.clock.now()) + steps_later) % 1_000_000:06d}"


def _turned_on(s: Setup) -> list[str]:
    shown = s.two_factor.set_up(s.member_id, s.session)
    assert shown.uri == "otpauth://totp/Amora:ann@example.com?secret=JBSWY3DPEHPK3PXP"
    return s.two_factor.turn_on(s.member_id, s.session, _code(s))


def _challenge(s: Setup) -> str:
    with pytest.raises(DomainError) as asked:
        s.world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    assert asked.value.code == "two_factor_required"
    return str(asked.value.params["challenge"])


def test_turning_it_on_takes_the_app_s_first_code_and_gives_ten_recovery_codes(s: Setup) -> None:
    s.two_factor.set_up(s.member_id, s.session)
    with pytest.raises(DomainError) as wrong:
        s.two_factor.turn_on(s.member_id, s.session, "000000")
    assert wrong.value.code == "two_factor_code_wrong"
    assert not s.two_factor.status(s.member_id).enabled
    codes = s.two_factor.turn_on(s.member_id, s.session, _code(s))
    assert len(set(codes)) == 10 and all(len(code) == 11 and code[5] == "-" for code in codes)
    assert s.two_factor.status(s.member_id) == attrs.evolve(
        s.two_factor.status(s.member_id), enabled=True, recovery_codes_left=10)
    assert AccountMail(ON_MAIL, s.member_id) in s.world.store.jobs
    with pytest.raises(DomainError) as again:
        s.two_factor.set_up(s.member_id, s.session)
    assert again.value.code == "two_factor_already_on"


def test_turning_it_on_needs_a_session_confirmed_in_the_last_minutes(s: Setup) -> None:
    s.world.clock.current += timedelta(hours=1)
    with pytest.raises(DomainError) as stale:
        s.two_factor.set_up(s.member_id, s.session)
    assert stale.value.code == "password_confirmation_required"
    with pytest.raises(DomainError):
        s.two_factor.set_up(s.member_id, None)


def test_the_second_step_takes_an_app_code_once(s: Setup) -> None:
    _turned_on(s)
    s.world.clock.current += timedelta(seconds=STEP_SECONDS)  # the set-up's step is used
    challenge = _challenge(s)
    done = s.two_factor.sign_in("amora.test", challenge, _code(s), VISITOR)
    assert done.login.member.id == s.member_id and done.target is None
    with pytest.raises(DomainError) as reused:
        s.two_factor.sign_in("amora.test", _challenge(s), _code(s), VISITOR)
    assert reused.value.code == "two_factor_code_used"
    with pytest.raises(DomainError) as spent:
        s.two_factor.sign_in("amora.test", challenge, _code(s, 1), VISITOR)
    assert spent.value.code == "two_factor_challenge_invalid"


def test_a_recovery_code_works_once_and_new_ones_void_the_old(s: Setup) -> None:
    codes = _turned_on(s)
    s.two_factor.sign_in("amora.test", _challenge(s), codes[0].upper(), VISITOR)
    assert s.two_factor.status(s.member_id).recovery_codes_left == 9
    with pytest.raises(DomainError) as used:
        s.two_factor.sign_in("amora.test", _challenge(s), codes[0], VISITOR)
    assert used.value.code == "two_factor_code_wrong"
    fresh = s.two_factor.new_recovery_codes(s.member_id, s.session)
    assert s.two_factor.status(s.member_id).recovery_codes_left == 10
    with pytest.raises(DomainError):
        s.two_factor.sign_in("amora.test", _challenge(s), codes[1], VISITOR)
    s.two_factor.sign_in("amora.test", _challenge(s), fresh[1], VISITOR)


def test_wrong_codes_count_as_failed_logins_of_the_account(s: Setup) -> None:
    _turned_on(s)
    failures = len(s.world.store.failures)
    with pytest.raises(DomainError) as wrong:
        s.two_factor.sign_in("amora.test", _challenge(s), "999999", VISITOR)
    assert wrong.value.code == "two_factor_code_wrong"
    assert len(s.world.store.failures) == failures + 1
    with pytest.raises(DomainError) as empty:
        s.two_factor.sign_in("amora.test", _challenge(s), "  ", VISITOR)
    assert empty.value.code == "two_factor_code_required"


def test_it_turns_off_with_the_password_and_a_code_or_by_support(s: Setup) -> None:
    _turned_on(s)
    s.world.clock.current += timedelta(seconds=STEP_SECONDS)
    with pytest.raises(DomainError):
        s.two_factor.turn_off(s.member_id, s.session, "wrong password", _code(s), VISITOR.ip)
    assert s.two_factor.status(s.member_id).enabled
    s.two_factor.turn_off(s.member_id, s.session, FORM.password, _code(s), VISITOR.ip)
    assert not s.two_factor.status(s.member_id).enabled
    assert AccountMail(OFF_MAIL, s.member_id) in s.world.store.jobs
    s.world.accounts.sign_in.log_in("amora.test", "ann@example.com", FORM.password, VISITOR)
    _turned_on(s)
    s.two_factor.turn_off_for_member(s.member_id, "support:eva", "lost phone and codes")
    assert not s.two_factor.status(s.member_id).enabled
    assert s.world.store.audit[-1]["details"] == {"reason": "lost phone and codes"}
    with pytest.raises(DomainError) as off:
        s.two_factor.turn_off_for_member(s.member_id, "support:eva", "again")
    assert off.value.code == "two_factor_not_on"
