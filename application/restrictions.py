"""The registry of restricting use cases (issue 30.1): each use case that restricts a
member or their content, the restriction its decision records, and the use cases that end
the restriction and lift that decision. tests/application/test_restrictions_registry.py
holds the code to it: every function that records a decision or writes a restricting
change is reached from a use case named here (or is named in NOT_DECISIONS with why), every
Restriction is made here or named in LATER, and a property drives the use cases on a real
database: each restricting call adds exactly one decision in its own transaction, a refused
one adds none, and a decision is in force exactly while its restriction lasts."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from application.appeals import Appeals
from application.credits import Credits
from application.moderation import Moderation
from application.photos import Photos
from application.removals import Removals
from application.shared.holds import hold_sender
from application.shared.opener_limits import lift_when_cleared, limit_for_reports
from application.shield import ShieldHolds
from application.shop_admin import ShopAdministration
from domain.decisions import Restriction


@attrs.frozen
class RestrictingUseCase:
    restriction: Restriction
    use_case: Callable[..., object]  # makes one decision of this kind per restriction
    lifted_by: tuple[Callable[..., object], ...]  # end the restriction, lift its decision
    what: str  # in a line, for whoever adds the next one


RESTRICTING_USE_CASES = (
    RestrictingUseCase(
        Restriction.BAN, Moderation.ban, (Moderation.unban, Appeals.decide),
        "amora members ban: the account is closed, every session ends"),
    RestrictingUseCase(
        Restriction.PHOTO_REJECTED, Photos.review_many,
        (Photos.review_many, Photos.remove, Appeals.decide),
        "amora photos reject: one decision per photo for its owner; approving lifts it, "
        "removing the photo replaces it"),
    RestrictingUseCase(
        Restriction.PHOTO_REMOVED, Photos.remove, (Photos.review_many, Appeals.decide),
        "amora photos remove (issue 32.2): the photo is taken away, from its owner too; "
        "the decision keeps its status before, so an appeal (or amora photos approve) "
        "puts it back"),
    RestrictingUseCase(
        Restriction.CREDITS_REVOKED, Credits.revoke, (Appeals.decide,),
        "amora credits revoke: credits taken back; a later grant is no lifting"),
    RestrictingUseCase(
        Restriction.DIRECT_DEBIT_BLOCKED, ShopAdministration.block_directdebit,
        (ShopAdministration.block_directdebit, Appeals.decide),
        "amora members block-directdebit (a new block replaces the one before); "
        "unblock-directdebit lifts it"),
    RestrictingUseCase(
        Restriction.TEXT_REMOVED, Removals.remove_text, (Appeals.decide,),
        "amora members remove-text: profile texts emptied (a name becomes #ID); "
        "the decision's undo keeps them"),
    RestrictingUseCase(
        Restriction.MESSAGE_REMOVED, Removals.remove_message, (Appeals.decide,),
        "amora messages remove: both chats show it removed; the decision (the sender's) "
        "keeps the text"),
    RestrictingUseCase(
        Restriction.ACCOUNT_HELD, hold_sender, (ShieldHolds.release, Appeals.decide),
        "the scam shield holds a sender (repeated flagged sends, a reported flagged "
        "message; chat send and complaints call it): their messages wait undelivered; "
        "amora safety release delivers them"),
    # The daily cap of new conversations (issue 31.2, domain/trust.py) is a rule for
    # everyone (confirmation, account age, a payment) and no decision about anyone; reports
    # by other members lowering it are: the first such report makes this decision, and the
    # lowering applies only while it is in force.
    RestrictingUseCase(
        Restriction.SENDING_LIMITED, limit_for_reports, (lift_when_cleared, Appeals.decide),
        "members' reports lower the reported member's daily new conversations (from the "
        "second reporting member, each halves them; Complaints.file calls it): the "
        "shield's decision names the report that did it; dismissals that leave too few "
        "(Complaints.resolve calls it), or an appeal, lift it"),
    RestrictingUseCase(
        Restriction.PHOTO_HELD, Photos.upload,
        (Photos.review_many, Photos.remove, Appeals.decide),
        "an upload matching a block-listed photo or another member's photo is held by the "
        "shield (issue 31.3): only its owner sees it; amora photos approve lifts the hold, "
        "reject turns it into a rejection, remove into a removal"),
)

# Restrictions no use case makes yet, and the work that brings the use case.
LATER: Mapping[Restriction, str] = {
    Restriction.MESSAGE_HELD: "issue 31: the scam shield holds a flagged message",
}

# Writes that look like restricting a member but are no decision about their conduct or
# content (Digital Services Act Art. 17 covers those): the scan in the registry's test
# would otherwise take them for restrictions without one.
NOT_DECISIONS: Mapping[str, str] = {
    "application.shop.Shop._take_back": "a refunded or charged-back payment takes back "
                                        "the credits it bought: the contract, not a "
                                        "restriction",
    "application.photos.Photos.delete": "the member deletes their own photo",
}
