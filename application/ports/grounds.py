"""The words of a decision's ground (issue 30.2): the title and text of a clause of the
site's terms or of a legal provision, in the member's language."""

from __future__ import annotations

from typing import Protocol

from domain.decisions import Ground
from domain.sites import Site


class GroundTexts(Protocol):
    def describe(self, site: Site, ground: Ground, language: str) -> tuple[str, str]:
        """(title, text): the site's own wording in that language where it has one
        (`amora sites set <domain> ground_texts.<ground>.<lang> ...`), else the
        catalogue's."""
        ...
