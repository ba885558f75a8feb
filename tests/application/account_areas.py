"""The account use cases by area (application.signup, sign_in, credentials,
account_closing), built together over one in-memory world for the tests that follow a
member from signup to closing."""

from __future__ import annotations

from typing import Any

import attrs

from application.account_closing import AccountClosing
from application.credentials import Credentials
from application.ports.security import Secrets
from application.sign_in import SignIn
from application.signup import Signup


@attrs.frozen
class AccountAreas:
    signup: Signup
    sign_in: SignIn
    credentials: Credentials
    closing: AccountClosing

    @property
    def secrets(self) -> Secrets:
        return self.signup.secrets

    def evolve(self, **changes: Any) -> AccountAreas:
        """Each area with those of ``changes`` it takes (as attrs.evolve one use case)."""
        return AccountAreas(*(attrs.evolve(area, **_given(type(area), changes))
                              for area in attrs.astuple(self, recurse=False)))


def _given(use_case: type, given: dict[str, Any]) -> dict[str, Any]:
    accepted = attrs.fields_dict(use_case)
    return {name: value for name, value in given.items() if name in accepted}


def account_areas(**given: Any) -> AccountAreas:
    """Each area built with those of ``given`` (the fields the accounts took) it takes."""
    return AccountAreas(Signup(**_given(Signup, given)), SignIn(**_given(SignIn, given)),
                        Credentials(**_given(Credentials, given)),
                        AccountClosing(**_given(AccountClosing, given)))
