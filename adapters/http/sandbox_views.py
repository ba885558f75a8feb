"""The sandbox gateway's hosted checkout (only with PAYMENT_PROVIDER=sandbox): a plain
server page, like a payment provider's, where the payer picks how the payment ends."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, redirect, request
from markupsafe import escape
from werkzeug.wrappers import Response as BaseResponse

from adapters.http.composition import container
from adapters.http.requests import language
from adapters.payments.sandbox import OUTCOMES, SandboxGateway

blueprint = Blueprint("sandbox", __name__)
_TEXTS = Path(__file__).resolve().parents[1] / "payments" / "sandbox_texts.json"


@cache
def _texts() -> dict[str, dict[str, str]]:
    texts: dict[str, dict[str, str]] = json.loads(_TEXTS.read_text(encoding="utf-8"))
    return texts


def _gateway() -> SandboxGateway:
    # This blueprint is registered only with PAYMENT_PROVIDER=sandbox.
    gateway = container().payment_gateway()
    assert isinstance(gateway, SandboxGateway)
    return gateway


def _page(body: str, words: dict[str, str], status: int = 200) -> Response:
    html = (f"<!doctype html><html><head><meta charset=utf-8>"
            f"<meta name=viewport content='width=device-width,initial-scale=1'>"
            f"<title>{escape(words['title'])}</title><style>"
            "body{font-family:system-ui,sans-serif;background:#f4f1f8;margin:0;padding:24px}"
            "main{max-width:420px;margin:40px auto;background:#fff;border-radius:16px;"
            "padding:28px;box-shadow:0 8px 30px #2a124422}h1{margin-top:0;color:#2a1244}"
            "dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#666}"
            "button{display:block;width:100%;margin:8px 0;padding:12px;border-radius:999px;"
            "border:1px solid #2a9d8f;background:#fff;font-size:16px;cursor:pointer}"
            "button[value=paid]{background:#2a9d8f;color:#fff}</style></head>"
            f"<body><main>{body}</main></body></html>")
    return Response(html, status=status, mimetype="text/html")


@blueprint.route("/sandbox/checkout/<payment_id>", methods=["GET", "POST"])
def checkout(payment_id: str) -> BaseResponse:  # the page, or a redirect back
    words = _texts().get(language() or "en", _texts()["en"])
    if request.method == "POST":
        try:
            back = _gateway().choose(payment_id, request.form.get("outcome", ""))
        except LookupError:
            return _page(f"<p>{escape(words['gone'])}</p>", words, 404)
        return redirect(back, code=303)
    payment = _gateway().payment(payment_id)
    if payment is None or payment["status"] not in ("open", "pending"):
        return _page(f"<p>{escape(words['gone'])}</p>", words, 404)
    amount = f"{payment['amount'] / 100:.2f} {payment['currency']}"
    buttons = "".join(f"<button name=outcome value={outcome} data-testid=sandbox-{outcome}>"
                      f"{escape(words[outcome])}</button>" for outcome in OUTCOMES)
    return _page(
        f"<h1>{escape(words['title'])}</h1><p>{escape(words['note'])}</p>"
        f"<dl><dt>{escape(words['amount'])}</dt><dd>{escape(amount)}</dd>"
        f"<dt>{escape(words['method'])}</dt><dd>{escape(payment['method'])}</dd>"
        f"<dt></dt><dd>{escape(payment['description'])}</dd></dl>"
        f"<form method=post>{buttons}</form>", words)
