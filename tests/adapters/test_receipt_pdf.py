"""The receipt printer (issue 34.4): a PDF read back with pdfplumber says what the
receipt says - number, seller, VAT line, total, refunds - in the member's language, its
letters (Polish, Nordic) as typed in the embedded DejaVu Sans."""

from __future__ import annotations

import io
import json
import string
from datetime import UTC, datetime
from pathlib import Path

import attrs
import pdfplumber
import pytest

from adapters.receipts.printer import FpdfReceiptPrinter
from adapters.receipts.sheet import CATALOG, method_name, sheet
from application.ports.receipts import ReceiptView, RefundLine
from domain.locales import LOCALES
from domain.receipts import Seller
from tests.conftest import sample_company

PAID = datetime(2026, 11, 28, 10, tzinfo=UTC)
VIEW = ReceiptView(
    number="2026-000123", issued_at=PAID, seller=Seller.of(sample_company()),
    vat_number="NL123456789B01", site="Amora", language="en",
    customer="ann@example.com", country="NL", order_id=42, credits=250, method="creditcard",
    currency="EUR", gross=2999, net=2479, vat=520, vat_rate_bp=2100, vat_country="NL")


def read(view: ReceiptView) -> tuple[str, set[str]]:
    with pdfplumber.open(io.BytesIO(FpdfReceiptPrinter().pdf(view))) as pdf:
        return ("\n".join(page.extract_text() for page in pdf.pages),
                {char["fontname"] for page in pdf.pages for char in page.chars})


def test_the_pdf_shows_the_number_seller_vat_line_and_total() -> None:
    text, fonts = read(VIEW)
    lines = text.splitlines()
    assert "Amora Receipt" in lines and "2026-000123" in lines
    assert "Receipt number 2026-000123" in lines and "Date 28 November 2026" in lines
    assert "Amora Media B.V." in lines and "1015 CJ Amsterdam" in lines
    assert "VAT number NL123456789B01" in lines and "Company registration no. 87654321" in lines
    assert "Customer ann@example.com" in lines and "Country Netherlands" in lines
    assert "Payment method Credit card" in lines  # never "creditcard"
    assert "250 credits at Amora €29.99" in lines
    assert "Net amount €24.79" in lines and "VAT 21 % (Netherlands) €5.20" in lines
    assert "Total paid €29.99" in lines and "Money back" not in text
    # Embedded subsets ("MPDFAA+DejaVuSansBook"), regular and bold.
    assert {font.split("+")[-1] for font in fonts} == {"DejaVuSansBook", "DejaVuSansBold"}


@pytest.mark.parametrize(("language", "expected"), [
    ("pl", ["Potwierdzenie zakupu", "Zapłacono łącznie 129,99 zł", "VAT 23 % (Polska) 24,31 zł",
            "Metoda płatności Karta kredytowa", "Klient łucja.żółć@example.com"]),
    ("nb", ["Kvittering", "Beløp uten MVA", "MVA 25 % (Norge)", "Betalingsmåte Kredittkort"]),
    ("da", ["Kvittering", "Beløb uden moms", "Moms 25 % (Norge)", "Sælger"]),
    ("sv", ["Kvitto", "Belopp exkl. moms", "Moms 25 % (Norge)", "Säljare"]),
    ("fi", ["Kuitti", "Veroton hinta", "ALV 25 % (Norja)", "Myyjä"]),
    ("de", ["Beleg", "MwSt. 25 % (Norwegen)", "Zahlungsart Kreditkarte"]),
])
def test_every_language_with_its_own_letters(language: str, expected: list[str]) -> None:
    polish = language == "pl"
    view = attrs.evolve(
        VIEW, language=language, currency="PLN" if polish else "NOK",
        customer="łucja.żółć@example.com" if polish else VIEW.customer,
        country="PL" if polish else "NO", vat_country="PL" if polish else "NO",
        vat_rate_bp=2300 if polish else 2500, gross=12999, net=10568 if polish else 10399,
        vat=2431 if polish else 2600)
    text, _ = read(view)
    for words in expected:
        assert words in text, (language, words)


def test_refunds_and_a_withdrawal_show_as_lines_of_their_own() -> None:
    view = attrs.evolve(VIEW, refunds=(
        RefundLine(at=datetime(2026, 11, 30, tzinfo=UTC), amount=1000, kind="refunded"),
        RefundLine(at=datetime(2026, 12, 2, tzinfo=UTC), amount=500, kind="withdrawn")))
    text, _ = read(view)
    lines = text.splitlines()
    assert "Money back" in lines
    assert "Refund on 30 November 2026 -€10.00" in lines
    assert "Withdrawal on 2 December 2026 -€5.00" in lines
    # The VAT of all money back so far less what went back before (domain.vat):
    # 21 % of €10.00 is €1.74, of €15.00 €2.60.
    assert "of which VAT -€1.74" in lines and "of which VAT -€0.86" in lines
    assert "Total refunded -€15.00" in lines and "Total paid €29.99" in lines


def test_an_order_without_vat_figures_says_the_price_includes_vat() -> None:
    """Orders from before VAT was recorded (issue 34.3) have no split to show."""
    text, _ = read(attrs.evolve(VIEW, net=None, vat=None, vat_rate_bp=None,
                                vat_country=None))
    assert "Total paid €29.99" in text and "All prices include VAT." in text
    assert "Net amount" not in text and "VAT 21" not in text


def test_a_country_outside_the_vat_table_shows_zero_vat() -> None:
    said = sheet(attrs.evolve(VIEW, country="US", vat_country="US", vat_rate_bp=0,
                              net=2999, vat=0, currency="USD"))
    assert said.totals == [("Net amount", "US$29.99"), ("VAT 0 % (United States)", "US$0.00"),
                           ("Total paid", "US$29.99")]


def test_method_names_are_peoples_words() -> None:
    assert method_name("creditcard", "en") == "Credit card"
    assert method_name("directdebit", "pl") == "Polecenie zapłaty SEPA"
    assert method_name("ideal", "de") == "iDEAL" and method_name("paypal", "fi") == "PayPal"
    assert method_name("bancontact", "xx") == "Bancontact"  # any language: the brand


def test_a_missing_font_is_named_with_the_package_that_brings_it(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="fonts-dejavu-core"):
        FpdfReceiptPrinter(tmp_path)


def test_the_same_receipt_prints_the_same_file() -> None:
    assert FpdfReceiptPrinter().pdf(VIEW) == FpdfReceiptPrinter().pdf(VIEW)


def test_every_language_has_every_text_with_the_same_placeholders() -> None:
    catalog = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert set(catalog) == {locale.code for locale in LOCALES}

    def flat(texts: dict[str, object], prefix: str = "") -> dict[str, str]:
        found: dict[str, str] = {}
        for key, value in texts.items():
            if isinstance(value, dict):
                found.update(flat(value, f"{prefix}{key}."))
            else:
                found[prefix + key] = str(value)
        return found

    english = flat(catalog["en"])
    for language, texts in catalog.items():
        mine = flat(texts)
        assert mine.keys() == english.keys(), language
        for key, text in mine.items():
            fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
            assert fields == {name for _, name, _, _ in string.Formatter().parse(
                english[key]) if name}, (language, key)
