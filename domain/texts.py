"""Which characters a member's texts may hold. Control characters in a name end up in
mail headers, push titles and other members' screens: a CR/LF breaks a mail header, a
bidi override turns the text around it, a zero-width character makes look-alike names."""

from __future__ import annotations

import unicodedata

# Cc: C0/C1 controls (NUL, TAB, CR, LF, ESC, ...); Cf: formatting (bidi overrides and
# isolates, zero-width characters, soft hyphen, BOM); Zl/Zp: Unicode line breaks.
_CONTROL = frozenset({"Cc", "Cf", "Zl", "Zp"})
# Writing uses a few formatting characters: ZWNJ/ZWJ (Persian, Indic scripts, emoji
# families) and the tags of subdivision flags; they may appear in multi-line texts.
_WRITING = frozenset({"\u200c", "\u200d"} | {chr(c) for c in range(0xE0020, 0xE0080)})


def has_control_characters(text: str) -> bool:
    """True when a single-line text (a name, a city) holds any control character."""
    return any(unicodedata.category(c) in _CONTROL for c in text)


def normalise_lines(text: str) -> str:
    """A multi-line text with its line ends as ``\\n`` (CRLF and CR from some clients)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def has_control_characters_in_lines(text: str) -> bool:
    """True when a multi-line text (about me, a message), line ends normalised, holds a
    control character other than the line feed and those used in writing."""
    return any(c != "\n" and c not in _WRITING and unicodedata.category(c) in _CONTROL
               for c in text)


def header_safe(text: str) -> str:
    """Old stored text made safe for one line (a mail header): every control character
    becomes a space, runs of spaces one."""
    return " ".join("".join(" " if unicodedata.category(c) in _CONTROL else c
                            for c in text).split())
