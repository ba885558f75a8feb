"""Receipts over HTTP (issue 34.4), on SQLite and PostgreSQL: a paid order's receipt as a
page and as a PDF for the member who paid (404 for anyone else, 403 without a login),
its number on the transaction, and the PDF attached to the payment mail."""

from __future__ import annotations

import io
from pathlib import Path

import attrs
import pdfplumber
import pytest
from flask import Flask

from adapters.container import Container
from domain.pricing import Bundle
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up
from tests.http.test_shop_api import EUR, pay
from tests.mails import plain_text, read_mail


@pytest.fixture
def shopper(app: Flask) -> tuple[ApiClient, int]:
    """Ann, on a site selling two bundles in euros."""
    with app.extensions["amora"].unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="EUR") for c, p in EUR])
        work.commit()
    return signed_up(app, "Ann", "female", "male")


def settled(client: ApiClient, payment: str) -> None:
    assert client.post("/api/payments/webhook/sandbox", data={"id": payment}).status_code == 200


def in_english(client: ApiClient) -> None:
    assert client.put("/api/notifications", json={"language": "en"}).status_code == 200


def pdf_text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return "\n".join(page.extract_text() for page in pdf.pages)


def test_the_member_who_paid_gets_the_receipt_as_a_page_and_a_pdf(
        app: Flask, shopper: tuple[ApiClient, int], client: ApiClient) -> None:
    ann, _ = shopper
    in_english(ann)
    with app.extensions["amora"].unit_of_work() as work:  # the seller's name, escaped
        company = work.companies.get(1)
        work.companies.update(attrs.evolve(company, name="Smith & <Jones> B.V."))
        work.commit()
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    order, payment = pay(ann, bundle)
    assert ann.get(f"/api/orders/{order}/receipt").status_code == 404  # not paid yet
    assert ann.get(f"/api/orders/{order}").json["order"]["receipt_number"] is None
    settled(client, payment)
    assert ann.get(f"/api/orders/{order}").json["order"]["receipt_number"] == "2026-000001"
    assert [t["receipt_number"] for t in ann.get("/api/transactions").json["transactions"]] == [
        "2026-000001"]

    page = ann.get(f"/api/orders/{order}/receipt")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Cache-Control"] == "private, no-store"
    html = page.get_data(as_text=True)
    assert "Smith &amp; &lt;Jones&gt; B.V." in html and "<Jones>" not in html
    assert "2026-000001" in html and "Keizersgracht 100" in html
    assert "NL123456789B01" in html and "Netherlands" in html
    assert "VAT 21 % (Netherlands)" in html and "€1.95" in html  # of €11.24
    assert "Net amount" in html and "€9.29" in html and "Total paid" in html
    assert "iDEAL" in html and 'href="receipt.pdf"' in html  # beside the page
    # The agreed paths under /api/transactions, and the same under /api/orders.
    assert ann.get(f"/api/transactions/{order}/receipt").get_data(as_text=True) == html

    printed = ann.get(f"/api/transactions/{order}/receipt.pdf")
    assert printed.status_code == 200 and printed.mimetype == "application/pdf"
    assert printed.headers["Content-Disposition"] == \
        'attachment; filename="receipt-2026-000001.pdf"'
    text = pdf_text(printed.data)
    assert ann.get(f"/api/orders/{order}/receipt.pdf").data == printed.data
    assert "Receipt" in text and "2026-000001" in text
    assert "VAT 21 % (Netherlands) €1.95" in text and "Total paid €11.24" in text
    assert "Smith & <Jones> B.V." in text


def test_nobody_else_gets_a_members_receipt(
        app: Flask, shopper: tuple[ApiClient, int], client: ApiClient) -> None:
    ann, _ = shopper
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    order, payment = pay(ann, bundle)
    settled(client, payment)
    bob, _ = signed_up(app, "Bob", "male", "female")
    for path in (f"/api/orders/{order}/receipt", f"/api/orders/{order}/receipt.pdf",
                 f"/api/transactions/{order}/receipt",
                 f"/api/transactions/{order}/receipt.pdf"):
        answer = bob.get(path)
        assert answer.status_code == 404 and answer.json["error"] == "order_not_found"
        assert client.get(path).status_code == 403  # no login
        assert ann.get(path).status_code == 200
    assert ann.get("/api/orders/999/receipt.pdf").json["error"] == "order_not_found"
    assert ann.get("/api/orders/abc/receipt").status_code == 404


def test_a_refund_shows_on_the_receipt(
        app: Flask, shopper: tuple[ApiClient, int], client: ApiClient) -> None:
    ann, _ = shopper
    in_english(ann)
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    order, payment = pay(ann, bundle)
    settled(client, payment)
    app.extensions["amora"].refunds().refund(order, actor="ops", reason="goodwill",
                                              amount="5.00")
    html = ann.get(f"/api/orders/{order}/receipt").get_data(as_text=True)
    assert "Money back" in html and "Refund on" in html and "-€5.00" in html
    assert "of which VAT -€0.87" in html and "Total refunded" in html
    assert "Total paid" in html and "€11.24" in html  # the receipt itself stays
    assert "Money back" in pdf_text(ann.get(f"/api/orders/{order}/receipt.pdf").data)


def test_the_payment_mail_has_the_receipt_attached_in_the_members_language(
        app: Flask, container: Container, shopper: tuple[ApiClient, int],
        client: ApiClient) -> None:
    ann, _ = shopper
    assert ann.put("/api/notifications", json={"language": "pl"}).status_code == 200
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    order, payment = pay(ann, bundle)
    settled(client, payment)
    container.tasks().drain()  # the notify job
    folder: Path = container.config().mail_dir
    found = [read_mail(path)
             for path in folder.glob("*.eml")]
    [receipt_mail] = [mail for mail in found if "2026-000001" in str(mail["Subject"])
                      or "2026-000001" in plain_text(mail)]
    assert receipt_mail.get_content_type() == "multipart/mixed"
    body = plain_text(receipt_mail)
    assert "Metoda płatności: iDEAL" in body and "Numer potwierdzenia: 2026-000001" in body
    [attachment] = list(receipt_mail.iter_attachments())
    assert attachment.get_content_type() == "application/pdf"
    assert attachment.get_filename() == "receipt-2026-000001.pdf"
    text = pdf_text(attachment.get_content())
    assert "Potwierdzenie zakupu" in text and "Zapłacono łącznie" in text
    assert "VAT 21 % (Holandia)" in text  # her profile's country: Dutch VAT, in Polish
    assert f"#{order}" in text
