"""Payment providers."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import attrs


@attrs.frozen
class Mandate:
    """A signed SEPA mandate, for the gateway's direct-debit payments."""

    reference: str
    account_holder: str
    iban: str
    signed_at: datetime
    email: str


@attrs.frozen
class PaymentRequest:
    amount: int  # cents
    currency: str
    description: str
    method: str
    issuer: str | None
    redirect_url: str
    webhook_url: str
    metadata: dict[str, str | int]
    mandate: Mandate | None = None  # only for method 'directdebit'


@attrs.frozen
class Issuer:
    """A bank (iDEAL) or other issuer the payer picks on our page."""

    id: str
    name: str


@attrs.frozen
class PaymentMethod:
    id: str  # Mollie's words: ideal, creditcard, directdebit, ...
    issuers: list[Issuer]


@attrs.frozen
class CreatedPayment:
    payment_id: str
    checkout_url: str


class PaymentGateway(Protocol):
    """A payment provider (sandbox or Mollie). Statuses are Mollie's words, plus
    'refunded' and 'charged_back' for a paid payment whose money went back."""

    name: str

    def methods(self, amount: int, currency: str) -> list[PaymentMethod]:
        """The methods the gateway offers for this amount."""
        ...
    def create(self, request: PaymentRequest) -> CreatedPayment: ...
    def status(self, payment_id: str) -> str | None:
        """The payment's status; None for an id the gateway does not know."""
        ...
    def refund(self, payment_id: str, amount: int, currency: str, key: str = "") -> None:
        """Give back ``amount`` of a paid payment. A ``key`` makes a refund asked again
        (a job run twice) the same refund: the money goes back once."""
        ...
    def payment_country(self, payment_id: str) -> str | None:
        """The country of the payer's bank or card as the provider reports it (ISO 3166-1
        alpha-2; tax evidence, issue 34.3); None where it does not say."""
        ...
