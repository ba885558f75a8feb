"""What a new site starts with when no template site is named (`amora sites add`): the
fictional-profile wording in every language, which names no brand, and credit bundles
per currency. The demo sites start with the same."""

from __future__ import annotations

from collections.abc import Mapping

from domain.pricing import Bundle

FICTIONAL_SINGULAR: Mapping[str, str] = {
    "da": "fiktiv profil", "de": "fiktives Profil", "en": "fictional profile",
    "es": "perfil ficticio", "fi": "fiktiivinen profiili", "fr": "profil fictif",
    "it": "profilo fittizio", "nb": "fiktiv profil", "nl": "fictief profiel",
    "pl": "profil fikcyjny", "sv": "fiktiv profil",
}
FICTIONAL_PLURAL: Mapping[str, str] = {
    "da": "fiktive profiler", "de": "fiktive Profile", "en": "fictional profiles",
    "es": "perfiles ficticios", "fi": "fiktiiviset profiilit", "fr": "profils fictifs",
    "it": "profili fittizi", "nb": "fiktive profiler", "nl": "fictieve profielen",
    "pl": "profile fikcyjne", "sv": "fiktiva profiler",
}
FICTIONAL_WARNING: Mapping[str, str] = {
    "da": "Profiler markeret med ★ er fiktive: de drives af vores team som underholdning, og "
          "du kan ikke møde dem i virkeligheden.",
    "de": "Mit ★ markierte Profile sind fiktiv: Unser Team betreibt sie zur Unterhaltung, und "
          "du kannst sie nicht im echten Leben treffen.",
    "en": "Profiles marked with ★ are fictional: our team runs them for entertainment and you "
          "cannot meet them in real life.",
    "es": "Los perfiles marcados con ★ son ficticios: los gestiona nuestro equipo como "
          "entretenimiento y no podrás conocerlos en persona.",
    "fi": "★-merkityt profiilit ovat fiktiivisiä: tiimimme ylläpitää niitä viihteenä, etkä voi "
          "tavata niitä oikeassa elämässä.",
    "fr": "Les profils marqués d'une ★ sont fictifs : notre équipe les anime pour le "
          "divertissement et vous ne pourrez pas les rencontrer en vrai.",
    "it": "I profili contrassegnati con ★ sono fittizi: li gestisce il nostro team a scopo di "
          "intrattenimento e non potrai incontrarli nella vita reale.",
    "nb": "Profiler merket med ★ er fiktive: teamet vårt driver dem som underholdning, og du "
          "kan ikke møte dem i virkeligheten.",
    "nl": "Profielen met een ★ zijn fictief: ons team beheert ze voor de gezelligheid en je "
          "kunt ze niet in het echt ontmoeten.",
    "pl": "Profile oznaczone ★ są fikcyjne: prowadzi je nasz zespół dla rozrywki i nie "
          "spotkasz ich w prawdziwym życiu.",
    "sv": "Profiler märkta med ★ är fiktiva: vårt team driver dem som underhållning och du kan "
          "inte träffa dem i verkligheten.",
}

STANDARD_TEXTS: Mapping[str, Mapping[str, str]] = {
    "fictional_singular": FICTIONAL_SINGULAR, "fictional_plural": FICTIONAL_PLURAL,
    "fictional_warning": FICTIONAL_WARNING,
}


def _bundles(prices: list[tuple[int, int]], currency: str) -> list[Bundle]:
    return [Bundle(id=0, site_id=0, credits=credits, price=price, currency=currency)
            for credits, price in prices]


# Credit bundles per currency: bigger bundles cost less per credit.
STANDARD_BUNDLES: Mapping[str, list[Bundle]] = {
    "EUR": _bundles([(100, 1499), (250, 2999), (600, 5999), (1500, 11999)], "EUR"),
    "USD": _bundles([(100, 1699), (250, 3399), (600, 6799), (1500, 13499)], "USD"),
    "GBP": _bundles([(100, 1299), (250, 2599), (600, 5199), (1500, 10399)], "GBP"),
    "SEK": _bundles([(100, 16900), (250, 33900), (600, 67900), (1500, 134900)], "SEK"),
    "NOK": _bundles([(100, 16900), (250, 33900), (600, 67900), (1500, 134900)], "NOK"),
    "DKK": _bundles([(100, 11200), (250, 22400), (600, 44900), (1500, 89900)], "DKK"),
    "PLN": _bundles([(100, 6499), (250, 12999), (600, 25999), (1500, 51999)], "PLN"),
}
