"""Members as lists and screens show them to others: cards with an age instead of a birth
date (search, likes, the games, landers, chats) and the short profile a like, a match or
a chat is with."""

from __future__ import annotations

from datetime import date, datetime

import attrs

from application.ports.discovery import CandidateCard, MemberCard
from application.ports.likes import GivenLike, ReceivedLike
from application.ports.photos import CardImage
from application.ports.shared_units import PhotosUnit
from domain.members import Member, age_on
from domain.photos import PhotoStatus


@attrs.frozen
class PublicCard:
    id: int
    name: str
    gender: str
    age: int
    country: str
    region: str | None
    city: str | None
    is_fictional: bool
    main_image: CardImage | None

    @classmethod
    def of(cls, card: MemberCard, today: date) -> PublicCard:
        return cls(id=card.id, name=card.name, gender=card.gender,
                   age=age_on(card.birth_date, today), country=card.country,
                   region=card.region, city=card.city, is_fictional=card.is_fictional,
                   main_image=card.main_image)


@attrs.frozen
class LikedCard(PublicCard):
    """A member the viewer likes."""

    liked_at: datetime
    match: bool
    match_new: bool  # a match whose celebration the viewer has not seen

    @classmethod
    def of_like(cls, like: GivenLike, today: date) -> LikedCard:
        return cls(**attrs.asdict(PublicCard.of(like.card, today), recurse=False),
                   liked_at=like.liked_at, match=like.likes_me,
                   match_new=like.likes_me and not like.match_seen)


@attrs.frozen
class LikedByCard(PublicCard):
    """A member who likes the viewer."""

    liked_at: datetime
    like_new: bool  # the viewer has not opened their profile since
    match: bool

    @classmethod
    def of_like(cls, like: ReceivedLike, today: date) -> LikedByCard:
        return cls(**attrs.asdict(PublicCard.of(like.card, today), recurse=False),
                   liked_at=like.liked_at, like_new=like.like_new, match=like.liked_back)


@attrs.frozen
class GameCard(PublicCard):
    interests: list[str]

    @classmethod
    def of_candidate(cls, card: CandidateCard, today: date) -> GameCard:
        return cls(**attrs.asdict(PublicCard.of(card, today), recurse=False),
                   interests=list(card.interests))


@attrs.frozen
class ShortProfile:
    """Who a like, a match or a chat is with: name, age, main photo."""

    id: int
    name: str
    is_fictional: bool
    age: int
    main_image: CardImage | None


def short_profile(uow: PhotosUnit, member: Member, today: date) -> ShortProfile:
    main = uow.photos.main_of(member.id)
    image = (CardImage(main.filename, main.thumb_filename)
             if main and main.status == PhotoStatus.ACTIVE else None)
    return ShortProfile(id=member.id, name=member.profile.name,
                        is_fictional=member.is_fictional,
                        age=age_on(member.profile.birth_date, today), main_image=image)
