"""Buying credits over HTTP (issue 7): bundles, discount codes, orders, transactions and
the payment gateways' webhooks."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, Response, request

from adapters.http import limits
from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import geoip_country, json_body, site_host
from adapters.http.session import current_member, require_member, session_token
from domain.direct_debit import MandateForm
from domain.errors import DomainError, NotFound
from domain.id_ranges import is_id

blueprint = Blueprint("shop", __name__)


def _where() -> str | None:
    """The country the request comes from (the proxy's GeoIP): prices follow it, with the
    profile's country as the hint when it is unknown (domain.pricing.whereabouts)."""
    return geoip_country(container().config().geoip_header)


@attrs.frozen
class OrderBody:
    bundle: int
    method: str
    issuer: str | None = None
    discount_code: str | None = None
    # The checkout's tick (issue 34.1): without it the order is refused (400).
    delivery_consent: bool = False


@attrs.frozen
class RepeatBody:
    delivery_consent: bool = False


@blueprint.get("/api/bundles")
def bundles() -> dict[str, Any]:
    """The offer where the member (or visitor, on the pricing page) is."""
    return render(container().prices().bundles(current_member(), site_host(), _where()))


@blueprint.get("/api/bundles/<int:bundle_id>/methods")
def methods(bundle_id: int) -> dict[str, Any]:
    return render(container().prices().methods(require_member(), bundle_id, _where()))


@blueprint.get("/api/discountcode")
def discount_code() -> dict[str, Any]:
    code = request.args.get("code", "")
    welcome = request.args.get("welcome") == "true"
    if len(code) > 40 or (not code and not welcome):
        raise DomainError("invalid_request", detail="code")
    return render(container().prices().discount(require_member(), code, welcome, _where()))


@blueprint.post("/api/stay-discount")
def claim_stay_discount() -> dict[str, Any]:
    """The delete-account page's offer: stay and get the company's discount, once."""
    return render(container().prices().claim_stay_discount(require_member()))


@blueprint.post("/api/orders")
def start_order() -> tuple[dict[str, Any], int]:
    member = require_member()
    body = json_body(OrderBody)
    for value, length in ((body.method, 20), (body.issuer, 60), (body.discount_code, 40)):
        if value is not None and len(value) > length:
            raise DomainError("invalid_request")
    return render(container().checkout().start(
        member, body.bundle, body.method, body.issuer, body.discount_code,
        geoip_country=_where(), delivery_consent=body.delivery_consent)), 201


@blueprint.post("/api/orders/repeat")
def repeat_order() -> tuple[dict[str, Any], int]:
    """The tick comes as {"delivery_consent": true}; no body is no tick (refused)."""
    member = require_member()
    given = json_body(RepeatBody).delivery_consent if request.content_length else False
    return render(container().checkout().repeat(member, _where(), delivery_consent=given)), 201


@blueprint.get("/api/orders/<int:order_id>")
@blueprint.get("/api/transactions/<int:order_id>")
def order(order_id: int) -> dict[str, Any]:
    return render(container().checkout().order(require_member(), order_id))


@blueprint.get("/api/transactions")
def transactions() -> dict[str, Any]:
    return render(container().checkout().transactions(require_member()))


@attrs.frozen
class SmsBody:
    phone: str


@attrs.frozen
class MandateBody:
    bundle: int
    account_holder: str
    iban: str
    street: str
    house_number: str
    postcode: str
    city: str
    phone: str
    sms_code: str
    consent: bool  # the mandate's authorisation
    delivery_consent: bool = False  # the order's tick (issue 34.1)


@blueprint.post("/api/directdebit/sms")
@limits.limiter.limit(limits.SMS)
def directdebit_sms() -> dict[str, Any]:
    member = require_member()
    phone = json_body(SmsBody).phone
    if len(phone) > 30:
        raise DomainError("invalid_request", detail="phone")
    return render(container().direct_debit().send_code(member, phone, session_token()))


@blueprint.post("/api/directdebit")
def directdebit() -> tuple[dict[str, Any], int]:
    member = require_member()
    body = json_body(MandateBody)
    if not is_id(body.bundle):  # names no bundle: no password is asked for nothing
        raise NotFound("bundle")
    form = MandateForm(**{k: v for k, v in attrs.asdict(body).items()
                          if k not in ("bundle", "delivery_consent")})
    return render(container().direct_debit().sign(member, body.bundle, form, _where(),
                                                   session_token(),
                                                   delivery_consent=body.delivery_consent)), 201


@blueprint.post("/api/payments/webhook/<provider>")
def webhook(provider: str) -> Response:
    """Like Mollie: a form with the payment id; always 200, also for ids we don't know
    (so a stranger learns nothing and the gateway stops retrying)."""
    payment_id = request.form.get("id", "")[:100]
    container().settlement().webhook(provider, payment_id)
    return Response(status=200)
