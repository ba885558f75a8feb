"""The same opener to many members (issue 31.2): a scammer writes one script and sends it,
lightly varied, to dozens of members a day; a member writing to people they like does not.

An opener (the first message of a conversation its sender starts) is reduced to a
fingerprint: a MinHash signature of its character shingles, read through the screening's
normalised view (look-alike letters folded, zero-width characters dropped, lower case) with
leetspeak undone, punctuation, emoji and spacing dropped, and the recipient's own name
left out ("Hi Anna, ..." and "Hi Maria, ..." are one script). Two fingerprints estimate how
much of their shingles the two openers share (Jaccard); nearly the same (SIMILAR or more)
sent to MASS_RECIPIENTS distinct members within WINDOW is a finding, "mass_opener", like
the screening's: the sender is nudged first and may send it anyway.

The signature is a bottom-k MinHash: each shingle is hashed once (BLAKE2b, 32 bits) and the
SIGNATURE_SIZE smallest hashes are kept. The smallest hashes of two openers' union are the
smallest of their two signatures together, and the share of those in both signatures
estimates the Jaccard index; openers with fewer shingles than SIGNATURE_SIZE keep them all,
so theirs is exact. Pure: the store, the clock and the recipients come from outside."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta
from hashlib import blake2b

import attrs

from domain.screening import normalised

SHINGLE = 4  # characters: short enough that a changed word changes few of them
SIGNATURE_SIZE = 128  # hashes kept: the estimate's error is about 0.03 near 0.85
SIMILAR = 0.8  # estimated Jaccard index from which two openers are one script
MASS_RECIPIENTS = 5  # distinct members within the window, this opener's included
WINDOW = timedelta(hours=24)
# Fingerprints older than this are of no use to the rule and are deleted (the rule reads
# WINDOW; a day more for a send that straddles a prune).
KEEP = timedelta(days=2)
# "Hi, how are you?" to ten members is no script: openers shorter than this (in the
# canonical form's characters) are never a finding, and are not kept.
MIN_CHARS = 40
MASS_OPENER = "mass_opener"  # the finding's reason, beside the screening's

_HASH_BYTES = 4
_HEX = _HASH_BYTES * 2
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t",
                       "@": "a", "$": "s", "|": "l", "!": "i"})
# As the screening reads leetspeak: a digit or sign inside a word, never a number alone.
_LEET_IN_WORDS = re.compile(r"(?<=[^\W\d_])[0134571@$|!]+(?=[^\W\d_])|"
                            r"\b[0134571@$]+(?=[^\W\d_]{2})")
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    view = normalised(text).text
    return _WORD.findall(_LEET_IN_WORDS.sub(lambda m: m.group(0).translate(_LEET), view))


def canonical(text: str, names: Iterable[str] = ()) -> str:
    """The opener as its fingerprint reads it: its words, normalised, one space apart,
    without the words of `names` (the recipient's name)."""
    dropped = {word for name in names for word in _words(name)}
    return " ".join(word for word in _words(text) if word not in dropped)


def shingles(text: str) -> set[str]:
    """The SHINGLE-character pieces of a canonical text (a shorter text is one piece)."""
    if len(text) <= SHINGLE:
        return {text} if text else set()
    return {text[i:i + SHINGLE] for i in range(len(text) - SHINGLE + 1)}


def _hash(shingle: str) -> int:
    return int.from_bytes(blake2b(shingle.encode(), digest_size=_HASH_BYTES).digest(), "big")


@attrs.frozen
class Signature:
    """The smallest SIGNATURE_SIZE shingle hashes of an opener, ascending."""

    hashes: tuple[int, ...]

    def to_text(self) -> str:
        """As stored: eight hexadecimal digits a hash."""
        return "".join(f"{value:0{_HEX}x}" for value in self.hashes)

    @classmethod
    def from_text(cls, stored: str) -> Signature:
        return cls(tuple(int(stored[i:i + _HEX], 16) for i in range(0, len(stored), _HEX)))


TEXT_LENGTH = SIGNATURE_SIZE * _HEX  # a stored signature's longest


def signature_of(canonical_text: str) -> Signature:
    return Signature(tuple(sorted({_hash(s) for s in shingles(canonical_text)})
                           [:SIGNATURE_SIZE]))


def signature(text: str, names: Iterable[str] = ()) -> Signature:
    return signature_of(canonical(text, names))


def similarity(a: Signature, b: Signature) -> float:
    """The estimated Jaccard index of the two openers' shingles: the share of the union's
    smallest hashes found in both signatures (exact when both kept all their shingles)."""
    union = sorted(set(a.hashes) | set(b.hashes))[:SIGNATURE_SIZE]
    if not union:
        return 0.0
    both = set(a.hashes) & set(b.hashes)
    return sum(1 for value in union if value in both) / len(union)


def counts(text: str, names: Iterable[str] = ()) -> bool:
    """Whether an opener is long enough to be a script (and to be kept)."""
    return len(canonical(text, names)) >= MIN_CHARS


@attrs.frozen
class SentOpener:
    """An opener sent earlier: to whom, its fingerprint and when."""

    recipient_id: int
    signature: Signature
    at: datetime


def recipients_of_same(fingerprint: Signature, recipient_id: int,
                       earlier: Iterable[SentOpener], now: datetime) -> int:
    """How many distinct members got this opener, or nearly it, within WINDOW up to now,
    counting `recipient_id`, to whom it is about to go."""
    others = {sent.recipient_id for sent in earlier
              if now - WINDOW < sent.at <= now and sent.recipient_id != recipient_id
              and similarity(sent.signature, fingerprint) >= SIMILAR}
    return len(others) + 1


def is_mass_opener(text: str, recipient_id: int, recipient_names: Iterable[str],
                   earlier: Iterable[SentOpener], now: datetime) -> bool:
    """The rule: nearly the same opener (long enough to be a script) to MASS_RECIPIENTS
    distinct members or more within WINDOW, this one included."""
    words = canonical(text, recipient_names)
    if len(words) < MIN_CHARS:
        return False
    return recipients_of_same(signature_of(words), recipient_id, earlier,
                              now) >= MASS_RECIPIENTS
