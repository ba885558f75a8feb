"""The matching games (issue 5): the swipe game with its daily likes, the match-finder
and the matches proposed right after signup. Scores come from domain.matching."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import attrs

from application.accounts import existing_member, site_of_member
from application.likes import like_event, like_member, public_card, shared_site_ids
from application.notifications import notify_later
from application.ports.clock import Clock
from application.ports.discovery import SearchQuery
from application.ports.events import EventBus, member_channel
from application.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from domain.discovery import birth_dates_for
from domain.errors import DomainError
from domain.likes import SwipeAllowance, swipe_day
from domain.matching import AGE_SLACK, Wishes, best_matches, wanted_gender
from domain.members import Member, Profile
from domain.premium import MATCH_FINDER, require_feature
from domain.sites import LEGAL_MIN_AGE, Site

DECK_SIZE = 10
MATCHES_SHOWN = 12
POOL_SIZE = 200  # newest candidates scored per question; scoring is cheap, reading is not


@attrs.frozen
class Games:
    uow: UnitOfWorkFactory
    clock: Clock
    events: EventBus

    # --- swipe game ---------------------------------------------------------------

    def swipe_deck(self, viewer: Member) -> dict[str, Any]:
        now = self.clock.now()
        with self.uow() as uow:
            site = site_of_member(uow, viewer)
            allowance = self._allowance(uow, site, viewer, now)
            query = self._query(uow, site, viewer, wanted_gender(viewer.profile),
                                 LEGAL_MIN_AGE, 99, now.date(), not_swiped=True)
            cards = uow.discovery.candidates(query, DECK_SIZE)
        return {"cards": [_game_card(row, now.date()) for row in cards],
                **_allowance_fields(allowance)}

    def swipe(self, viewer: Member, member_id: int, like: bool) -> dict[str, Any]:
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
            answer = like_member(uow, viewer, member_id, now) if like else {"match": False}
            uow.likes.swipe(viewer.id, member_id, like, now)
            event = like_event(viewer, answer, now.date())
            if like:
                notify_later(uow, member_channel(member_id), event)
            uow.commit()
        if like:
            self.events.publish(member_channel(member_id), event)
        used = allowance.used + (1 if like else 0)
        return {**answer, **_allowance_fields(attrs.evolve(allowance, used=used))}

    @staticmethod
    def _allowance(uow: UnitOfWork, site: Site, viewer: Member,
                   now: datetime) -> SwipeAllowance:
        day = swipe_day(now, site.time_zone)
        used = uow.likes.swipe_likes_between(viewer.id, day.start, day.reset_at)
        return SwipeAllowance(limit=site.swipe_likes_per_day, used=used, reset_at=day.reset_at)

    # --- match-finder and signup matches ------------------------------------------

    def match_finder(self, viewer: Member, wishes: Wishes) -> dict[str, Any]:
        require_feature(viewer, MATCH_FINDER)
        return {"matches": self._best(viewer, wishes)}

    def signup_matches(self, viewer: Member) -> dict[str, Any]:
        today = self.clock.now().date()
        return {"matches": self._best(viewer, Wishes.of(viewer.profile, today))}

    def _best(self, viewer: Member, wishes: Wishes) -> list[dict[str, Any]]:
        today = self.clock.now().date()
        with self.uow() as uow:
            site = site_of_member(uow, viewer)
            # Ages just outside the wish still score a little, so they join the pool.
            low = max(LEGAL_MIN_AGE, wishes.min_age - AGE_SLACK)
            high = min(99, wishes.max_age + AGE_SLACK)
            rows: dict[int, dict[str, Any]] = {}
            for country in dict.fromkeys((wishes.country, None)):
                query = self._query(uow, site, viewer, wishes.gender, low, high, today,
                                    country=country)
                for row in uow.discovery.candidates(query, POOL_SIZE):
                    rows.setdefault(row["id"], row)
        candidates = [(member_id, _profile_of(row)) for member_id, row in rows.items()]
        ranked = best_matches(viewer.profile, wishes, candidates, today, MATCHES_SHOWN)
        return [{**_game_card(rows[member_id], today), "score": score,
                 "shared_interests": sorted(set(wishes.interests) & set(rows[member_id]
                                                                        ["interests"]))}
                for member_id, score in ranked]

    @staticmethod
    def _query(uow: UnitOfWork, site: Site, viewer: Member, gender: str | None, low: int,
               high: int, today: date, country: str | None = None,
               not_swiped: bool = False) -> SearchQuery:
        born_from, born_until = birth_dates_for(low, high, today)
        site_ids = shared_site_ids(uow, site)
        return SearchQuery(site_ids=site_ids, viewer_id=viewer.id, born_from=born_from,
                           born_until=born_until, gender=gender, country=country,
                           not_liked=True, not_swiped=not_swiped)


def _profile_of(row: dict[str, Any]) -> Profile:
    return Profile(name=row["name"], gender=row["gender"], birth_date=row["birth_date"],
                   country=row["country"], region=row["region"], sexuality=row["sexuality"],
                   interests=tuple(row["interests"]))


def _game_card(row: dict[str, Any], today: date) -> dict[str, Any]:
    card = public_card(row, today)
    card["interests"] = list(row["interests"])
    card.pop("sexuality", None)
    return card


def _allowance_fields(allowance: SwipeAllowance) -> dict[str, Any]:
    return {"limit": allowance.limit, "remaining": allowance.remaining,
            "resets_at": allowance.reset_at}
