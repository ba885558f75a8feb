"""The same opener to many members (issue 31.2): a lightly edited copy of an opener is still
the same script, unrelated openers are not, and the rule counts distinct members within a
day."""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.mass_openers import (
    MASS_RECIPIENTS,
    MIN_CHARS,
    SIGNATURE_SIZE,
    SIMILAR,
    WINDOW,
    SentOpener,
    Signature,
    canonical,
    counts,
    is_mass_opener,
    recipients_of_same,
    shingles,
    signature,
    similarity,
)

NOW = datetime(2026, 12, 1, 20, tzinfo=UTC)
CORPUS = Path(__file__).parent.parent / "bench" / "screening_corpus"
SCRIPT = ("Hi {name}, I saw your profile and I think we have a lot in common. I am a widowed "
          "engineer working on an oil platform and I am looking for true love.")

# Words as openers use them, in a few of the eleven languages (some with letters beyond a-z).
VOCABULARY = (
    "hello hallo hej moi ciao you your profile smile photos weekend coffee hiking music "
    "travel dinner honest love looking partner beautiful really think would like talk "
    "evening summer winter mountains beach sunset friends family work engineer widow "
    "kaffee wandern schön liebe lächeln sommer tanssia kesä rakkaus miłość uśmiech "
    "zdjęcia été soleil amour sourire garden cooking books reading cinema theatre dancing "
    "swimming running cycling sailing walking dog cat city village country ocean river lake "
    "forest wine tea breakfast lunch holiday journey dream future trust kind gentle funny "
    "serious quiet happy calm warm genuine caring loyal patient simple sincere curious "
    "gezellig fiets strand vriendschap ystävä metsä järvi sauna caffè spiaggia mare viaggio "
    "cucinare playa montaña viajar sonrisa")
WORDS = st.sampled_from(VOCABULARY.split())
NAMES = st.sampled_from(["Anna", "Maria", "Łucja", "Sœren", "Jürgen", "Ana-Lucía", "Kim"])


def opener(words: list[str]) -> str:
    return " ".join(words)


LONG = st.lists(WORDS, min_size=12, max_size=40, unique=True).map(opener).filter(
    lambda text: len(canonical(text)) >= MIN_CHARS)

# Light edits that leave the script as it was: a scammer's variations, a phone's
# autocorrect, the recipient's name.
HOMOGLYPHS = {"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х"}  # Cyrillic
LEET = {"o": "0", "i": "1", "e": "3", "a": "4", "s": "5", "t": "7"}
EDITS = st.sampled_from(["upper", "title", "punctuation", "spaces", "emoji", "zero_width",
                         "homoglyphs", "leet", "exclaim"])


def edited(text: str, edit: str, seed: int) -> str:
    words = text.split(" ")
    k = seed % len(words)
    if edit == "upper":
        return text.upper()
    if edit == "title":
        return text.title()
    if edit == "punctuation":
        return " ".join(w + ("," if i % 3 == seed % 3 else "") for i, w in enumerate(words))
    if edit == "spaces":
        return "  ".join(words) + " \n"
    if edit == "emoji":
        return " ".join([*words[:k], "😍", *words[k:]]) + " 🌹"
    if edit == "zero_width":
        return "\u200b".join(text)
    if edit == "homoglyphs":
        return "".join(HOMOGLYPHS.get(c, c) if i % 2 == seed % 2 else c
                       for i, c in enumerate(text))
    if edit == "leet":  # a digit for a letter between letters, as the screening undoes it
        return "".join(LEET.get(c, c) if 0 < i < len(text) - 1 and text[i - 1].isalpha()
                       and text[i + 1].isalpha() and i % 2 == seed % 2 else c
                       for i, c in enumerate(text))
    return text + "!!!"


@given(LONG, st.lists(EDITS, min_size=1, max_size=3), st.integers(0, 1000), NAMES, NAMES)
def test_a_lightly_edited_copy_is_the_same_script(text: str, edits: list[str], seed: int,
                                                  first: str, second: str) -> None:
    copy = text
    for edit in edits:
        copy = edited(copy, edit, seed)
    one = signature(f"Hi {first}, {text}", [first])
    other = signature(f"Hi {second}! {copy}", [second])
    assert similarity(one, other) >= SIMILAR


@given(st.lists(WORDS, min_size=40, max_size=60, unique=True), st.integers(0, 1000), WORDS,
       st.sampled_from(["swap", "drop", "add"]))
def test_a_word_changed_in_a_long_opener_is_the_same_script(
        words: list[str], seed: int, word: str, change: str) -> None:
    k = seed % len(words)
    changed = {"swap": [*words[:k], word, *words[k + 1:]],
               "drop": [*words[:k], *words[k + 1:]],
               "add": [*words[:k], word, *words[k:]]}[change]
    assert similarity(signature(opener(words)), signature(opener(changed))) >= SIMILAR


def _ordinary(language: str) -> list[str]:
    texts: list[str] = json.loads((CORPUS / f"{language}.json").read_text("utf-8"))["ordinary"]
    return [text for text in texts if counts(text)]


@pytest.mark.parametrize("language", sorted(path.stem for path in CORPUS.glob("*.json")))
def test_no_two_ordinary_openers_of_a_language_are_one_script(language: str) -> None:
    """The screening corpora's ordinary first messages, written by different people about
    different things: none is taken for another."""
    signatures = [(text, signature(text)) for text in _ordinary(language)]
    assert len(signatures) >= 40
    alike = [(a, b) for (a, one), (b, other) in itertools.combinations(signatures, 2)
             if similarity(one, other) >= SIMILAR]
    assert alike == []


@given(LONG, LONG)
def test_openers_sharing_few_shingles_are_not_one_script(one: str, other: str) -> None:
    """The estimate tracks the exact Jaccard index: openers sharing under half of their
    shingles are never taken for one script (the estimate's error is about 0.04)."""
    a, b = shingles(canonical(one)), shingles(canonical(other))
    exact = len(a & b) / len(a | b)
    estimate = similarity(signature(one), signature(other))
    assert abs(estimate - exact) < 0.25
    if exact < 0.5:
        assert estimate < SIMILAR


@given(st.text(max_size=300), st.text(max_size=300))
def test_the_estimate_is_a_share_symmetric_and_one_for_the_same_text(one: str,
                                                                     other: str) -> None:
    a, b = signature(one), signature(other)
    assert 0.0 <= similarity(a, b) == similarity(b, a) <= 1.0
    assert len(a.hashes) <= SIGNATURE_SIZE and list(a.hashes) == sorted(set(a.hashes))
    assert Signature.from_text(a.to_text()) == a
    if canonical(one):
        assert similarity(a, a) == 1.0


def test_short_texts_and_the_exact_case() -> None:
    assert shingles("") == set() and shingles("hi") == {"hi"}
    assert similarity(signature(""), signature("")) == 0.0
    # Fewer shingles than the signature keeps: the estimate is the exact index.
    a, b = shingles("abcdef"), shingles("abcdxy")
    assert similarity(signature("abcdef"), signature("abcdxy")) == len(a & b) / len(a | b)


def test_the_recipients_name_is_left_out_but_other_words_stay() -> None:
    assert canonical("Hi Anna, how are you Anna?", ["Anna"]) == "hi how are you"
    assert canonical("Hi Anna-Lena", ["Anna-Lena"]) == "hi"
    assert canonical("Hi Anna", ["Maria"]) == "hi anna"
    assert canonical("h3llo w0rld 2024 😍", []) == "hello world 2024"


def sent(recipient: int, text: str, hours_ago: float) -> SentOpener:
    return SentOpener(recipient, signature(text.format(name="")), NOW - timedelta(
        hours=hours_ago))


def test_the_same_script_to_the_fifth_member_within_a_day_is_a_mass_opener() -> None:
    earlier = [sent(n, SCRIPT, n) for n in range(1, MASS_RECIPIENTS - 1)]
    assert not is_mass_opener(SCRIPT.format(name="Eva"), 99, ["Eva"], earlier, NOW)
    earlier.append(sent(50, SCRIPT.replace("true love", "my true love"), 2))
    assert is_mass_opener(SCRIPT.format(name="Eva"), 99, ["Eva"], earlier, NOW)
    assert recipients_of_same(signature(SCRIPT.format(name="")), 99, earlier,
                              NOW) == MASS_RECIPIENTS


def test_what_the_rule_does_not_count() -> None:
    script = SCRIPT.format(name="")
    many = MASS_RECIPIENTS * 2
    # One member written to many times is one member.
    assert not is_mass_opener(script, 1, [], [sent(2, script, 1)] * many, NOW)
    # The recipient of this very opener is not counted twice.
    assert not is_mass_opener(script, 2, [], [sent(2, script, 1)] * many, NOW)
    # Older than the window.
    old = [sent(n, script, WINDOW.total_seconds() / 3600 + 1) for n in range(many)]
    assert not is_mass_opener(script, 99, [], old, NOW)
    # Different openers.
    others = [sent(n, f"Opener number {n}: " + "abcdefghijklmnopqrstuvwxyz"[n:] * 3, 1)
              for n in range(many)]
    assert not is_mass_opener(script, 99, [], others, NOW)
    # Too short to be a script, however often.
    hello = "Hi, how are you doing today?"
    assert not counts(hello)
    assert not is_mass_opener(hello, 99, [], [sent(n, hello, 1) for n in range(many)], NOW)
