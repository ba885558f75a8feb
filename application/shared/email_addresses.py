"""Which e-mail addresses Amora takes from a member (issue 28.6).

One rule, in one place: a new address is what the EmailAddresses port accepts. In
production that is email-validator (adapters/security/email_addresses.py, injected by the
container), which also holds the domain's shape (domain.accounts.email_error: ASCII, a
dot-atom, one @, a host name). The domain cannot import the library (stdlib and attrs
only), so it keeps that shape for its own callers (a company's support address, typed by
operators) and for the in-memory tests, which run without the port; everything the port
accepts has it (tests/adapters/test_email_addresses.py holds both to that).

Only new addresses are checked: at signup, for a change of address and on a visitor's
complaint. Logging in, a password reset and an appeal look the typed address up trimmed
and lower-cased (domain.accounts.normalise_email), as addresses have always been stored,
so a member whose older address the stricter rule would refuse still gets in.
"""

from __future__ import annotations

from application.ports.email_addresses import EmailAddresses
from domain.accounts import FieldError, email_error


def new_address_error(addresses: EmailAddresses | None, email: str) -> FieldError | None:
    """invalid_email for an address Amora does not take (without the port: the shape)."""
    if addresses is None:
        return email_error(email)
    return None if addresses.accepts(email) else FieldError("email", "invalid_email")
