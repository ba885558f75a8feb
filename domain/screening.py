"""The scam shield's screening rules (issue 31.1): a text is screened for off-platform
contact (phone numbers, e-mail addresses, messenger handles, links) and money lures
(requests for money or gift cards, transfer services, IBANs, crypto wallets, investment
and emergency stories), in all eleven languages.

Scammers disguise what they write, so the rules read a normalised view of the text first:
zero-width characters dropped, look-alike letters (Cyrillic, Greek, full-width) folded to
Latin, and, for words, leetspeak undone and spelled-out digits turned into digits. Every
view keeps, for each of its characters, where it came from, so a finding's span always
points into the text the member wrote.

Two checks need libraries the domain may not import (phone numbers and IBANs): they come
in as `Checks`, plain callables the application wires to phonenumbers and schwifty."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from enum import StrEnum

import attrs

from domain import screening_words as words

# (start, end) spans in the text given to a check.
SpanFinder = Callable[[str], Iterable[tuple[int, int]]]


class Reason(StrEnum):
    PHONE = "phone"
    EMAIL = "email"
    MESSENGER = "messenger"
    LINK = "link"
    MONEY_REQUEST = "money_request"
    GIFT_CARD = "gift_card"
    TRANSFER_SERVICE = "transfer_service"
    IBAN = "iban"
    CRYPTO_WALLET = "crypto_wallet"
    INVESTMENT = "investment"
    EMERGENCY = "emergency"


CONTACT = frozenset({Reason.PHONE, Reason.EMAIL, Reason.MESSENGER, Reason.LINK})


@attrs.frozen
class Finding:
    reason: Reason
    start: int  # into the text as written
    end: int


@attrs.frozen
class Checks:
    phones: SpanFinder = lambda text: ()  # phonenumbers' matcher over a digits view
    ibans: SpanFinder = lambda text: ()  # schwifty over IBAN-shaped candidates


# --- the normalised view ------------------------------------------------------------

_INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e"}
_LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
    "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
})
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t",
                       "@": "a", "$": "s", "|": "l", "!": "i"})


# Whether every ASCII character folds to one character (normalised's shortcut): true
# unless an invisible or look-alike set above gains an ASCII character.
_ASCII_ONE_TO_ONE = all(
    char not in _INVISIBLE
    and len(unicodedata.normalize("NFKC", char).lower().translate(_LOOK_ALIKES)) == 1
    and unicodedata.normalize("NFKC", char) == char
    for char in map(chr, range(128)))


@attrs.frozen
class View:
    """A normalised text and, per character, the span of the original it came from."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of view[start:end]."""
        return self.starts[start], self.ends[end - 1]


def normalised(text: str, lower: bool = True) -> View:
    """Invisible characters dropped, look-alikes folded to Latin letters and, unless
    `lower` is False (for codes whose case matters), lower case."""
    if text.isascii() and _ASCII_ONE_TO_ONE:
        # Most messages: each character stays one character where it was (NFKC keeps
        # ASCII as it is, none is invisible or a look-alike), so the text is folded at
        # once instead of character by character (a chat message's send, issue 36.3).
        folded = (text.lower() if lower else text).translate(_LOOK_ALIKES)
        return View(folded, tuple(range(len(text))), tuple(range(1, len(text) + 1)))
    return _normalised_each(text, lower)


def _normalised_each(text: str, lower: bool) -> View:
    out: list[str] = []
    starts: list[int] = []
    for index, char in enumerate(text):
        if char in _INVISIBLE:
            continue
        folded = unicodedata.normalize("NFKC", char)
        folded = (folded.lower() if lower else folded).translate(_LOOK_ALIKES)
        out.extend(folded)
        starts.extend([index] * len(folded))
    return View("".join(out), tuple(starts), tuple(start + 1 for start in starts))


def _mapped(view: View, pattern: re.Pattern[str], replace: Callable[[str], str]) -> View:
    """`view` with each match of `pattern` replaced; the new characters stand for the
    whole original span of what they replaced."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    last = 0
    for match in pattern.finditer(view.text):
        out.append(view.text[last:match.start()])
        starts.extend(view.starts[last:match.start()])
        ends.extend(view.ends[last:match.start()])
        new = replace(match.group(0))
        out.append(new)
        starts.extend([view.starts[match.start()]] * len(new))
        ends.extend([view.ends[match.end() - 1]] * len(new))
        last = match.end()
    out.append(view.text[last:])
    starts.extend(view.starts[last:])
    ends.extend(view.ends[last:])
    return View("".join(out), tuple(starts), tuple(ends))


def _unleet(view: View) -> View:
    """Leetspeak undone inside words ("wh4ts4pp", "p4ys4fec4rd"): a digit or sign
    between letters, never a number standing alone."""
    return _mapped(view, re.compile(r"(?<=[a-z])[0134571@$|!]+(?=[a-z])|"
                                    r"\b[0134571@$]+(?=[a-z]{2})"),
                   lambda part: part.translate(_LEET))


def _compact_letters(view: View) -> View:
    """Letters spaced out ("w h a t s a p p", "t.e.l.e.g.r.a.m") joined again."""
    return _mapped(view, re.compile(r"\b(?:[^\W\d_][\s.\-_*]+){3,}[^\W\d_]\b"),
                   lambda part: re.sub(r"[\s.\-_*]+", "", part))


_DIGIT_WORD = re.compile(r"\b(" + "|".join(sorted(words.DIGIT_WORDS, key=len, reverse=True))
                         + r")\b")


def _digits(view: View) -> View:
    """Spelled-out digits ("six one two ...", "sechs eins zwei") as digits."""
    return _mapped(view, _DIGIT_WORD, lambda word: words.DIGIT_WORDS[word])


# --- the rules ----------------------------------------------------------------------

# Nine digits or more, however spaced: national numbers without their prefix have nine
# or ten; the eight-digit ones of Denmark and Norway are left to phonenumbers' matcher.
_PHONE_RUN = re.compile(r"(?<![\w.])\+?\d(?:[\s.\-/()]{0,3}\d){8,14}(?!\w)")
# "(at)", "[punkt]", "{kropka}": an at or dot word in brackets is never ordinary talk.
_AT_BRACKETED = r"[(\[{]\s?(?:" + words.AT_WORDS + r")\s?[)\]}]"
_DOT_BRACKETED = r"[(\[{]\s?(?:" + words.DOT_WORDS + r")\s?[)\]}]"
_AT_WORD_WITH_PROVIDER = (r"\s(?:" + words.AT_WORDS_ONLY + r")\s|\s(?:" + words.AT_WORDS
                          + r")\s+(?:" + words.MAIL_PROVIDERS + r")\b")
_EMAIL = re.compile(
    r"[a-z0-9][a-z0-9._%+\-]*\s*(?:@|" + _AT_BRACKETED + r"|\s(?:" + words.AT_WORDS
    + r")\s)\s*[a-z0-9\-]+(?:\s*(?:\.|" + _DOT_BRACKETED + r"|\s(?:" + words.DOT_WORDS
    + r")\s)\s*[a-z]{2,10})+\b")
_LINK = re.compile(
    r"\b(?:https?://|www\.)\S+|\b(?:" + words.SHORTENERS + r")/\S+|"
    r"\b[a-z0-9][a-z0-9\-]{1,62}\s?(?:\.|\s(?:" + words.DOT_WORDS + r")\s)\s?(?:"
    + words.TOP_LEVEL_DOMAINS + r")\b(?:/\S*)?")
_CRYPTO = re.compile(r"\b(?:[bB][cC]1[a-zA-Z0-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|"
                     r"0[xX][0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})\b")
_IBAN_SHAPED = re.compile(r"\b[A-Za-z]{2}\d{2}(?:\s?[A-Za-z0-9]){11,30}\b")


def _finditer(pattern: re.Pattern[str], view: View, reason: Reason) -> Iterable[Finding]:
    for match in pattern.finditer(view.text):
        if match.end() > match.start():
            yield Finding(reason, *view.span(match.start(), match.end()))


def _emails(view: View) -> Iterable[Finding]:
    for match in _EMAIL.finditer(view.text):
        found = match.group(0)
        if "@" in found or re.search(_AT_BRACKETED, found) or re.search(
                _AT_WORD_WITH_PROVIDER, found) or (
                re.search(words.TOP_LEVEL_DOMAINS_AT_END, found)):
            yield Finding(Reason.EMAIL, *view.span(match.start(), match.end()))


def _phones(view: View, checks: Checks) -> Iterable[Finding]:
    yield from _finditer(_PHONE_RUN, view, Reason.PHONE)
    for start, end in checks.phones(view.text):
        yield Finding(Reason.PHONE, *view.span(start, end))


def _ibans(view: View, checks: Checks) -> Iterable[Finding]:
    if _IBAN_SHAPED.search(view.text):
        for start, end in checks.ibans(view.text):
            yield Finding(Reason.IBAN, *view.span(start, end))


def screen(text: str, checks: Checks = Checks()) -> tuple[Finding, ...]:
    """Every finding in `text`, first first; an empty tuple for ordinary talk."""
    base = normalised(text)
    wordy = _compact_letters(_unleet(base))
    digits = _digits(base)
    found: list[Finding] = []
    found += _phones(digits, checks)
    found += _emails(base)
    found += _finditer(_LINK, base, Reason.LINK)
    for reason, pattern in words.PATTERNS:
        found += _finditer(pattern, wordy, Reason(reason))
    if any(f.reason is Reason.MONEY_REQUEST for f in found):  # a story around a request
        found += _finditer(words.EMERGENCY_WORDS, wordy, Reason.EMERGENCY)
    cased = normalised(text, lower=False)
    found += _finditer(_CRYPTO, cased, Reason.CRYPTO_WALLET)
    found += _ibans(cased, checks)
    return _merged(found)


_WIDER = frozenset({Reason.EMAIL, Reason.IBAN, Reason.CRYPTO_WALLET})
_INSIDE = frozenset({Reason.LINK, Reason.PHONE})


def _merged(found: list[Finding]) -> tuple[Finding, ...]:
    """One finding per reason and span: overlapping spans of one reason are joined, and a
    link or number inside an e-mail address, IBAN or wallet is that."""
    wider = [f for f in found if f.reason in _WIDER]
    found = [f for f in found if f.reason not in _INSIDE or not any(
        w.start <= f.start and f.end <= w.end for w in wider)]
    out: list[Finding] = []
    for finding in sorted(found, key=lambda f: (f.reason.value, f.start, f.end)):
        last = out[-1] if out else None
        if last and last.reason is finding.reason and finding.start <= last.end:
            out[-1] = Finding(last.reason, last.start, max(last.end, finding.end))
        else:
            out.append(finding)
    return tuple(sorted(out, key=lambda f: (f.start, f.end, f.reason.value)))
