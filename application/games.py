"""The matching games (issue 5): the swipe game with its daily likes, the match-finder
and the matches proposed right after signup. Scores come from domain.matching.

Each shows only members who would want the viewer too (issue 29.1: their sexuality
seeks the viewer's gender, domain.matching.mutual), unless the member widens the
match-finder to everyone on purpose; fictional profiles come after every real member
(issue 29.3)."""

from __future__ import annotations

from datetime import date, datetime

import attrs

from application.ports.clock import Clock
from application.ports.discovery import CandidateCard, SearchQuery
from application.ports.events import EventBus, member_channel
from application.ports.transaction import UnitFactory
from application.ports.units import SocialUnit
from application.shared.cards import GameCard, ShortProfile
from application.shared.liking import like_event, like_member, shared_site_ids
from application.shared.listings import listed
from application.shared.lookups import existing_member, site_of_member
from application.shared.outbox import notify_later
from domain.discovery import DECK_ORDER, MAX_AGE, birth_dates_for
from domain.errors import DomainError
from domain.likes import SwipeAllowance, swipe_day
from domain.matching import AGE_SLACK, Wishes, best_matches
from domain.members import Member, Profile
from domain.sites import LEGAL_MIN_AGE, Site

DECK_SIZE = 10
MATCHES_SHOWN = 12
POOL_SIZE = 200  # newest candidates scored per question; scoring is cheap, reading is not


@attrs.frozen
class Allowance:
    """Today's likes in the swipe game."""

    limit: int  # likes a day (site setting)
    remaining: int
    resets_at: datetime  # the next local midnight of the site

    @classmethod
    def of(cls, allowance: SwipeAllowance) -> Allowance:
        return cls(allowance.limit, allowance.remaining, allowance.reset_at)


@attrs.frozen
class SwipeDeck(Allowance):
    cards: list[GameCard]


@attrs.frozen
class Swiped(Allowance):
    """A card swiped away (no like)."""

    match: bool


@attrs.frozen
class SwipedLike(Swiped):
    """A card swiped with a like: who it was, and whether it made a match."""

    profile: ShortProfile


@attrs.frozen
class MatchCard(GameCard):
    score: int  # 0-100
    shared_interests: list[str]


@attrs.frozen
class Matches:
    matches: list[MatchCard]
    mutual: bool  # only members who would want the viewer too (False: everyone, by choice)


@attrs.frozen
class Games:
    uow: UnitFactory[SocialUnit]
    clock: Clock
    events: EventBus

    # --- swipe game ---------------------------------------------------------------

    def swipe_deck(self, viewer: Member) -> SwipeDeck:
        now = self.clock.now()
        # Reads only, searches among them: as a member search (Discovery.search).
        with self.uow(reads_only=True, searches=True) as uow:
            site = site_of_member(uow, viewer)
            allowance = self._allowance(uow, site, viewer, now)
            cards = self._deck(uow, site, viewer, now.date())
        return SwipeDeck(**attrs.asdict(Allowance.of(allowance), recurse=False),
                         cards=[GameCard.of_candidate(card, now.date()) for card in cards])

    def _deck(self, uow: SocialUnit, site: Site, viewer: Member,
              today: date) -> list[CandidateCard]:
        """Faces only (domain.discovery.DECK_ORDER) of the gender the member seeks and
        who would want them too; real members before any fictional profile (so one is
        never the first card), each of the member's age range first and then of any
        age, so the deck runs dry only when nobody is left to swipe."""
        wished = Wishes.of(viewer.profile, today)
        cards: list[CandidateCard] = []
        for fictional in (False, True):
            for low, high in ((wished.min_age, wished.max_age), (LEGAL_MIN_AGE, MAX_AGE)):
                query = attrs.evolve(
                    self._query(uow, site, viewer, wished.gender, low, high, today,
                                not_swiped=True),
                    exclude=tuple(card.id for card in cards), fictional=fictional)
                cards += listed(
                    uow, lambda part, limit, _: uow.discovery.candidates(part, limit),
                    query, DECK_SIZE - len(cards), order=DECK_ORDER)
                if len(cards) >= DECK_SIZE:
                    return cards
        return cards

    def swipe(self, viewer: Member, member_id: int, like: bool) -> Swiped:
        """One card swiped: a like counts against today's allowance and may match."""
        now = self.clock.now()
        with self.uow() as uow:
            uow.members.lock(viewer.id)  # two tabs cannot both take the last like
            site = site_of_member(uow, viewer)
            allowance = self._allowance(uow, site, viewer, now)
            if like:
                allowance.check()
            existing_member(uow, member_id)
            if member_id == viewer.id:
                raise DomainError("cannot_like_self")
            if uow.likes.swiped(viewer.id, member_id):
                raise DomainError("already_swiped")
            liked = like_member(uow, viewer, member_id, now) if like else None
            uow.likes.swipe(viewer.id, member_id, like, now)
            event = like_event(viewer, bool(liked and liked.match), now.date())
            if like:
                notify_later(uow, member_channel(member_id), event)
            uow.commit()
        if like:
            self.events.publish(member_channel(member_id), event)
        left = Allowance.of(attrs.evolve(allowance, used=allowance.used + (1 if like else 0)))
        if liked is None:
            return Swiped(**attrs.asdict(left, recurse=False), match=False)
        return SwipedLike(**attrs.asdict(left, recurse=False), match=liked.match,
                          profile=liked.profile)

    @staticmethod
    def _allowance(uow: SocialUnit, site: Site, viewer: Member,
                   now: datetime) -> SwipeAllowance:
        day = swipe_day(now, site.time_zone)
        used = uow.likes.swipe_likes_between(viewer.id, day.start, day.reset_at)
        return SwipeAllowance(limit=site.swipe_likes_per_day, used=used, reset_at=day.reset_at)

    # --- match-finder and signup matches ------------------------------------------

    def match_finder(self, viewer: Member, wishes: Wishes, everyone: bool = False) -> Matches:
        """The gender the member picks is kept, and only members of it who would want
        them are shown, unless ``everyone``: both genders, whatever they seek."""
        # Open to every member: the spec lists the match-finder among the matching
        # games and names no premium limit for it (issue 19.8).
        if everyone:
            wishes = attrs.evolve(wishes, gender=None)
        return Matches(self._best(viewer, wishes, mutual=not everyone), mutual=not everyone)

    def signup_matches(self, viewer: Member) -> Matches:
        today = self.clock.now().date()
        return Matches(self._best(viewer, Wishes.of(viewer.profile, today), mutual=True),
                       mutual=True)

    def _best(self, viewer: Member, wishes: Wishes, mutual: bool) -> list[MatchCard]:
        today = self.clock.now().date()
        with self.uow(reads_only=True, searches=True) as uow:
            site = site_of_member(uow, viewer)
            # Ages just outside the wish still score a little, so they join the pool.
            low = max(LEGAL_MIN_AGE, wishes.min_age - AGE_SLACK)
            high = min(99, wishes.max_age + AGE_SLACK)
            cards: dict[int, CandidateCard] = {}
            for country in dict.fromkeys((wishes.country, None)):
                query = self._query(uow, site, viewer, wishes.gender, low, high, today,
                                    country=country, mutual=mutual)
                for card in uow.discovery.candidates(query, POOL_SIZE):
                    cards.setdefault(card.id, card)
        candidates = [(member_id, _profile_of(card)) for member_id, card in cards.items()]
        fictional = {member_id for member_id, card in cards.items() if card.is_fictional}
        ranked = best_matches(viewer.profile, wishes, candidates, today, MATCHES_SHOWN,
                              fictional=fictional)
        return [MatchCard(**attrs.asdict(GameCard.of_candidate(cards[member_id], today),
                                         recurse=False), score=score,
                          shared_interests=sorted(set(wishes.interests)
                                                  & set(cards[member_id].interests)))
                for member_id, score in ranked]

    @staticmethod
    def _query(uow: SocialUnit, site: Site, viewer: Member, gender: str | None, low: int,
               high: int, today: date, country: str | None = None,
               not_swiped: bool = False, mutual: bool = True) -> SearchQuery:
        born_from, born_until = birth_dates_for(low, high, today)
        site_ids = shared_site_ids(uow, site)
        return SearchQuery(site_ids=site_ids, viewer_id=viewer.id, born_from=born_from,
                           born_until=born_until, gender=gender, country=country,
                           not_liked=True, not_swiped=not_swiped,
                           wanting=viewer.profile.gender if mutual else None)


def _profile_of(card: CandidateCard) -> Profile:
    return Profile(name=card.name, gender=card.gender, birth_date=card.birth_date,
                   country=card.country, region=card.region, sexuality=card.sexuality,
                   interests=card.interests)
