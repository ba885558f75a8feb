"""Receipts on in-memory ports (issue 34.4): a paid order takes its company's next number
of the year as it is paid, once; unpaid orders take none; the member sees their own
receipts only; the payment mail carries the receipt as a PDF in the member's language."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pdfplumber
import pytest

from adapters.mail.texts import JsonMailTexts
from adapters.receipts.printer import FpdfReceiptPrinter
from adapters.security.signing import SecretSigner
from application.notifications import Notifier
from application.ports.jobs import ReceiptNotice
from application.receipts import Receipts
from domain.errors import DomainError
from domain.orders import OrderStatus
from tests.application.mailroom import Outbox, Pushes, Texts
from tests.application.memory import CountingSecrets, MemoryUnitOfWork
from tests.application.people import add_member, factory
from tests.application.till import LONG_AGO, Till, bundle, till
from tests.conftest import sample_company, sample_site


def numbers(t: Till) -> dict[int, str]:
    return {order: receipt.number for order, receipt in t.store.receipts.items()}


def test_paid_orders_take_their_companys_numbers_in_turn_and_unpaid_ones_none() -> None:
    t = till()
    first = t.bought()
    failed = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
    t.pay(failed.payment_id, "failed")
    waiting = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True)
    t.pay(waiting.payment_id, "pending")
    second = t.bought(2)
    t.pay(waiting.payment_id)  # paid last: numbered last
    t.pay(waiting.payment_id)  # the webhook again: nothing new
    assert numbers(t) == {first: "2026-000001", second: "2026-000002",
                          waiting.order: "2026-000003"}
    receipt = t.store.receipts[first]
    assert receipt.issued_at == t.store.orders[first].paid_at
    assert receipt.seller.name == "Amora Media B.V." and receipt.seller.country == "NL"


def test_the_count_starts_again_each_year_and_per_company() -> None:
    t = till()
    t.bought()
    t.clock.current = datetime(2027, 1, 1, 0, 5, tzinfo=UTC)
    new_year = t.bought()
    with MemoryUnitOfWork(t.store) as uow:  # a second company with a brand of its own
        other = uow.companies.add(sample_company(name="Flirt Oy", kvk="1234567-8"))
        site = uow.sites.add(sample_site(other.id, domain="flirt.test", name="Flirt",
                                         is_default=False))
        uow.bundles.replace(site.id, "EUR", [bundle(50, 500, "EUR")])
        uow.commit()
    bob = add_member(t.store, "Bob", gender="male", site_id=site.id, created_at=LONG_AGO)
    started = t.checkout.start(bob, t.store.bundles[-1].bundle.id, "ideal", delivery_consent=True)
    t.pay(started.payment_id)
    assert numbers(t)[new_year] == "2027-000001"
    assert t.store.receipts[started.order].number == "2027-000001"
    assert t.store.receipts[started.order].company_id == other.id
    assert t.store.receipts[started.order].seller.name == "Flirt Oy"
    assert t.store.receipt_counters == {(1, 2026): 1, (1, 2027): 1, (other.id, 2027): 1}


def test_a_refund_leaves_the_receipt_and_shows_on_it() -> None:
    t = till()
    order = t.bought(2)
    t.clock.current += timedelta(days=1)
    t.refunds.refund(order, actor="ops", reason="late delivery", amount="8")
    t.refunds.refund(order, actor="ops", reason="the rest")
    assert t.store.orders[order].status is OrderStatus.REFUNDED
    assert numbers(t) == {order: "2026-000001"}
    view = Receipts(factory(t.store), FpdfReceiptPrinter()).view(t.ann, order)
    assert [(line.amount, line.kind) for line in view.refunds] == [
        (800, "refunded"), (1600, "refunded")]
    assert view.refunded == view.gross == 2400


def test_members_see_only_their_own_receipts_of_paid_orders() -> None:
    t = till()
    order = t.bought()
    open_order = t.checkout.start(t.ann, 1, "ideal", delivery_consent=True).order
    receipts = Receipts(factory(t.store), FpdfReceiptPrinter())
    view = receipts.view(t.ann, order)
    assert (view.number, view.customer, view.language, view.method, view.gross,
            view.credits) == ("2026-000001", "ann@example.com", "nl", "ideal", 1000, 100)
    # Ann's profile is Dutch: Dutch VAT, split out of what she paid.
    assert (view.vat_country, view.vat_rate_bp, view.net, view.vat) == ("NL", 2100, 826, 174)
    assert view.vat_number == "NL123456789B01" and view.country == "NL"
    bob = add_member(t.store, "Bob", gender="male")
    with pytest.raises(DomainError, match="order_not_found"):
        receipts.view(bob, order)
    with pytest.raises(DomainError, match="order_not_found"):
        receipts.pdf(bob, order)
    with pytest.raises(DomainError, match="receipt_not_found"):
        receipts.view(t.ann, open_order)
    with pytest.raises(DomainError, match="order_not_found"):
        receipts.view(t.ann, 999)
    listed = {view.id: view.receipt_number
              for view in t.checkout.transactions(t.ann).transactions}
    assert listed == {order: "2026-000001", open_order: None}
    assert t.checkout.order(t.ann, order).order.receipt_number == "2026-000001"


def test_the_payment_mail_carries_the_receipt_as_a_pdf() -> None:
    t = till()
    order = t.bought()
    outbox = Outbox()
    notifier = Notifier(factory(t.store), t.clock, CountingSecrets(), SecretSigner("test"),
                        JsonMailTexts(), outbox, Pushes(), base_url="https://{domain}",
                        receipts=FpdfReceiptPrinter())
    [job] = [job for job in t.store.jobs if isinstance(job, ReceiptNotice)]
    assert job == ReceiptNotice(t.ann.id, order)
    notifier.notify(job)
    [mail] = outbox.sent
    assert "Betaalmethode: iDEAL\nNummer betaalbewijs: 2026-000001" in mail["text"]
    assert "Je betaalbewijs 2026-000001 zit als pdf in de bijlage." in mail["text"]
    [attachment] = mail["attachments"]
    assert (attachment.filename, attachment.content_type) == (
        "receipt-2026-000001.pdf", "application/pdf")
    with pdfplumber.open(io.BytesIO(attachment.content)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Betaalbewijs" in text and "2026-000001" in text  # Ann reads Dutch
    assert "Btw 21 % (Nederland)" in text and "€ 1,74" in text
    notifier.notify(job)  # the job again: the mail was sent
    assert len(outbox.sent) == 1


def test_without_a_printer_the_payment_mail_goes_without_attachment() -> None:
    t = till()
    t.bought()
    outbox = Outbox()
    notifier = Notifier(factory(t.store), t.clock, CountingSecrets(), SecretSigner("test"),
                        Texts(), outbox, Pushes(), base_url="https://{domain}")
    [job] = [job for job in t.store.jobs if isinstance(job, ReceiptNotice)]
    notifier.notify(job)
    assert outbox.sent[0]["attachments"] == []
