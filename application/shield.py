"""The scam shield's operator side (issue 31.2): the release of a held member, which
delivers what waited. The hold itself (the nudge, holding a sender, ending a hold) is
application.shared.holds."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.events import EventBus, NewMessage, member_channel
from application.ports.transaction import UnitFactory
from application.ports.units import SafetyUnit
from application.shared.decisions import lift_decision
from application.shared.holds import end_hold, recipient_of
from application.shared.lookups import existing_member
from domain.decisions import Restriction
from domain.errors import DomainError


@attrs.frozen
class Released:
    member_id: int
    delivered: int  # messages that waited and are delivered now


@attrs.frozen
class ShieldHolds:
    """The operator's side: release a held member (`amora safety release`)."""

    uow: UnitFactory[SafetyUnit]
    clock: Clock
    events: EventBus

    def release(self, member_id: int, note: str, actor: str) -> Released:
        if not note.strip():
            raise DomainError("reason_required")
        now = self.clock.now()
        with self.uow() as uow:
            existing_member(uow, member_id)
            if lift_decision(uow, member_id, Restriction.ACCOUNT_HELD, str(member_id),
                             actor, now) is None:
                raise DomainError("not_held", id=member_id)
            delivered = end_hold(uow, member_id)
            uow.audit.record(now, actor, "safety.release", str(member_id),
                             {"note": note.strip(), "delivered": len(delivered)})
            arrivals = [(recipient_of(uow, message), message) for message in delivered]
            unread = {recipient: uow.chat_queries.unread_total(recipient)
                      for recipient, _ in arrivals}
            uow.commit()
        for recipient, message in arrivals:
            self.events.publish(member_channel(recipient),
                                NewMessage(message, unread=unread[recipient]))
        return Released(member_id, len(delivered))
