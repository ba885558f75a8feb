"""The demo catalogue: three operating companies, three branded sites, and the words
demo members use to describe themselves. Pure data, built from domain values.

Sites name their company by its position in ``COMPANIES`` (ids 1, 2, 3); the seeder
maps those to the ids the database hands out.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from domain.pricing import Bundle
from domain.sites import PROFILE_FIELDS, Address, Company, MessageCost, Niche, Site

LANGUAGE_OF_COUNTRY: Mapping[str, str] = {
    "DK": "da", "DE": "de", "GB": "en", "US": "en", "ES": "es", "FI": "fi",
    "FR": "fr", "IT": "it", "NO": "nb", "NL": "nl", "PL": "pl", "SE": "sv",
}

COMPANIES: tuple[Company, ...] = (
    Company(
        id=1,
        name="Amora Media B.V.",
        kvk="87654321",  # Dutch Chamber of Commerce (KvK) number
        addresses=(
            Address("Herengracht 420", "1017 BZ", "Amsterdam", "NL"),
            Address("1013 Centre Road, Suite 403-B", "DE 19805", "Wilmington", "US",
                    audience="US"),
        ),
        tradenames=("Amora",),
        vat_numbers=("NL123456782B01",),  # made up, with a valid check digit
        support_phone="+31 20 808 0100",
        delete_discount=50,
        added=datetime(2021, 3, 15, 9, 0, tzinfo=UTC),
    ),
    Company(
        id=2,
        name="Nordisk Flirt ApS",
        kvk="41234563",  # Danish CVR number (made up, valid check digit)
        addresses=(
            Address("Vesterbrogade 48, 2. sal", "1620", "København V", "DK"),
            Address("Drottninggatan 33", "111 51", "Stockholm", "SE", audience="SE"),
        ),
        tradenames=("Flirt Nordic",),
        vat_numbers=("DK41234563",),
        support_phone="+45 33 12 34 56",
        delete_discount=30,
        added=datetime(2024, 2, 1, 8, 0, tzinfo=UTC),  # later than the terms base date
    ),
    Company(
        id=3,
        name="Amora Digital LLC",
        kvk="88-1234567",  # US Employer Identification Number
        addresses=(
            Address("1209 Orange Street", "DE 19801", "Wilmington", "US"),
            # the EU representative, shown to visitors from the EU countries it serves
            Address("Keizersgracht 62", "1015 CS", "Amsterdam", "NL", audience="NL"),
            Address("Keizersgracht 62", "1015 CS", "Amsterdam", "NL", audience="DE"),
        ),
        tradenames=("Amora Gay",),
        vat_numbers=("EU372012345",),  # the EU's non-Union OSS registration
        support_phone="+1 302 555 0142",
        added=datetime(2022, 6, 1, 12, 0, tzinfo=UTC),
    ),
)

_AMORA_TITLE = {
    "da": "Amora – dating for voksne",
    "de": "Amora – Dating für Erwachsene",
    "en": "Amora – dating for adults",
    "es": "Amora – citas para adultos",
    "fi": "Amora – deittailua aikuisille",
    "fr": "Amora – rencontres entre adultes",
    "it": "Amora – incontri per adulti",
    "nb": "Amora – dating for voksne",
    "nl": "Amora – daten voor volwassenen",
    "pl": "Amora – randki dla dorosłych",
    "sv": "Amora – dejting för vuxna",
}
_AMORA_DESCRIPTION = {
    "da": "Mød åbensindede singler i nærheden af dig. Chat, flirt og find dit match på Amora.",
    "de": "Lerne aufgeschlossene Singles in deiner Nähe kennen. Chatte, flirte und finde dein "
          "Match auf Amora.",
    "en": "Meet open-minded singles near you. Chat, flirt and find your match on Amora.",
    "es": "Conoce a solteros de mente abierta cerca de ti. Chatea, liga y encuentra a tu pareja "
          "ideal en Amora.",
    "fi": "Tapaa avarakatseisia sinkkuja läheltäsi. Juttele, flirttaile ja löydä sopiva "
          "seuralainen Amorasta.",
    "fr": "Rencontrez des célibataires ouverts d'esprit près de chez vous. Discutez, flirtez et "
          "trouvez la bonne personne sur Amora.",
    "it": "Conosci single di mentalità aperta vicino a te. Chatta, flirta e trova la persona "
          "giusta su Amora.",
    "nb": "Møt åpensinnede singler i nærheten av deg. Chat, flørt og finn din match på Amora.",
    "nl": "Ontmoet ruimdenkende singles bij jou in de buurt. Chat, flirt en vind je match op "
          "Amora.",
    "pl": "Poznaj otwartych singli w swojej okolicy. Czatuj, flirtuj i znajdź swoją drugą "
          "połówkę w serwisie Amora.",
    "sv": "Träffa öppensinnade singlar nära dig. Chatta, flörta och hitta din match på Amora.",
}
_FICTIONAL_SINGULAR = {
    "da": "fiktiv profil", "de": "fiktives Profil", "en": "fictional profile",
    "es": "perfil ficticio", "fi": "fiktiivinen profiili", "fr": "profil fictif",
    "it": "profilo fittizio", "nb": "fiktiv profil", "nl": "fictief profiel",
    "pl": "profil fikcyjny", "sv": "fiktiv profil",
}
_FICTIONAL_PLURAL = {
    "da": "fiktive profiler", "de": "fiktive Profile", "en": "fictional profiles",
    "es": "perfiles ficticios", "fi": "fiktiiviset profiilit", "fr": "profils fictifs",
    "it": "profili fittizi", "nb": "fiktive profiler", "nl": "fictieve profielen",
    "pl": "profile fikcyjne", "sv": "fiktiva profiler",
}
_FICTIONAL_WARNING = {
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

SITES: tuple[Site, ...] = (
    Site(
        id=0,
        domain="amora.test",
        name="Amora",
        company_id=1,
        is_default=True,
        partner_url="https://flirtnordic.test/",
        index_title=_AMORA_TITLE,
        description=_AMORA_DESCRIPTION,
        locales=("da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"),
        countries=("DK", "DE", "GB", "ES", "FI", "FR", "IT", "NO", "NL", "PL", "SE", "US"),
        niche=Niche.NONE,
        signups="all",
        logged_out_search="all",
        support_email="support@amora.test",
        support_phone="+31 20 808 0100",
        mail_name="Amora",
        minimum_message_costs={
            "NO": MessageCost(12, "NOK"),
            "GB": MessageCost(12, "GBP"),
            "US": MessageCost(15, "USD"),
        },
        message_credits=10,
        signup_credits=20,
        photo_credits=5,
        gift_credits=25,
        message_length=1000,
        refund_days=14,
        fictional_icon="★",
        fictional_warning=_FICTIONAL_WARNING,
        fictional_singular=_FICTIONAL_SINGULAR,
        fictional_plural=_FICTIONAL_PLURAL,
        visible_profile_fields=PROFILE_FIELDS,
        enable_site_entry_popup=True,
        entry_popup_countries=(),
    ),
    Site(
        id=0,
        domain="flirtnordic.test",
        name="Flirt Nordic",
        company_id=2,
        index_title={
            "da": "Flirt Nordic – flirt i Norden",
            "en": "Flirt Nordic – flirting in the North",
            "fi": "Flirt Nordic – flirttailua Pohjolassa",
            "nb": "Flirt Nordic – flørt i Norden",
            "sv": "Flirt Nordic – flörta i Norden",
        },
        description={
            "da": "Chat og flirt med singler fra Danmark, Finland, Norge og Sverige.",
            "en": "Chat and flirt with singles from Denmark, Finland, Norway and Sweden.",
            "fi": "Juttele ja flirttaile sinkkujen kanssa Tanskasta, Suomesta, Norjasta ja "
                  "Ruotsista.",
            "nb": "Chat og flørt med singler fra Danmark, Finland, Norge og Sverige.",
            "sv": "Chatta och flörta med singlar från Danmark, Finland, Norge och Sverige.",
        },
        domain_language=None,
        locales=("da", "fi", "nb", "sv", "en"),
        countries=("DK", "FI", "NO", "SE"),
        signups="with_trafficsource",
        support_email="kundeservice@flirtnordic.test",
        support_phone="+45 33 12 34 56",
        mail_name="Flirt Nordic",
        minimum_message_costs={"NO": MessageCost(12, "NOK")},
        message_credits=10,
        signup_credits=10,
        photo_credits=5,
        gift_credits=20,
        refund_days=14,
        member_resell=True,
    ),
    Site(
        id=0,
        domain="gay.amora.test",
        name="Amora Gay",
        company_id=3,
        niche=Niche.GAY,
        index_title={
            "de": "Amora Gay – Dating für schwule und bisexuelle Männer",
            "en": "Amora Gay – dating for gay and bi men",
            "nl": "Amora Gay – daten voor homo- en biseksuele mannen",
        },
        description={
            "de": "Lerne schwule und bisexuelle Männer in deiner Nähe kennen. Chatte, flirte "
                  "und finde dein Match auf Amora Gay.",
            "en": "Meet gay and bisexual men near you. Chat, flirt and find your match on "
                  "Amora Gay.",
            "nl": "Ontmoet homo- en biseksuele mannen bij jou in de buurt. Chat, flirt en vind "
                  "je match op Amora Gay.",
        },
        locales=("en", "de", "nl"),
        countries=("GB", "DE", "NL", "US"),
        signups="all",
        logged_out_search="none",
        logged_out_search_trafficsource="all",
        support_email="support@gay.amora.test",
        support_phone="+1 302 555 0142",
        mail_name="Amora Gay",
        minimum_message_costs={"US": MessageCost(15, "USD")},
        message_credits=10,
        signup_credits=20,
        photo_credits=5,
        gift_credits=25,
        refund_days=14,
    ),
)

# A few complete sentences per language; a member's "about me" picks one to three.
# Gender-neutral on purpose, so they fit anyone in languages with grammatical gender.
ABOUT_ME: Mapping[str, tuple[str, ...]] = {
    "da": (
        "Jeg elsker lange gåture og god kaffe.",
        "Jeg søger en, jeg kan grine sammen med.",
        "Weekenden er til loppemarkeder, venner og dovne morgener.",
        "Jeg er nysgerrig på mennesker og altid klar på et nyt eventyr.",
        "Ærlighed og humor betyder mest for mig.",
        "Lad os mødes til en drink og se, hvor det fører hen.",
        "Jeg laver bedre mad, end jeg synger, men jeg gør begge dele.",
        "Jeg vil gerne udforske byen sammen med en sød person.",
        "Musik, rejser og en god bog gør mig glad.",
        "Jeg er gladest udendørs, uanset vejret.",
    ),
    "de": (
        "Ich liebe lange Spaziergänge und guten Kaffee.",
        "Ich suche jemanden, mit dem ich lachen kann.",
        "Am Wochenende gehe ich gern auf den Markt, treffe Freunde und frühstücke ausgiebig.",
        "Ich interessiere mich für Menschen und bin immer offen für ein neues Abenteuer.",
        "Ehrlichkeit und Humor sind mir am wichtigsten.",
        "Lass uns auf einen Drink treffen und schauen, was passiert.",
        "Ich koche besser, als ich singe, aber ich mache beides.",
        "Ich würde die Stadt gern zu zweit neu entdecken.",
        "Musik, Reisen und ein gutes Buch machen mich glücklich.",
        "Am liebsten bin ich draußen, bei jedem Wetter.",
    ),
    "en": (
        "I love long walks and good coffee.",
        "Looking for someone to share a laugh with.",
        "Weekends are for markets, friends and lazy breakfasts.",
        "I'm curious about people and always up for a new adventure.",
        "Honesty and humour matter most to me.",
        "Let's meet for a drink and see where it goes.",
        "I cook better than I sing, but I do both.",
        "I'd love to explore the city with someone nice.",
        "Music, travel and a good book keep me happy.",
        "I'm happiest outdoors, whatever the weather.",
    ),
    "es": (
        "Me encantan los paseos largos y el buen café.",
        "Busco a alguien con quien reír.",
        "Los fines de semana son para el mercado, los amigos y los desayunos tranquilos.",
        "Me interesa la gente y siempre me apunto a una nueva aventura.",
        "La honestidad y el humor son lo más importante para mí.",
        "Quedemos para tomar algo y veamos qué pasa.",
        "Cocino mejor de lo que canto, pero hago las dos cosas.",
        "Me gustaría descubrir la ciudad en buena compañía.",
        "La música, los viajes y un buen libro me hacen feliz.",
        "Donde mejor me siento es al aire libre, haga el tiempo que haga.",
    ),
    "fi": (
        "Rakastan pitkiä kävelylenkkejä ja hyvää kahvia.",
        "Etsin jotakuta, jonka kanssa voi nauraa.",
        "Viikonloppuisin kierrän kirpputoreja, näen ystäviä ja nautin pitkistä aamiaisista.",
        "Olen kiinnostunut ihmisistä ja aina valmis uuteen seikkailuun.",
        "Rehellisyys ja huumori ovat minulle tärkeimpiä.",
        "Mennään drinkille ja katsotaan, mihin se johtaa.",
        "Kokkaan paremmin kuin laulan, mutta teen molempia.",
        "Haluaisin tutustua kaupunkiin mukavassa seurassa.",
        "Musiikki, matkat ja hyvä kirja tekevät minut iloiseksi.",
        "Viihdyn parhaiten ulkona, säällä kuin säällä.",
    ),
    "fr": (
        "J'adore les longues balades et le bon café.",
        "Je cherche quelqu'un avec qui rire.",
        "Le week-end, c'est marché, amis et grasses matinées.",
        "Les gens me passionnent et j'aime les nouvelles aventures.",
        "L'honnêteté et l'humour comptent le plus pour moi.",
        "Allons boire un verre et voyons où cela nous mène.",
        "Je cuisine mieux que je ne chante, mais je fais les deux.",
        "J'aimerais découvrir de nouveaux coins de la ville à deux.",
        "La musique, les voyages et un bon livre font mon bonheur.",
        "C'est dehors que je me sens le mieux, quel que soit le temps.",
    ),
    "it": (
        "Adoro le lunghe passeggiate e il buon caffè.",
        "Cerco qualcuno con cui ridere.",
        "Il fine settimana è fatto di mercatini, amici e colazioni senza fretta.",
        "Le persone mi incuriosiscono e amo le nuove avventure.",
        "Sincerità e umorismo sono le cose più importanti per me.",
        "Beviamo qualcosa insieme e vediamo come va.",
        "Cucino meglio di come canto, ma faccio entrambe le cose.",
        "Mi piacerebbe scoprire la città in buona compagnia.",
        "Musica, viaggi e un buon libro mi rendono felice.",
        "Sto meglio all'aria aperta, con qualsiasi tempo.",
    ),
    "nb": (
        "Jeg elsker lange turer og god kaffe.",
        "Jeg ser etter noen å le sammen med.",
        "Helgene er til loppemarked, venner og late morgener.",
        "Jeg er nysgjerrig på folk og alltid klar for et nytt eventyr.",
        "Ærlighet og humor betyr mest for meg.",
        "La oss møtes over en drink og se hvor det bærer.",
        "Jeg lager bedre mat enn jeg synger, men jeg gjør begge deler.",
        "Jeg vil gjerne utforske byen sammen med en hyggelig person.",
        "Musikk, reiser og en god bok gjør meg glad.",
        "Jeg trives best ute, uansett vær.",
    ),
    "nl": (
        "Ik hou van lange wandelingen en goede koffie.",
        "Op zoek naar iemand om mee te lachen.",
        "Het weekend is voor de markt, vrienden en een lui ontbijt.",
        "Ik ben nieuwsgierig naar mensen en altijd in voor een nieuw avontuur.",
        "Eerlijkheid en humor vind ik het belangrijkst.",
        "Zullen we iets gaan drinken en kijken waar het heen gaat?",
        "Ik kook beter dan ik zing, maar ik doe allebei.",
        "Ik ontdek de stad graag samen met iemand leuks.",
        "Muziek, reizen en een goed boek maken mij gelukkig.",
        "Ik ben het liefst buiten, weer of geen weer.",
    ),
    "pl": (
        "Uwielbiam długie spacery i dobrą kawę.",
        "Szukam kogoś, z kim można się pośmiać.",
        "Weekendy to dla mnie targi, przyjaciele i leniwe śniadania.",
        "Ciekawią mnie ludzie i lubię nowe przygody.",
        "Najważniejsze są dla mnie szczerość i poczucie humoru.",
        "Chodźmy na drinka i zobaczmy, co z tego wyjdzie.",
        "Gotuję lepiej, niż śpiewam, ale robię jedno i drugie.",
        "Chętnie odkryję miasto w dobrym towarzystwie.",
        "Muzyka, podróże i dobra książka dają mi szczęście.",
        "Najlepiej czuję się na świeżym powietrzu, bez względu na pogodę.",
    ),
    "sv": (
        "Jag älskar långa promenader och gott kaffe.",
        "Letar efter någon att skratta tillsammans med.",
        "Helgerna är till för loppis, vänner och lata frukostar.",
        "Jag är nyfiken på människor och alltid redo för ett nytt äventyr.",
        "Ärlighet och humor betyder mest för mig.",
        "Vi kan ses över en drink och se vart det leder.",
        "Jag lagar bättre mat än jag sjunger, men jag gör båda.",
        "Jag vill gärna upptäcka stan tillsammans med någon trevlig.",
        "Musik, resor och en bra bok gör mig glad.",
        "Jag trivs bäst utomhus, oavsett väder.",
    ),
}


def _bundles(prices: list[tuple[int, int]], currency: str) -> list[Bundle]:
    return [Bundle(id=0, site_id=0, credits=credits, price=price, currency=currency)
            for credits, price in prices]


# Credit bundles of the demo sites: bigger bundles cost less per credit.
DEMO_BUNDLES = {
    "EUR": _bundles([(100, 1499), (250, 2999), (600, 5999), (1500, 11999)], "EUR"),
    "USD": _bundles([(100, 1699), (250, 3399), (600, 6799), (1500, 13499)], "USD"),
    "GBP": _bundles([(100, 1299), (250, 2599), (600, 5199), (1500, 10399)], "GBP"),
    "SEK": _bundles([(100, 16900), (250, 33900), (600, 67900), (1500, 134900)], "SEK"),
    "NOK": _bundles([(100, 16900), (250, 33900), (600, 67900), (1500, 134900)], "NOK"),
    "DKK": _bundles([(100, 11200), (250, 22400), (600, 44900), (1500, 89900)], "DKK"),
    "PLN": _bundles([(100, 6499), (250, 12999), (600, 25999), (1500, 51999)], "PLN"),
}

# The fictional-profile wording every new site starts with (`amora sites add` without a
# template): it names no brand.
STANDARD_TEXTS: Mapping[str, Mapping[str, str]] = {
    "fictional_singular": _FICTIONAL_SINGULAR, "fictional_plural": _FICTIONAL_PLURAL,
    "fictional_warning": _FICTIONAL_WARNING,
}
STANDARD_BUNDLES = DEMO_BUNDLES
