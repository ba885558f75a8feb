"""A receipt drawn with fpdf2: one A4 page (more for many refunds) in DejaVu Sans,
embedded, so Polish, Nordic and every other letter of the eleven languages shows as
typed. Imported by the printer (adapters/receipts/printer.py) only when it draws one."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from adapters.receipts.sheet import Row, Sheet, sheet
from application.ports.receipts import ReceiptView

FONT = "DejaVu"
INK, MUTED, ACCENT, LINE = (45, 27, 78), (108, 99, 133), (20, 153, 143), (216, 210, 230)
WIDTH = 170.0  # A4 less 20 mm margins, in mm


def drawn(receipt: ReceiptView, regular: Path, bold: Path) -> bytes:
    said = sheet(receipt)
    pdf = _Page(said)
    pdf.add_font(FONT, "", str(regular))
    pdf.add_font(FONT, "B", str(bold))
    pdf.set_lang(receipt.language)
    pdf.set_title(f"{said.title} {said.number}")
    pdf.set_author(receipt.seller.name)
    pdf.set_subject(f"{said.title} {said.number} · {said.site}")
    pdf.set_creator(said.site)
    pdf.set_creation_date(receipt.issued_at)  # the same receipt, the same file
    pdf.set_margins(20, 20, 20)
    pdf.set_auto_page_break(True, margin=22)
    pdf.add_page()
    _write(pdf, said)
    return bytes(pdf.output())


class _Page(FPDF):
    def __init__(self, said: Sheet) -> None:
        super().__init__(format="A4")
        self._said = said

    def footer(self) -> None:
        self.set_y(-15)
        self.set_font(FONT, "", 8)
        self.set_text_color(*MUTED)
        self.cell(0, 5, f"{self._said.site} · {self._said.title} {self._said.number} · "
                  + self._said.page.format(page=self.page_no()), align="C")


def _line(pdf: FPDF) -> None:
    pdf.set_draw_color(*LINE)
    y = pdf.get_y()
    pdf.line(pdf.l_margin, y, pdf.l_margin + WIDTH, y)


def _pair(pdf: FPDF, row: Row, *, bold: bool = False, size: float = 10,
          label_width: float = 60) -> None:
    """A label and its value side by side; a long value wraps under itself."""
    pdf.set_font(FONT, "", size)
    pdf.set_text_color(*MUTED)
    pdf.cell(label_width, 6, row[0])
    pdf.set_font(FONT, "B" if bold else "", size)
    pdf.set_text_color(*INK)
    pdf.multi_cell(WIDTH - label_width, 6, row[1], new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _amount(pdf: FPDF, row: Row, *, bold: bool = False, size: float = 10,
            detail: str = "") -> None:
    """A line of the table: what, on the left; the amount, right-aligned."""
    pdf.set_font(FONT, "B" if bold else "", size)
    pdf.set_text_color(*INK)
    pdf.cell(WIDTH - 45, 7, row[0])
    pdf.cell(45, 7, row[1], align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    if detail:
        pdf.set_font(FONT, "", 8.5)
        pdf.set_text_color(*MUTED)
        pdf.cell(WIDTH - 45, 5, detail, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _write(pdf: FPDF, said: Sheet) -> None:
    pdf.set_font(FONT, "B", 20)
    pdf.set_text_color(*ACCENT)
    pdf.cell(WIDTH / 2, 10, said.site)
    pdf.set_text_color(*INK)
    pdf.cell(WIDTH / 2, 10, said.title, align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(FONT, "", 11)
    pdf.set_text_color(*MUTED)
    pdf.cell(0, 6, said.number, align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(4)
    # The seller
    pdf.set_font(FONT, "", 9)
    pdf.set_text_color(*MUTED)
    pdf.cell(0, 5, said.seller_title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(FONT, "B", 11)
    pdf.set_text_color(*INK)
    pdf.cell(0, 6, said.seller[0], new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(FONT, "", 10)
    for part in said.seller[1:]:
        pdf.cell(0, 5, part, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(1)
    for row in said.seller_facts:
        _pair(pdf, row, size=9)
    pdf.ln(4)
    _line(pdf)
    pdf.ln(3)
    for row in said.facts:
        _pair(pdf, row, bold=row[1] == said.number)
    pdf.ln(4)
    # The table: what was bought, then net, VAT and the total
    pdf.set_fill_color(244, 241, 251)
    pdf.set_font(FONT, "B", 9)
    pdf.set_text_color(*MUTED)
    pdf.cell(WIDTH - 45, 7, said.heading[0], fill=True)
    pdf.cell(45, 7, said.heading[1], align="R", fill=True, new_x=XPos.LMARGIN,
             new_y=YPos.NEXT)
    _amount(pdf, said.item)
    _line(pdf)
    pdf.ln(1)
    for n, row in enumerate(said.totals):
        last = n == len(said.totals) - 1
        if last and len(said.totals) > 1:
            _line(pdf)
            pdf.ln(1)
        _amount(pdf, row, bold=last, size=12 if last else 10)
    if said.vat_note:
        pdf.set_font(FONT, "", 9)
        pdf.set_text_color(*MUTED)
        pdf.cell(0, 5, said.vat_note, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    if said.refunds:
        pdf.ln(5)
        pdf.set_font(FONT, "B", 11)
        pdf.set_text_color(*INK)
        pdf.cell(0, 7, said.refunds_title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        for what, vat, amount in said.refunds:
            _amount(pdf, (what, amount), detail=vat)
        if said.refunded_total:
            _line(pdf)
            pdf.ln(1)
            _amount(pdf, said.refunded_total, bold=True)
    pdf.ln(8)
    pdf.set_font(FONT, "", 9)
    pdf.set_text_color(*MUTED)
    pdf.multi_cell(WIDTH, 5, said.note, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
