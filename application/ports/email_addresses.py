"""The full check of an e-mail address a member gives (issue 28.6)."""

from __future__ import annotations

from typing import Protocol


class EmailAddresses(Protocol):
    def accepts(self, email: str) -> bool:
        """Whether Amora may take this address (leading and trailing spaces aside) as a
        member's: the domain's shape (domain.accounts.email_error) and every rule of
        the standards a mail server would hold it to, without asking the network."""
        ...
