"""A member's own profile on in-memory ports: changes checked and saved (trimmed, a new
country's region cleared, a filled profile listed first), the scam shield's nudge on a
flagged text and its flags once confirmed, the reason shown under a rejected photo, and
the regions of a country."""

from __future__ import annotations

import attrs
import pytest

from application.profiles import Profiles
from application.shared.decisions import record_decision
from application.shared.photo_links import PhotoLinks
from application.shared.screening import ProfileShield, Screening
from domain.decisions import Ground, ItemKind, Restricting, Restriction
from domain.discovery import Listing
from domain.errors import DomainError
from domain.members import Member
from domain.photos import PhotoStatus
from domain.screening import Checks
from domain.sites import Site
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.memory_services import PlainSigner
from tests.application.people import NOW, add_member, add_photo, factory, new_store

REGIONS = {"NL": [("NL-ZH", "Zuid-Holland"), ("NL-UT", "Utrecht")], "DE": [("DE-BE", "Berlin")]}


class Regions:
    def regions(self, country: str, language: str) -> list[tuple[str, str]]:
        return REGIONS.get(country, [])

    def is_region(self, country: str, code: str) -> bool:
        return code in dict(REGIONS.get(country, []))

    def is_country(self, country: str) -> bool:
        return country in REGIONS


class Grounds:
    def describe(self, site: Site, ground: Ground, language: str) -> tuple[str, str]:
        return f"{ground.code} ({language})", "the clause"


@attrs.define
class Home:
    store: MemoryStore
    profiles: Profiles
    ann: Member


def home() -> Home:
    store, clock = new_store(), FixedClock()
    profiles = Profiles(factory(store), clock, Regions(), PhotoLinks(PlainSigner(), clock),
                        Grounds(), ProfileShield(Screening(Checks())))
    return Home(store, profiles, add_member(store, "Ann"))


def test_changes_are_saved_trimmed_and_a_filled_profile_is_listed_first() -> None:
    h = home()
    add_photo(h.store, h.ann, main=True)
    assert h.store.listings[h.ann.id] == Listing.PHOTO.value
    saved = h.profiles.update(h.ann.id, {"name": " Anna ", "city": " Delft ",
                                         "region": "NL-ZH",
                                         "about_me": "Walks by the sea and good books"})
    assert (saved.name, saved.city, saved.region) == ("Anna", "Delft", "NL-ZH")
    assert h.store.members[h.ann.id].profile.name == "Anna"
    assert h.store.listings[h.ann.id] == Listing.PHOTO.value  # no interests yet
    interest = h.profiles.interests()[0]
    h.profiles.update(h.ann.id, {"interests": [interest, interest]})
    assert h.store.members[h.ann.id].profile.interests == (interest,)
    assert h.store.listings[h.ann.id] == Listing.FILLED.value
    moved = h.profiles.update(h.ann.id, {"country": "DE"})
    assert (moved.country, moved.region) == ("DE", None)  # the old region was the Dutch one


def test_bad_changes_are_refused_naming_each_field_and_nothing_is_saved() -> None:
    h = home()
    with pytest.raises(DomainError) as refused:
        h.profiles.update(h.ann.id, {"name": "", "region": "DE-BE"})
    assert refused.value.code == "invalid_fields"
    assert set(refused.value.params["fields"]) == {"name", "region"}
    assert h.store.members[h.ann.id].profile.name == "Ann"
    with pytest.raises(DomainError) as missing:
        h.profiles.own(999)
    assert missing.value.code == "member_not_found"


def test_a_flagged_text_is_nudged_first_and_saved_with_its_flags_when_confirmed() -> None:
    h = home()
    text = "Send money via western union"
    with pytest.raises(DomainError) as nudged:
        h.profiles.update(h.ann.id, {"about_me": text})
    assert nudged.value.code == "profile_text_flagged"
    assert h.store.members[h.ann.id].profile.about_me != text
    saved = h.profiles.update(h.ann.id, {"about_me": text}, confirmed=True)
    assert saved.text_flags == {"name": [], "about": ["money_request", "transfer_service"]}
    cleaned = h.profiles.update(h.ann.id, {"about_me": "Walks by the sea"})
    assert cleaned.text_flags == {"name": [], "about": []}  # a clean new text clears them


def test_a_rejected_photo_shows_why_in_the_screen_s_language() -> None:
    h = home()
    add_photo(h.store, h.ann, main=True)
    rejected = add_photo(h.store, h.ann, status=PhotoStatus.REJECTED)
    with MemoryUnitOfWork(h.store) as uow:
        record_decision(uow, h.ann, Restricting(
            restriction=Restriction.PHOTO_REJECTED, item_kind=ItemKind.PHOTO,
            item_id=str(rejected), facts="Not a photo of you",
            ground=Ground.parse("terms:fake_profile")), "eva", NOW)
        uow.commit()
    photos = {photo.id: photo for photo in h.profiles.own(h.ann.id, language="de").photos}
    reason = photos[rejected].rejection
    assert reason is not None
    assert (reason.facts, reason.ground_title) == ("Not a photo of you", "fake_profile (de)")
    assert photos[1].rejection is None
    assert h.profiles.own(h.ann.id).photos[1].rejection is not None  # her language: nl


def test_the_regions_of_a_country_and_an_unknown_country_refused() -> None:
    h = home()
    assert [r.code for r in h.profiles.regions_of(" nl ", "en")] == ["NL-ZH", "NL-UT"]
    with pytest.raises(DomainError) as unknown:
        h.profiles.regions_of("XX", "en")
    assert unknown.value.code == "invalid_country"
