"""Conversations: send (paid or free by the domain's rules), list, read, page back through
history, delete, typing (issue 6). A message is stored, and paid for, in one unit of
work; only after the commit do the events go out to both members' open connections."""

from __future__ import annotations

import attrs

from application.ports.chat import Conversation, Icebreakers, Message, SendFacts
from application.ports.clock import Clock
from application.ports.events import (
    EventBus,
    MessagesRead,
    NewMessage,
    Typing,
    UnreadCount,
    member_channel,
)
from application.ports.transaction import UnitFactory
from application.ports.units import ChatUnit
from application.shared.cards import PublicCard, ShortProfile, short_profile
from application.shared.holds import MessageShield
from application.shared.ledger import book, credits_event
from application.shared.lookups import existing_member, site_of_member
from application.shared.opener_limits import allowance, opener_findings, record_opener
from application.shared.outbox import notify_later
from application.shared.photo_links import PhotoLinks
from application.shared.visibility import MemberPhoto, gallery, profile_open
from domain.chat import HISTORY_PAGE, SendSituation, SendTerms, check_send, clean_text, send_terms
from domain.credits import EntryKind
from domain.discovery import findable, shares_members
from domain.errors import DomainError
from domain.gifts import CATALOGUE, gift
from domain.gifts import price as gift_price
from domain.members import AccountStatus, Member
from domain.openers import openers_for
from domain.photos import check_unlockable
from domain.premium import READ_RECEIPTS, has_feature
from domain.privacy import Signal, online_status, signal_passes
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
class UnlockedPhoto:
    photo: MemberPhoto
    credits: int


@attrs.frozen
class ChatScreen:
    """The chat with a member before opening a conversation's history."""

    conversation: int | None  # the pair's conversation, if there is one
    profile: ShortProfile
    terms: SendTerms
    refusal: str | None


@attrs.frozen
class ConversationRef:
    id: int


@attrs.frozen
class ChatEntry:
    conversation: ConversationRef
    profile: PublicCard  # the other member
    num_unread_messages: int
    last_message: Message | None
    # The other member is online; None when either of the two hides it (quiet mode).
    online: bool | None = None


@attrs.frozen
class ChatList:
    chats: list[ChatEntry]


@attrs.frozen
class History:
    """A page of a conversation's messages, oldest first, and the next message's terms."""

    conversation: ConversationRef
    profile: ShortProfile
    messages: list[Message]
    has_more: bool  # older messages are left
    terms: SendTerms
    refusal: str | None


def _reachable(uow: ChatUnit, viewer: Member, recipient: Member,
               conversation: Conversation | None) -> bool:
    """Findable, or invisible but the recipient made first contact (wrote or liked)."""
    if findable(recipient):
        return True
    if not (recipient.invisible and findable(attrs.evolve(recipient, invisible=False))):
        return False
    wrote = conversation is not None and uow.chats.has_written(conversation.id, recipient.id)
    return wrote or uow.likes.get(recipient.id, viewer.id) is not None


@attrs.frozen
class Chat:
    uow: UnitFactory[ChatUnit]
    clock: Clock
    events: EventBus
    # Signs an unlocked photo's names for its buyer; without it (tests of other things)
    # the names are plain, which /media/ refuses for a locked photo.
    photo_links: PhotoLinks | None = None
    icebreakers: Icebreakers | None = None
    # The scam shield (issue 31.2); without it (tests of other things) nothing is screened.
    shield: MessageShield | None = None

    def _situation(self, uow: ChatUnit, viewer: Member, recipient: Member,
                   facts: SendFacts) -> SendSituation:
        """The terms of a message to ``recipient``, from what was read of them (facts)."""
        site = _site(uow, viewer, facts)
        theirs, conversation = facts.recipient_site, facts.conversation
        # The daily cap of new conversations (issue 31.2) matters only for a new one.
        today = allowance(uow, viewer, self.clock.now()) if conversation is None else None
        return SendSituation(
            sender_confirmed=viewer.status is AccountStatus.ACTIVE,
            sender_paid=viewer.paid_user,
            blocked_either_way=facts.blocked_either_way,
            recipient_reachable=(theirs is not None and shares_members(site, theirs)
                                 and viewer.id != recipient.id
                                 and _reachable(uow, viewer, recipient, conversation)),
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
            text = clean_text(text, _site(uow, viewer, facts).message_length)
            recipient = _recipient(facts)
            conversation = facts.conversation
            # A retry of a send that went through (free or paid) is told so, first.
            if facts.sent_with_key:
                raise DomainError("already_sent")
            situation = self._situation(uow, viewer, recipient, facts)
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
            message = uow.chats.add_message(conversation_id, viewer.id, text, now,
                                            terms.cost, terms.free, key=key, flags=flags,
                                            held=held)
            if conversation is None:
                record_opener(uow, viewer, recipient, text, now)
            balance = (book(uow, viewer.id, EntryKind.MESSAGE, terms.cost,
                            f"message:{message.id}", f"message {message.id}", now,
                            fresh=True).balance_after if terms.cost else facts.balance)
            # The recipient's unread total as read, and this message (a waiting one is
            # not counted until it is delivered).
            unread = facts.recipient_unread + (not held)
            # The next message's terms follow from this one; no need to ask the database.
            following = _after_sending(situation, balance, free=terms.free)
            arrived = NewMessage(message, unread=unread)
            if not held:  # a waiting message is delivered (and notified) on release
                notify_later(uow, member_channel(recipient.id), arrived)
            uow.commit()
        if not held:
            self.events.publish(member_channel(recipient.id), arrived)
        self.events.publish(member_channel(viewer.id), NewMessage(message))
        if terms.cost:
            self.events.publish(member_channel(viewer.id), credits_event(balance))
        return Sent(message, balance, send_terms(following), _refusal(following))

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
            recipient = _recipient(facts)
            conversation = facts.conversation
            cost = gift_price(item, _site(uow, viewer, facts).gift_credits)
            situation = self._situation(uow, viewer, recipient, facts)
            check_send(attrs.evolve(situation, cost=cost, free_messages=0))
            # A held sender's gift waits with their messages.
            held = facts.held if self.shield else False
            conversation_id = (conversation.id if conversation
                               else uow.chats.start(viewer.id, recipient.id, now))
            message = uow.chats.add_message(conversation_id, viewer.id, "", now, cost, False,
                                            gift=item.key, held=held)
            balance = (book(uow, viewer.id, EntryKind.GIFT, cost, f"gift:{message.id}",
                            f"gift {item.key} to {recipient.id}", now,
                            fresh=True).balance_after
                       if cost else facts.balance)
            unread = facts.recipient_unread + (not held)
            arrived = NewMessage(message, unread=unread)
            if not held:
                notify_later(uow, member_channel(recipient.id), arrived)
            uow.commit()
        if not held:
            self.events.publish(member_channel(recipient.id), arrived)
        self.events.publish(member_channel(viewer.id), NewMessage(message))
        self.events.publish(member_channel(viewer.id), credits_event(balance))
        following = _after_sending(situation, balance, free=False)
        return Sent(message, balance, send_terms(following), _refusal(following))

    def unlock_photo(self, viewer: Member, member_id: int, photo_id: int) -> UnlockedPhoto:
        """A free member opens one locked photo for the site's photo_credits. Only a photo
        locked to this viewer can be bought (domain.photos.photo_access): behind a block,
        an invisible or foreign-site member, or the main photo, nothing is sold."""
        now = self.clock.now()
        with self.uow() as uow:
            uow.members.lock(viewer.id)  # one paid action of this member at a time
            viewer = existing_member(uow, viewer.id)
            site = site_of_member(uow, viewer)
            member = uow.members.get(member_id)
            photos = [] if member is None else gallery(
                uow, viewer, member, profile_open(uow, site, viewer, member))
            found = next((pair for pair in photos if pair[0].id == photo_id), None)
            if found is None:
                raise DomainError("photo_not_found")
            photo, access = found
            if photo_id not in uow.chats.unlocked(viewer.id):  # a retry is charged nothing
                check_unlockable(access)
                if site.photo_credits:
                    book(uow, viewer.id, EntryKind.PHOTO, site.photo_credits,
                         f"photo:{photo_id}", f"photo {photo_id} of {member_id}", now)
                uow.chats.unlock(viewer.id, photo_id, now)
            balance = uow.ledger.balance(viewer.id)
            uow.commit()
        self.events.publish(member_channel(viewer.id), credits_event(balance))
        filename, thumb = (self.photo_links.files(photo, viewer.id, public=False)
                           if self.photo_links else (photo.filename, photo.thumb_filename))
        return UnlockedPhoto(MemberPhoto(photo_id, filename, thumb, locked=False),
                             credits=balance)

    def with_member(self, viewer: Member, member_id: int) -> ChatScreen:
        """The chat screen with a member: the conversation (if any) and the terms of the
        next message, or why none can be sent."""
        today = self.clock.now().date()
        with self.uow() as uow:
            facts = uow.chats.send_facts(viewer.id, member_id)
            recipient = _recipient(facts)
            conversation = facts.conversation
            situation = self._situation(uow, viewer, recipient, facts)
            if not situation.recipient_reachable or situation.blocked_either_way:
                raise DomainError("member_not_found")
            profile = short_profile(uow, recipient, today)
        return ChatScreen(conversation=conversation.id if conversation else None,
                          profile=profile, terms=send_terms(situation),
                          refusal=_refusal(situation))

    def chats(self, viewer: Member) -> ChatList:
        now = self.clock.now()
        with self.uow() as uow:
            summaries = uow.chat_queries.chats_of(viewer.id)
            # Who hides their own online status is told no one's: no need to look.
            seen = uow.last_seen.facts([chat.profile.id for chat in summaries]) \
                if viewer.show_online else {}
        return ChatList([ChatEntry(conversation=ConversationRef(chat.conversation_id),
                                   profile=PublicCard.of(chat.profile, now.date()),
                                   num_unread_messages=chat.num_unread_messages,
                                   last_message=chat.last_message,
                                   online=online_status(viewer, seen.get(chat.profile.id), now))
                         for chat in summaries])

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
                       refusal=_refusal(situation))

    def read(self, viewer: Member, conversation_id: int) -> None:
        with self.uow() as uow:
            _, other = self._conversation(uow, viewer, conversation_id)
            uow.chats.mark_read(conversation_id, viewer.id)
            unread = uow.chat_queries.unread_total(viewer.id)
            uow.commit()
        # Read receipts are premium, and quiet mode keeps them from anyone who hides theirs.
        if has_feature(other, READ_RECEIPTS) and signal_passes(Signal.READ_RECEIPTS,
                                                                 viewer, other):
            self.events.publish(member_channel(other.id),
                                MessagesRead(conversation_id))
        self.events.publish(member_channel(viewer.id), UnreadCount(unread))

    def delete(self, viewer: Member, conversation_id: int) -> None:
        with self.uow() as uow:
            self._conversation(uow, viewer, conversation_id)
            uow.chats.hide(conversation_id, viewer.id)
            uow.commit()

    def typing(self, viewer: Member, conversation_id: int) -> None:
        with self.uow() as uow:
            _, other = self._conversation(uow, viewer, conversation_id)
            # A live socket holds the member as they were when it opened: their switch
            # may have changed since.
            viewer = existing_member(uow, viewer.id)
        if not signal_passes(Signal.TYPING, viewer, other):
            return  # quiet mode: nothing leaves the server
        self.events.publish(member_channel(other.id),
                            Typing(conversation=conversation_id, member=viewer.id))

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

    def page_hidden(self, viewer: Member) -> None:
        with self.uow() as uow:
            uow.chats.page_hidden(viewer.id, self.clock.now())
            uow.commit()

    @staticmethod
    def _conversation(uow: ChatUnit, viewer: Member,
                      conversation_id: int) -> tuple[Conversation, Member]:
        conversation = uow.chats.get(conversation_id)
        if conversation is None or viewer.id not in (conversation.member_low,
                                                     conversation.member_high):
            raise DomainError("conversation_not_found")
        return conversation, existing_member(uow, conversation.other(viewer.id))


def _site(uow: ChatUnit, viewer: Member, facts: SendFacts) -> Site:
    """The sender's site as read with the facts, or (theirs is gone) the default one."""
    return facts.sender_site or site_of_member(uow, viewer)


def _recipient(facts: SendFacts) -> Member:
    if facts.recipient is None:
        raise DomainError("member_not_found")
    return facts.recipient


def _after_sending(situation: SendSituation, balance: int, free: bool) -> SendSituation:
    """The situation of the next message once this one (or a gift) went out."""
    left_today = situation.conversations_left_today
    return attrs.evolve(situation, new_conversation=False, balance=balance,
                        conversations_started=situation.conversations_started
                        + situation.new_conversation,
                        free_messages_used=situation.free_messages_used + free,
                        conversations_left_today=None if left_today is None
                        else max(0, left_today - situation.new_conversation))


def _refusal(situation: SendSituation) -> str | None:
    """Why the next message would be refused (shown before typing), or None."""
    try:
        check_send(situation)
    except DomainError as refused:
        return refused.code
    return None
