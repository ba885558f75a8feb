"""SMS to files (the embedded default, like mail): each text lands in var/sms as one file,
named by time and number, so developers and tests read the code there."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path

from domain.locales import pick_text

_TEXTS = Path(__file__).with_name("texts.json")


class FileSms:
    def __init__(self, directory: Path, sender_name: str = "Amora") -> None:
        self._directory = directory
        self._sender = sender_name

    @cached_property
    def _texts(self) -> dict[str, str]:
        return json.loads(_TEXTS.read_text(encoding="utf-8"))  # type: ignore[no-any-return]

    def send_code(self, phone: str, code: str, language: str) -> None:
        text = pick_text(self._texts, language).format(site=self._sender, code=code)
        self._directory.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        (self._directory / f"{stamp}-{phone.lstrip('+')}.txt").write_text(
            f"To: {phone}\n\n{text}\n", encoding="utf-8")
