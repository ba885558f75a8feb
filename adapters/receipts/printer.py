"""The receipt printer: a paid order's PDF (adapters/receipts/pdf.py draws it with fpdf2)
and the payment method's name. The font comes from Debian's fonts-dejavu-core (installed
in the image, see deploy/Dockerfile); nothing is downloaded while printing.

fpdf2 takes 0.3 s to import: the drawing is imported by the first receipt drawn, not by
building the printer, which every notification job does (the payment mail's method name;
issue 36.4: it held a new worker's loop on its first message's mail)."""

from __future__ import annotations

from pathlib import Path

from adapters.offload import offloaded
from adapters.receipts.sheet import method_name
from application.ports.receipts import ReceiptView

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


def fonts(directory: Path = FONT_DIR) -> tuple[Path, Path]:
    regular, bold = directory / "DejaVuSans.ttf", directory / "DejaVuSans-Bold.ttf"
    for path in (regular, bold):
        if not path.is_file():
            raise FileNotFoundError(
                f"{path} is missing: receipts need DejaVu Sans (apt-get install "
                "fonts-dejavu-core)")
    return regular, bold


class FpdfReceiptPrinter:
    def __init__(self, font_dir: Path = FONT_DIR) -> None:
        self._regular, self._bold = fonts(font_dir)

    def method_name(self, method: str, language: str) -> str:
        return method_name(method, language)

    def pdf(self, receipt: ReceiptView) -> bytes:
        """Drawn off the event loop (adapters.offload), as password hashing is: a page
        takes about 120 ms of CPU, which would stall every socket of a gevent worker."""
        return offloaded(self._drawn, receipt)

    def _drawn(self, receipt: ReceiptView) -> bytes:
        from adapters.receipts.pdf import drawn

        return drawn(receipt, self._regular, self._bold)
