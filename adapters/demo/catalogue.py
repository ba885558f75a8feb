"""The demo catalogue (`amora demo seed`): three operating companies, three branded
sites, and the words demo members use to describe themselves. Pure data, built from
domain values; the sites' fictional-profile wording and bundles are the standard ones.

Sites name their company by its position in ``COMPANIES`` (ids 1, 2, 3); the seeder
maps those to the ids the database hands out.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from application.shared.site_defaults import (
    FICTIONAL_PLURAL,
    FICTIONAL_SINGULAR,
    FICTIONAL_WARNING,
    STANDARD_BUNDLES,
)
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
# The footer's tagline and the home page's lead, shown to visitors whose place the site
# does not know: they promise no one "near you" (issue 29).
_AMORA_DESCRIPTION = {
    "da": "Mød åbensindede singler. Chat, flirt og find dit match på Amora.",
    "de": "Lerne aufgeschlossene Singles kennen. Chatte, flirte und finde dein Match auf Amora.",
    "en": "Meet open-minded singles. Chat, flirt and find your match on Amora.",
    "es": "Conoce a solteros de mente abierta. Chatea, liga y encuentra a tu pareja ideal en "
          "Amora.",
    "fi": "Tapaa avarakatseisia sinkkuja. Juttele, flirttaile ja löydä sopiva seuralainen "
          "Amorasta.",
    "fr": "Rencontrez des célibataires ouverts d'esprit. Discutez, flirtez et trouvez la bonne "
          "personne sur Amora.",
    "it": "Conosci single di mentalità aperta. Chatta, flirta e trova la persona giusta su Amora.",
    "nb": "Møt åpensinnede singler. Chat, flørt og finn din match på Amora.",
    "nl": "Ontmoet ruimdenkende singles. Chat, flirt en vind je match op Amora.",
    "pl": "Poznaj otwartych singli. Czatuj, flirtuj i znajdź swoją drugą połówkę w serwisie "
          "Amora.",
    "sv": "Träffa öppensinnade singlar. Chatta, flörta och hitta din match på Amora.",
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
        fictional_warning=FICTIONAL_WARNING,
        fictional_singular=FICTIONAL_SINGULAR,
        fictional_plural=FICTIONAL_PLURAL,
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
            "de": "Lerne schwule und bisexuelle Männer kennen. Chatte, flirte und finde dein "
                  "Match auf Amora Gay.",
            "en": "Meet gay and bisexual men. Chat, flirt and find your match on Amora Gay.",
            "nl": "Ontmoet homo- en biseksuele mannen. Chat, flirt en vind je match op "
                  "Amora Gay.",
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


# The demo sites offer the standard bundles.
DEMO_BUNDLES = STANDARD_BUNDLES
