"""New members' e-mail addresses, checked by email-validator (issue 28.6): the syntax of
RFC 5321/5322 as mail servers take it, host names as IDNA has them, and no reserved name
(localhost, .local, .test, .invalid, .onion, .arpa) that no mail reaches.

Amora's choices on top of the library's: ASCII only (the mailer speaks plain SMTP, not
SMTPUTF8, and a look-alike letter makes a second account for one inbox); no quoted local
parts, display names (Name <…>) or [IP] literals, which the library can take; and the
domain's own shape (domain.accounts.email_error), so no address passes here that the
domain's callers would refuse. No DNS: a check must answer at once and offline; the
confirmation mail proves the address.
"""

from __future__ import annotations

from domain.accounts import email_error


class LibraryEmailAddresses:
    def accepts(self, email: str) -> bool:
        from email_validator import EmailNotValidError, validate_email  # on first check

        address = email.strip()
        if not address.isascii() or email_error(address) is not None:
            return False
        try:
            validate_email(address, check_deliverability=False, allow_smtputf8=False,
                           allow_quoted_local=False, allow_domain_literal=False,
                           allow_display_name=False, allow_empty_local=False,
                           globally_deliverable=True, test_environment=False)
        except EmailNotValidError:
            return False
        return True
