"""Conversations: send (paid or free by the domain's rules), list, read, page back through
history, delete, typing (issue 6). A message is stored, and paid for, in one unit of
work; only after the commit do the events go out to both members' open connections.

Split by business (issue 35.1): Chat sends and shows the screen and history of one
conversation; the kept conversations (list, read, hide, typing) are
application.chat_conversations', a locked photo bought application.chat_photo_unlocks',
the terms of the next message application.chat_terms'."""

from __future__ import annotations

import attrs

from application.chat_conversations import ChatConversations, ConversationRef
from application.chat_photo_unlocks import ChatPhotoUnlocks
from application.chat_terms import after_sending, reachable, recipient_of, refusal, sites_of
from application.ports.chat import Icebreakers, Message, SendFacts
from application.ports.clock import Clock
from application.ports.events import EventBus, NewMessage, member_channel
from application.ports.transaction import UnitFactory
from application.ports.units import ChatUnit
from application.shared.cards import ShortProfile, short_profile
from application.shared.holds import MessageShield
from application.shared.ledger import book, credits_event
from application.shared.lookups import site_of_member
from application.shared.opener_limits import allowance, opener_findings, record_opener
from application.shared.photo_links import PhotoLinks
from application.shared.site_directory import SiteDirectory
from application.shared.visibility import profile_open
from domain.chat import HISTORY_PAGE, SendSituation, SendTerms, check_send, clean_text, send_terms
from domain.credits import EntryKind
from domain.discovery import shares_members
from domain.errors import DomainError
from domain.gifts import CATALOGUE, gift
from domain.gifts import price as gift_price
from domain.members import AccountStatus, Member, refuse_unless_signed_in
from domain.openers import openers_for
from domain.ranking import shared_interests
from domain.sites import Site


@attrs.frozen
class Sent:
    """A message (or gift) sent, the balance after it, and the next message's terms."""

    message: Message
    credits: int
    terms: SendTerms
    refusal: str | None  # why the next message would be refused, if it would


@attrs.frozen
class GiftPrice:
    key: str
    price: int  # credits


@attrs.frozen
class GiftShelf:
    gifts: list[GiftPrice]
    credits: int


@attrs.frozen
class ChatScreen:
    """The chat with a member before opening a conversation's history."""

    conversation: int | None  # the pair's conversation, if there is one
    profile: ShortProfile
    terms: SendTerms
    refusal: str | None


@attrs.frozen
class History:
    """A page of a conversation's messages, oldest first, and the next message's terms."""

    conversation: ConversationRef
    profile: ShortProfile
    messages: list[Message]
    has_more: bool  # older messages are left
    terms: SendTerms
    refusal: str | None


@attrs.frozen
class Chat(ChatConversations, ChatPhotoUnlocks):
    uow: UnitFactory[ChatUnit]
    clock: Clock
    events: EventBus
    # Signs an unlocked photo's names for its buyer; without it (tests of other things)
    # the names are plain, which /media/ refuses for a locked photo.
    photo_links: PhotoLinks | None = None
    icebreakers: Icebreakers | None = None
    # The scam shield (issue 31.2); without it (tests of other things) nothing is screened.
    shield: MessageShield | None = None
    # The process's memory of the sites (issue 36.3); without it the sites are read.
    sites: SiteDirectory | None = None

    def _sites(self, uow: ChatUnit, viewer: Member, facts: SendFacts
               ) -> tuple[Site, Site | None]:
        """The sender's site and the recipient's (application.chat_terms.sites_of)."""
        return sites_of(uow, self.sites.get if self.sites else None, viewer,
                        facts.recipient)

    def _situation(self, uow: ChatUnit, viewer: Member, recipient: Member,
                   facts: SendFacts, sites: tuple[Site, Site | None] | None = None
                   ) -> SendSituation:
        """The terms of a message to ``recipient``, from what was read of them (facts) and
        both members' sites (looked up unless given)."""
        site, theirs = sites or self._sites(uow, viewer, facts)
        conversation = facts.conversation
        # The daily cap of new conversations (issue 31.2) matters only for a new one.
        today = (allowance(uow, viewer, self.clock.now(), held=facts.held, site=site)
                 if conversation is None else None)
        return SendSituation(
            sender_confirmed=viewer.status is AccountStatus.ACTIVE,
            sender_paid=viewer.paid_user,
            blocked_either_way=facts.blocked_either_way,
            recipient_reachable=(theirs is not None and shares_members(site, theirs)
                                 and viewer.id != recipient.id
                                 and reachable(uow, viewer, recipient, conversation)),
            new_conversation=conversation is None,
            conversations_started=facts.conversations_started,
            free_messages=site.free_messages,
            free_messages_used=facts.free_messages_used,
            cost=site.minimum_message_cost(viewer.profile.country),
            balance=facts.balance,
            conversations_left_today=today.left if today else None,
            daily_conversations=today.cap if today else None,
        )

    def send(self, viewer: Member, member_id: int, text: str,
             key: str | None = None, confirmed: bool = False) -> Sent:
        """A flagged text is refused with the nudge unless the sender `confirmed` it; then
        it goes out with its flags (the recipient is warned), or waits if the sender is
        held."""
        now = self.clock.now()
        with self.uow() as uow:
            # One send of this member at a time: the free allowance and the idempotency
            # key are counted and checked below, so two sends must not count together.
            # The lock and every fact the send depends on are one read (issue 36.3).
            facts = uow.chats.send_facts(viewer.id, member_id, key, lock=True)
            refuse_unless_signed_in(facts.sender_status)
            sites = self._sites(uow, viewer, facts)
            text = clean_text(text, sites[0].message_length)
            recipient = recipient_of(facts)
            conversation = facts.conversation
            # A retry of a send that went through (free or paid) is told so, first.
            if facts.sent_with_key:
                raise DomainError("already_sent")
            situation = self._situation(uow, viewer, recipient, facts, sites)
            terms = check_send(situation)
            # Screened after the rules of sending: a refused message needs no nudge. An
            # opener is also checked against the sender's others of the day (issue 31.2).
            mass = (opener_findings(uow, viewer, recipient, text, now)
                    if conversation is None and self.shield else [])
            flags = self.shield.flags(text, confirmed, mass) if self.shield else ()
            held = (self.shield.held(uow, viewer, flags, now, held_already=facts.held)
                    if self.shield else False)
            conversation_id = (conversation.id if conversation
                               else uow.chats.start(viewer.id, recipient.id, now))
            # A waiting message is delivered (and notified) on release; the notice of one
            # that is not is written with it (notify_later's, in the same statement).
            message = uow.chats.add_message(conversation_id, viewer.id, text, now,
                                            terms.cost, terms.free, key=key, flags=flags,
                                            held=held, notify=None if held else recipient.id)
            if conversation is None:
                record_opener(uow, viewer, recipient, text, now)
            balance = (book(uow, viewer.id, EntryKind.MESSAGE, terms.cost,
                            f"message:{message.id}", f"message {message.id}", now,
                            fresh=True).balance_after if terms.cost else facts.balance)
            # The recipient's unread total as read, and this message (a waiting one is
            # not counted until it is delivered).
            unread = facts.recipient_unread + (not held)
            # The next message's terms follow from this one; no need to ask the database.
            following = after_sending(situation, balance, free=terms.free)
            arrived = NewMessage(message, unread=unread)
            uow.commit()
        # One publish for all: every process hears a message once (issue 36.3).
        self.events.publish_all([
            *([(member_channel(recipient.id), arrived)] if not held else []),
            (member_channel(viewer.id), NewMessage(message)),
            *([(member_channel(viewer.id), credits_event(balance))] if terms.cost else [])])
        return Sent(message, balance, send_terms(following), refusal(following))

    def gifts(self, viewer: Member) -> GiftShelf:
        with self.uow() as uow:
            site = site_of_member(uow, viewer)
            balance = uow.ledger.balance(viewer.id)
        return GiftShelf([GiftPrice(item.key, gift_price(item, site.gift_credits))
                          for item in CATALOGUE], credits=balance)

    def send_gift(self, viewer: Member, member_id: int, key: str) -> Sent:
        """A gift is a paid message: the same rules as a message, at the gift's price
        (never free), and it lands in the conversation."""
        now = self.clock.now()
        item = gift(key)
        with self.uow() as uow:
            facts = uow.chats.send_facts(viewer.id, member_id, lock=True)  # see send
            recipient = recipient_of(facts)
            conversation = facts.conversation
            sites = self._sites(uow, viewer, facts)
            cost = gift_price(item, sites[0].gift_credits)
            situation = self._situation(uow, viewer, recipient, facts, sites)
            check_send(attrs.evolve(situation, cost=cost, free_messages=0))
            # A held sender's gift waits with their messages.
            held = facts.held if self.shield else False
            conversation_id = (conversation.id if conversation
                               else uow.chats.start(viewer.id, recipient.id, now))
            message = uow.chats.add_message(conversation_id, viewer.id, "", now, cost, False,
                                            gift=item.key, held=held,
                                            notify=None if held else recipient.id)  # see send
            balance = (book(uow, viewer.id, EntryKind.GIFT, cost, f"gift:{message.id}",
                            f"gift {item.key} to {recipient.id}", now,
                            fresh=True).balance_after
                       if cost else facts.balance)
            unread = facts.recipient_unread + (not held)
            arrived = NewMessage(message, unread=unread)
            uow.commit()
        if not held:
            self.events.publish(member_channel(recipient.id), arrived)
        self.events.publish(member_channel(viewer.id), NewMessage(message))
        self.events.publish(member_channel(viewer.id), credits_event(balance))
        following = after_sending(situation, balance, free=False)
        return Sent(message, balance, send_terms(following), refusal(following))

    def with_member(self, viewer: Member, member_id: int) -> ChatScreen:
        """The chat screen with a member: the conversation (if any) and the terms of the
        next message, or why none can be sent."""
        today = self.clock.now().date()
        with self.uow() as uow:
            facts = uow.chats.send_facts(viewer.id, member_id)
            recipient = recipient_of(facts)
            conversation = facts.conversation
            situation = self._situation(uow, viewer, recipient, facts)
            if not situation.recipient_reachable or situation.blocked_either_way:
                raise DomainError("member_not_found")
            profile = short_profile(uow, recipient, today)
        return ChatScreen(conversation=conversation.id if conversation else None,
                          profile=profile, terms=send_terms(situation),
                          refusal=refusal(situation))

    def history(self, viewer: Member, conversation_id: int, before: int | None) -> History:
        today = self.clock.now().date()
        with self.uow() as uow:
            conversation, other = self._conversation(uow, viewer, conversation_id)
            site = site_of_member(uow, viewer)
            oldest = uow.chat_queries.oldest_kept(conversation_id, site.chat_history_limit)
            page = uow.chat_queries.history(conversation_id, viewer.id, before, HISTORY_PAGE + 1,
                                     oldest)
            situation = self._situation(uow, viewer, other,
                                        uow.chats.send_facts(viewer.id, other.id))
            profile = short_profile(uow, other, today)
        return History(conversation=ConversationRef(conversation_id), profile=profile,
                       messages=list(reversed(page[:HISTORY_PAGE])),
                       has_more=len(page) > HISTORY_PAGE, terms=send_terms(situation),
                       refusal=refusal(situation))

    def openers(self, viewer: Member, member_id: int | None, language: str) -> list[str]:
        """The opening lines to offer for a conversation with a member, in ``language``.
        A line proposing to meet goes only to a real member the viewer may see: never to
        a fictional profile, and not when the member is unknown, hidden from the viewer
        or not named (then nothing would tell a fictional profile from a hidden one).
        "We have something in common" goes only to a member the viewer may see who shares
        one of the viewer's interests."""
        real_member = in_common = False
        if member_id is not None:
            with self.uow() as uow:
                member = uow.members.get(member_id)
                if member is not None and profile_open(uow, site_of_member(uow, viewer),
                                                       viewer, member):
                    real_member = not member.is_fictional
                    in_common = bool(shared_interests(viewer.profile.interests,
                                                      member.profile.interests))
        lines = self.icebreakers.lines(language) if self.icebreakers else []
        return openers_for(lines, real_member=real_member, in_common=in_common)
