"""The terms of a chat's next message, around domain.chat's rules: whom the sender may
write, both members' sites and the recipient as the send read it, the situation once a
message went out, and why the next one would be refused. application.chat's sends and
screens use them."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from application.ports.chat import Conversation, SendFacts
from application.ports.units import ChatUnit
from application.shared.lookups import site_of_member
from domain.chat import SendSituation, check_send
from domain.discovery import findable
from domain.errors import DomainError
from domain.members import Member
from domain.sites import Site


def reachable(uow: ChatUnit, viewer: Member, recipient: Member,
              conversation: Conversation | None) -> bool:
    """Findable, or invisible but the recipient made first contact (wrote or liked)."""
    if findable(recipient):
        return True
    if not (recipient.invisible and findable(attrs.evolve(recipient, invisible=False))):
        return False
    wrote = conversation is not None and uow.chats.has_written(conversation.id, recipient.id)
    return wrote or uow.likes.get(recipient.id, viewer.id) is not None


# A site by its id from this process's memory of the sites (SiteDirectory.get).
KnownSites = Callable[[int], Site | None]


def sites_of(uow: ChatUnit, known: KnownSites | None, viewer: Member,
             recipient: Member | None) -> tuple[Site, Site | None]:
    """The sender's site, or (theirs is gone) the default one; the recipient's, if any.

    From the process's memory of the sites when there is one (``known``), else read. A
    send takes them from memory (issue 36.3): reading both members' sites with their
    settings cost a chat message more CPU than the rest of its read. They are at most
    SITES_FRESH_FOR old, as every page's terms are, and a change made in this process is
    seen at once; the message and its charge still go in the send's one transaction."""

    def site(site_id: int) -> Site | None:
        found = known(site_id) if known is not None else None
        return found if found is not None else uow.sites.get(site_id)

    mine = site(viewer.site_id) or site_of_member(uow, viewer)
    theirs = None if recipient is None else (
        mine if recipient.site_id == mine.id else site(recipient.site_id))
    return mine, theirs


def recipient_of(facts: SendFacts) -> Member:
    if facts.recipient is None:
        raise DomainError("member_not_found")
    return facts.recipient


def after_sending(situation: SendSituation, balance: int, free: bool) -> SendSituation:
    """The situation of the next message once this one (or a gift) went out."""
    left_today = situation.conversations_left_today
    return attrs.evolve(situation, new_conversation=False, balance=balance,
                        conversations_started=situation.conversations_started
                        + situation.new_conversation,
                        free_messages_used=situation.free_messages_used + free,
                        conversations_left_today=None if left_today is None
                        else max(0, left_today - situation.new_conversation))


def refusal(situation: SendSituation) -> str | None:
    """Why the next message would be refused (shown before typing), or None."""
    try:
        check_send(situation)
    except DomainError as refused:
        return refused.code
    return None
