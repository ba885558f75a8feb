"""Withdrawal from a purchase over HTTP (issue 34.2): what it would do, and doing it."""

from __future__ import annotations

from typing import Any

import attrs
from flask import Blueprint, request

from adapters.http.composition import container
from adapters.http.rendering import render
from adapters.http.requests import json_body
from adapters.http.session import require_member
from application.withdrawals import Withdrawals
from domain.errors import DomainError

blueprint = Blueprint("withdrawals", __name__)
MAX_CENTS = 2_147_483_647


def _withdrawals() -> Withdrawals:
    return container().withdrawals()  # type: ignore[no-any-return]


@attrs.frozen
class WithdrawalBody:
    refund: int | None = None  # the refund (cents) the member confirmed
    confirm: bool = False  # the agreed /withdraw path asks for it (API.md)


@blueprint.get("/api/orders/<int:order_id>/withdrawal")
def preview(order_id: int) -> dict[str, Any]:
    """Whether the member may withdraw from the order now, and what it would do."""
    return render(_withdrawals().preview(require_member(), order_id))


@blueprint.post("/api/orders/<int:order_id>/withdrawal")
def withdraw(order_id: int) -> tuple[dict[str, Any], int]:
    return _withdraw(order_id, confirmation=False)


@blueprint.post("/api/transactions/<int:order_id>/withdraw")
def withdraw_confirmed(order_id: int) -> tuple[dict[str, Any], int]:
    """The path agreed in API.md: the same, with {confirm: true} required."""
    return _withdraw(order_id, confirmation=True)


def _withdraw(order_id: int, confirmation: bool) -> tuple[dict[str, Any], int]:
    member = require_member()
    body = json_body(WithdrawalBody) if request.content_length else WithdrawalBody()
    if body.refund is not None and not 0 <= body.refund <= MAX_CENTS:
        raise DomainError("invalid_request", detail="refund")
    if confirmation and not body.confirm:
        raise DomainError("withdrawal_not_confirmed")
    return render(_withdrawals().withdraw(member, order_id, body.refund)), 201
