"""The demo-people port: first names from Faker's locale for the member's country, and a
real town with its ISO 3166-2 region.

Faker's own ``city()`` invents names in several locales ("Port Janetchester" for
en_GB, "Georgesnec" for fr_FR) and knows nothing of regions, so towns come from the
small table below; its region codes are pycountry's first-level subdivisions (the
tests check every one against pycountry).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache

from faker import Faker

from adapters.demo.crowd import DemoPerson

FAKER_LOCALES: Mapping[str, str] = {
    "DK": "da_DK", "DE": "de_DE", "GB": "en_GB", "US": "en_US", "ES": "es_ES", "FI": "fi_FI",
    "FR": "fr_FR", "IT": "it_IT", "NO": "no_NO", "NL": "nl_NL", "PL": "pl_PL", "SE": "sv_SE",
}

# Biggest first: a town's chance falls with its place in the list.
TOWNS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "DK": (
        ("København", "DK-84"), ("Aarhus", "DK-82"), ("Odense", "DK-83"), ("Aalborg", "DK-81"),
        ("Frederiksberg", "DK-84"), ("Esbjerg", "DK-83"), ("Randers", "DK-82"),
        ("Kolding", "DK-83"), ("Horsens", "DK-82"), ("Vejle", "DK-83"), ("Roskilde", "DK-85"),
        ("Næstved", "DK-85"), ("Helsingør", "DK-84"), ("Silkeborg", "DK-82"),
    ),
    "DE": (
        ("Berlin", "DE-BE"), ("Hamburg", "DE-HH"), ("München", "DE-BY"), ("Köln", "DE-NW"),
        ("Frankfurt am Main", "DE-HE"), ("Stuttgart", "DE-BW"), ("Düsseldorf", "DE-NW"),
        ("Leipzig", "DE-SN"), ("Dortmund", "DE-NW"), ("Bremen", "DE-HB"), ("Dresden", "DE-SN"),
        ("Hannover", "DE-NI"), ("Nürnberg", "DE-BY"), ("Mainz", "DE-RP"), ("Kiel", "DE-SH"),
        ("Freiburg im Breisgau", "DE-BW"), ("Rostock", "DE-MV"), ("Erfurt", "DE-TH"),
        ("Potsdam", "DE-BB"), ("Saarbrücken", "DE-SL"), ("Magdeburg", "DE-ST"),
    ),
    "GB": (
        ("London", "GB-ENG"), ("Manchester", "GB-ENG"), ("Birmingham", "GB-ENG"),
        ("Glasgow", "GB-SCT"), ("Leeds", "GB-ENG"), ("Edinburgh", "GB-SCT"),
        ("Bristol", "GB-ENG"), ("Liverpool", "GB-ENG"), ("Cardiff", "GB-WLS"),
        ("Belfast", "GB-NIR"), ("Newcastle upon Tyne", "GB-ENG"), ("Brighton", "GB-ENG"),
        ("Sheffield", "GB-ENG"), ("Nottingham", "GB-ENG"), ("Swansea", "GB-WLS"),
        ("Aberdeen", "GB-SCT"), ("Oxford", "GB-ENG"), ("York", "GB-ENG"),
    ),
    "US": (
        ("New York", "US-NY"), ("Los Angeles", "US-CA"), ("Chicago", "US-IL"),
        ("Houston", "US-TX"), ("Phoenix", "US-AZ"), ("Philadelphia", "US-PA"),
        ("San Diego", "US-CA"), ("Dallas", "US-TX"), ("Austin", "US-TX"),
        ("San Francisco", "US-CA"), ("Seattle", "US-WA"), ("Denver", "US-CO"),
        ("Boston", "US-MA"), ("Miami", "US-FL"), ("Atlanta", "US-GA"), ("Portland", "US-OR"),
        ("Nashville", "US-TN"), ("Minneapolis", "US-MN"), ("New Orleans", "US-LA"),
    ),
    "ES": (
        ("Madrid", "ES-MD"), ("Barcelona", "ES-CT"), ("Valencia", "ES-VC"),
        ("Sevilla", "ES-AN"), ("Zaragoza", "ES-AR"), ("Málaga", "ES-AN"), ("Bilbao", "ES-PV"),
        ("Palma", "ES-IB"), ("Las Palmas de Gran Canaria", "ES-CN"), ("Murcia", "ES-MC"),
        ("Valladolid", "ES-CL"), ("Vigo", "ES-GA"), ("Granada", "ES-AN"), ("Oviedo", "ES-AS"),
        ("Pamplona", "ES-NC"), ("San Sebastián", "ES-PV"), ("A Coruña", "ES-GA"),
    ),
    "FI": (
        ("Helsinki", "FI-18"), ("Espoo", "FI-18"), ("Tampere", "FI-11"), ("Vantaa", "FI-18"),
        ("Oulu", "FI-14"), ("Turku", "FI-19"), ("Jyväskylä", "FI-08"), ("Lahti", "FI-16"),
        ("Kuopio", "FI-15"), ("Vaasa", "FI-12"), ("Joensuu", "FI-13"), ("Rovaniemi", "FI-10"),
    ),
    "FR": (
        ("Paris", "FR-IDF"), ("Marseille", "FR-PAC"), ("Lyon", "FR-ARA"),
        ("Toulouse", "FR-OCC"), ("Nice", "FR-PAC"), ("Nantes", "FR-PDL"),
        ("Montpellier", "FR-OCC"), ("Strasbourg", "FR-GES"), ("Bordeaux", "FR-NAQ"),
        ("Lille", "FR-HDF"), ("Rennes", "FR-BRE"), ("Grenoble", "FR-ARA"),
        ("Rouen", "FR-NOR"), ("Dijon", "FR-BFC"), ("Tours", "FR-CVL"),
    ),
    "IT": (
        ("Roma", "IT-62"), ("Milano", "IT-25"), ("Napoli", "IT-72"), ("Torino", "IT-21"),
        ("Palermo", "IT-82"), ("Genova", "IT-42"), ("Bologna", "IT-45"), ("Firenze", "IT-52"),
        ("Bari", "IT-75"), ("Catania", "IT-82"), ("Venezia", "IT-34"), ("Verona", "IT-34"),
        ("Cagliari", "IT-88"), ("Trieste", "IT-36"), ("Bergamo", "IT-25"), ("Pisa", "IT-52"),
    ),
    "NO": (
        ("Oslo", "NO-03"), ("Bergen", "NO-46"), ("Trondheim", "NO-50"), ("Stavanger", "NO-11"),
        ("Drammen", "NO-30"), ("Fredrikstad", "NO-30"), ("Kristiansand", "NO-42"),
        ("Tromsø", "NO-54"), ("Sandnes", "NO-11"), ("Tønsberg", "NO-38"),
        ("Ålesund", "NO-15"), ("Bodø", "NO-18"), ("Lillehammer", "NO-34"),
    ),
    "NL": (
        ("Amsterdam", "NL-NH"), ("Rotterdam", "NL-ZH"), ("Den Haag", "NL-ZH"),
        ("Utrecht", "NL-UT"), ("Eindhoven", "NL-NB"), ("Groningen", "NL-GR"),
        ("Tilburg", "NL-NB"), ("Almere", "NL-FL"), ("Breda", "NL-NB"), ("Nijmegen", "NL-GE"),
        ("Haarlem", "NL-NH"), ("Arnhem", "NL-GE"), ("Enschede", "NL-OV"),
        ("Maastricht", "NL-LI"), ("Leiden", "NL-ZH"), ("Zwolle", "NL-OV"),
        ("Leeuwarden", "NL-FR"), ("Assen", "NL-DR"), ("Middelburg", "NL-ZE"),
    ),
    "PL": (
        ("Warszawa", "PL-14"), ("Kraków", "PL-12"), ("Wrocław", "PL-02"), ("Łódź", "PL-10"),
        ("Poznań", "PL-30"), ("Gdańsk", "PL-22"), ("Szczecin", "PL-32"),
        ("Bydgoszcz", "PL-04"), ("Lublin", "PL-06"), ("Białystok", "PL-20"),
        ("Katowice", "PL-24"), ("Gdynia", "PL-22"), ("Toruń", "PL-04"), ("Rzeszów", "PL-18"),
        ("Olsztyn", "PL-28"), ("Opole", "PL-16"),
    ),
    "SE": (
        ("Stockholm", "SE-AB"), ("Göteborg", "SE-O"), ("Malmö", "SE-M"), ("Uppsala", "SE-C"),
        ("Linköping", "SE-E"), ("Örebro", "SE-T"), ("Västerås", "SE-U"),
        ("Helsingborg", "SE-M"), ("Norrköping", "SE-E"), ("Jönköping", "SE-F"),
        ("Umeå", "SE-AC"), ("Lund", "SE-M"), ("Gävle", "SE-X"), ("Sundsvall", "SE-Y"),
        ("Luleå", "SE-BD"),
    ),
}


@cache
def _faker(locale: str) -> Faker:
    return Faker(locale)


@cache
def _weights(count: int) -> tuple[float, ...]:
    return tuple(1 / (rank + 1) ** 0.8 for rank in range(count))


class FakerPeople:
    """First names per locale from Faker, seeded per call; towns from ``TOWNS``."""

    def person(self, country: str, gender: str, seed: int) -> DemoPerson:
        faker = _faker(FAKER_LOCALES.get(country, "en_GB"))
        faker.seed_instance(seed)
        name = faker.first_name_female() if gender == "female" else faker.first_name_male()
        towns = TOWNS.get(country, TOWNS["GB"])
        city, region = random.Random(f"town:{seed}").choices(towns, _weights(len(towns)))[0]
        return DemoPerson(name=name, region=region, city=city)
