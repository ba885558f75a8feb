"""The Mollie payment gateway (mollie-api-python). Mollie's webhook carries only a payment
id; the status is always fetched from Mollie, so a forged webhook changes nothing."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from mollie.api.client import Client
from mollie.api.error import NotFoundError

from application.ports.payments import (
    CreatedPayment,
    Issuer,
    Mandate,
    PaymentMethod,
    PaymentRequest,
)

_COUNTRY = re.compile(r"[A-Za-z]{2}")
_IBAN_COUNTRY = re.compile(r"[A-Za-z]{2}[0-9]{2}")


def _amount(cents: int, currency: str) -> dict[str, str]:
    return {"currency": currency, "value": f"{Decimal(cents) / 100:.2f}"}


def _cents(amount: dict[str, str] | None) -> int:
    return int(Decimal(amount["value"]) * 100) if amount else 0


def country_of(details: Any) -> str | None:
    """The payer's country in a Mollie payment's details, if they name one: the card's
    country code, else the country of an IBAN (two letters, two check digits; PayPal's
    consumerAccount is an e-mail address, which names none)."""
    if not isinstance(details, dict):
        return None
    card, account = details.get("cardCountryCode"), details.get("consumerAccount")
    if isinstance(card, str) and _COUNTRY.fullmatch(card):
        return card.upper()
    if isinstance(account, str) and _IBAN_COUNTRY.match(account.replace(" ", "")):
        return account[:2].upper()
    return None


class MollieGateway:
    name = "mollie"

    def __init__(self, api_key: str, api_endpoint: str = "") -> None:
        self._client = Client(api_endpoint=api_endpoint)
        self._client.set_api_key(api_key)

    def methods(self, amount: int, currency: str) -> list[PaymentMethod]:
        found = self._client.methods.list(amount=_amount(amount, currency), include="issuers")
        return [PaymentMethod(method["id"], [Issuer(issuer["id"], issuer["name"])
                                             for issuer in method.get("issuers") or []])
                for method in found]

    def create(self, request: PaymentRequest) -> CreatedPayment:
        if request.mandate is not None:
            return self._debit(request, request.mandate)
        data: dict[str, Any] = {
            "amount": _amount(request.amount, request.currency),
            "description": request.description, "redirectUrl": request.redirect_url,
            "webhookUrl": request.webhook_url, "method": request.method,
            "metadata": request.metadata,
        }
        if request.issuer:
            data["issuer"] = request.issuer
        payment = self._client.payments.create(data)
        return CreatedPayment(payment_id=payment.id, checkout_url=payment.checkout_url)

    def _debit(self, request: PaymentRequest, mandate: Mandate) -> CreatedPayment:
        """SEPA direct debit has no hosted checkout: our signed mandate is handed to Mollie
        on a customer, then a recurring payment is collected on it. The payer goes
        straight back to the return page, which shows the order pending until the bank
        answers (days later, through the webhook)."""
        customer = self._client.customers.create({
            "name": mandate.account_holder, "email": mandate.email,
            "metadata": request.metadata})
        signed = customer.mandates.create({
            "method": "directdebit", "consumerName": mandate.account_holder,
            "consumerAccount": mandate.iban, "mandateReference": mandate.reference,
            "signatureDate": mandate.signed_at.date().isoformat()})
        payment = customer.payments.create({
            "amount": _amount(request.amount, request.currency),
            "description": request.description, "sequenceType": "recurring",
            "mandateId": signed.id, "webhookUrl": request.webhook_url,
            "metadata": request.metadata})
        return CreatedPayment(payment_id=payment.id, checkout_url=request.redirect_url)

    def status(self, payment_id: str) -> str | None:
        """Mollie's status; money sent back counts over 'paid': a chargeback, or refunds
        of all of it. A partial refund leaves the payment paid: the shop keeps the
        refunds it gives itself (a partial one made in Mollie's dashboard is not seen)."""
        try:
            payment = self._client.payments.get(payment_id)
        except NotFoundError:
            return None
        if _cents(payment.amount_chargedback):
            return "charged_back"
        refunded = _cents(payment.amount_refunded)
        if refunded and refunded >= _cents(payment.amount):
            return "refunded"
        return str(payment.status)

    def payment_country(self, payment_id: str) -> str | None:
        """The card's country (details.cardCountryCode) or the bank account's (the IBAN's
        first two letters, details.consumerAccount: iDEAL, Bancontact, SOFORT, direct
        debit, bank transfer); None for PayPal and whatever else names no country."""
        try:
            payment = self._client.payments.get(payment_id)
        except NotFoundError:
            return None
        return country_of(payment.details)

    def refund(self, payment_id: str, amount: int, currency: str, key: str = "") -> None:
        """Mollie's Idempotency-Key makes a refund asked again with the same ``key`` answer
        the first one's result instead of refunding twice."""
        payment = self._client.payments.get(payment_id)
        payment.refunds.create({"amount": _amount(amount, currency)}, idempotency_key=key)
