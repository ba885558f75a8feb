"""A member's conversations, kept: the list with who is online, reading one (read
receipts), hiding one, typing, the page out of sight. Part of application.chat.Chat,
which gives it its fields; sending and a conversation's history are the chat's own."""

from __future__ import annotations

import attrs

from application.ports.chat import Conversation, Message
from application.ports.clock import Clock
from application.ports.events import (
    EventBus,
    MessagesRead,
    Typing,
    UnreadCount,
    member_channel,
)
from application.ports.transaction import UnitFactory
from application.ports.units import ChatUnit
from application.shared.cards import PublicCard
from application.shared.lookups import existing_member
from domain.errors import DomainError
from domain.members import Member
from domain.premium import READ_RECEIPTS, has_feature
from domain.privacy import Signal, online_status, signal_passes


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


class ChatConversations:
    """The conversations side of application.chat.Chat (which holds these fields)."""

    __slots__ = ()
    uow: UnitFactory[ChatUnit]
    clock: Clock
    events: EventBus

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
