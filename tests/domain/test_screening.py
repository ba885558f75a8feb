"""The screening rules (issue 31.1): lures are found however they are disguised, every
finding's span lies inside the text as written, and ordinary talk passes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.screening.checks import SCREENING_CHECKS
from domain.screening import Reason, screen

LURES = [
    ("add me on WhatsApp +31 6 1234 5678", Reason.PHONE),
    ("add me on WhatsApp +31 6 1234 5678", Reason.MESSENGER),
    ("my e-mail is anna.b@gmail.com", Reason.EMAIL),
    ("anna at gmail dot com", Reason.EMAIL),
    ("schreib mir: anna punkt b at gmx punkt de", Reason.EMAIL),
    ("I am stuck at the airport, send 300 by Western Union", Reason.TRANSFER_SERVICE),
    ("I am stuck at the airport, please send me 300 euros", Reason.EMERGENCY),
    ("invest 500 USDT on my uncle's platform", Reason.INVESTMENT),
    ("verify your age here: bit.ly/3xAbc", Reason.LINK),
    ("kun je een Steam kaart kopen van 100 euro?", Reason.GIFT_CARD),
    ("achète-moi une carte paysafecard", Reason.GIFT_CARD),
    ("IBAN NL91 ABNA 0417 1643 00", Reason.IBAN),
    ("my wallet: 0x52908400098527886E0F7030069857D2E4169EE7", Reason.CRYPTO_WALLET),
    ("zes een twee drie vier vijf zes zeven acht", Reason.PHONE),
    ("telegram: @anna_love88", Reason.MESSENGER),
    ("dodaj mnie na snapchat, mój nick: ania_99", Reason.MESSENGER),
    # found with the corpora of tests/bench/screening_corpus
    ("lisää minut telegramiin @anni_88", Reason.MESSENGER),  # a case ending on the brand
    ("mon insta c'est @lea.voyage88", Reason.MESSENGER),  # a word before the @handle
    ("Telegram: hübsche_anja1991", Reason.MESSENGER),  # a handle with an umlaut
    ("w h a t s a p p, lisää minut sinne", Reason.MESSENGER),  # the cue after the name
    ("kun je me 300 euro sturen voor mijn visum?", Reason.MONEY_REQUEST),  # verb last
    ("Ik heb geld nodig voor de ziekenhuisrekening", Reason.MONEY_REQUEST),
    ("s c h i c k mir 200 €, ich bin in Not", Reason.MONEY_REQUEST),  # an amount before €
    ("w y ś l i j 800 zł, mam kłopoty", Reason.MONEY_REQUEST),  # spaced letters beyond a-z
    ("voitko lainata minulle 150 euroa?", Reason.MONEY_REQUEST),
    ("Kupisz mi kartę Steam za 100 zł?", Reason.GIFT_CARD),  # the card before the brand
    ("una ricarica Postepay da 100", Reason.GIFT_CARD),
    ("Ostaisitko minulle Steam lahjakortin?", Reason.GIFT_CARD),
    ("lähetä 400 euroa MoneyGramilla", Reason.TRANSFER_SERVICE),
    ("invierte 500 USDT en la plataforma", Reason.INVESTMENT),
    ("schreib mir: sandra.k (at) t-online (punkt) de", Reason.EMAIL),
    ("la mia mail è rosadolce chiocciola libero punto it", Reason.EMAIL),
    # beyond the corpora: the countries' payment apps, a loan, a return per month
    ("Kan du vippse meg 500 kr? Jeg betaler tilbake", Reason.MONEY_REQUEST),
    ("Swisha mig 300 kr så ses vi", Reason.MONEY_REQUEST),
    ("Zrób mi blika na 200 zł, oddam jutro", Reason.MONEY_REQUEST),
    ("Mi serve un prestito di 500 euro per il volo", Reason.MONEY_REQUEST),
    ("Hej, jeg mangler 2000 kr til husleje", Reason.MONEY_REQUEST),
    ("Plattform für Kryptohandel, 30% Rendite pro Monat garantiert", Reason.INVESTMENT),
    # a bare number and a promise to pay back (found by the web app's e2e lure)
    ("I'm stuck at the airport. Can you send 300 by Western Union?", Reason.MONEY_REQUEST),
    ("I'm stuck at the airport. Can you send 300 by Western Union?", Reason.EMERGENCY),
    ("Help me out this once, I'll pay you back on Friday", Reason.MONEY_REQUEST),
    ("Kannst du mir aushelfen? Ich zahle es dir nächste Woche zurück", Reason.MONEY_REQUEST),
]
ORDINARY = [
    "Hi! I am 34 and I love hiking, shall we meet at 19:30?",
    "whats up? how was your weekend",
    "my phone died yesterday, sorry for the late answer",
    "I saw U2 live in Amsterdam, amazing",
    "I listen to a crypto podcast on the train every morning",
    "the concert tickets were 45 euros, worth it",
    "Hallo! Ich heiße Jan, ich wohne in Köln und mag Kochen.",
    "Je suis allée à Paris en 2019, c'était super.",
    "Ik werk van 9 tot 5 en sport twee keer per week",
    "Jag har två katter och en hund",
    "Cześć, masz ochotę na kawę w sobotę o 15:00?",
    # a date has as many digits as a Danish or Norwegian phone number
    "Jeg er født den 12.04.1989, en ægte Vædder",
    "Jag föddes 1989-04-12 i Uppsala",
    "Nací el 12/04/1989",
    "Ik heb 300 euro gespaard voor een nieuwe fiets",
    "Telegrammet kom fram i tid, sa bestemor",
    "Gram w gry na Steamie od lat",
    "Ik werk in de lijn 3 van de fabriek.Morgen ben ik vrij",
    "Jeg tok opp et lån på 200 000 kr til hytta",
    "Ik sport 3 keer per week",
    "Je bosse à 80% depuis mars, c'est top",
    "I'll give you back your book when we meet",
    "Can you send 2 photos of your dog?",
]


@pytest.mark.parametrize("text,reason", LURES)
def test_a_lure_is_found_with_its_reason(text: str, reason: Reason) -> None:
    assert reason in {finding.reason for finding in screen(text, SCREENING_CHECKS)}


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_talk_passes(text: str) -> None:
    assert screen(text, SCREENING_CHECKS) == ()


ZERO_WIDTH = st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
HOMOGLYPHS = {"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х"}  # Cyrillic


@st.composite
def disguised(draw: st.DrawFn, text: str) -> str:
    """`text` with zero-width characters slipped in and some letters swapped for
    look-alikes, as scammers write to get past filters."""
    out = []
    for char in text:
        if char in HOMOGLYPHS and draw(st.booleans()):
            char = HOMOGLYPHS[char]
        elif char.isalpha() and draw(st.booleans()):
            char = char.upper()
        out.append(char)
        if draw(st.integers(0, 5)) == 0:
            out.append(draw(ZERO_WIDTH))
    return "".join(out)


@given(st.sampled_from(LURES).flatmap(
    lambda lure: st.tuples(disguised(lure[0]), st.just(lure[1]))))
def test_a_disguised_lure_still_matches(case: tuple[str, Reason]) -> None:
    text, reason = case
    assert reason in {finding.reason for finding in screen(text, SCREENING_CHECKS)}


@given(st.text(max_size=200) | st.sampled_from(LURES).map(lambda lure: lure[0]))
def test_every_span_lies_inside_the_text(text: str) -> None:
    for finding in screen(text, SCREENING_CHECKS):
        assert 0 <= finding.start < finding.end <= len(text)
        assert text[finding.start:finding.end].strip()


@given(st.text(alphabet=st.characters(max_codepoint=127)), st.booleans())
def test_an_ascii_text_is_normalised_as_character_by_character(text: str, lower: bool) -> None:
    """normalised folds an ASCII text at once (issue 36.3): the same view, spans and all,
    as folding it character by character."""
    from domain.screening import _normalised_each, normalised

    assert normalised(text, lower) == _normalised_each(text, lower)


def test_every_ascii_character_folds_to_one_character() -> None:
    from domain.screening import _ASCII_ONE_TO_ONE, _normalised_each

    assert _ASCII_ONE_TO_ONE
    everything = "".join(map(chr, range(128)))
    assert _normalised_each(everything, True).text == everything.lower()
