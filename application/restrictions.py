"""The registry of restricting use cases (issue 30.1): each use case that restricts a
member or their content, the restriction its decision records, and the use cases that end
the restriction and lift that decision. tests/application/test_restrictions_registry.py
holds the code to it: every function that records a decision or writes a restricting
change is reached from a use case named here (or is named in NOT_DECISIONS with why), every
Restriction is made here or named in LATER, and a property drives the use cases on a real
database: each restricting call adds exactly one decision in its own transaction, a refused
one adds none, and a decision is in force exactly while its restriction lasts.

The use cases are named by their dotted names, as NOT_DECISIONS names its functions: the
registry imports none of them, so it adds no floor to application/ (issue 35.1)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from domain.decisions import Restriction

# The use cases and functions the registry names, by dotted name.
APPEAL = "application.appeals.Appeals.decide"
BAN = "application.moderation.Moderation.ban"
UNBAN = "application.moderation.Moderation.unban"
REVIEW_PHOTOS = "application.photo_moderation.PhotoModeration.review_many"
REMOVE_PHOTO = "application.photo_moderation.PhotoModeration.remove"
UPLOAD_PHOTO = "application.photos.Photos.upload"
REVOKE_CREDITS = "application.credits.Credits.revoke"
BLOCK_DIRECT_DEBIT = "application.shop_admin.ShopAdministration.block_directdebit"
REMOVE_TEXT = "application.removals.Removals.remove_text"
REMOVE_MESSAGE = "application.removals.Removals.remove_message"
HOLD_SENDER = "application.shared.holds.hold_sender"
RELEASE_SENDER = "application.shield.ShieldHolds.release"
LIMIT_FOR_REPORTS = "application.shared.opener_limits.limit_for_reports"
LIFT_WHEN_CLEARED = "application.shared.opener_limits.lift_when_cleared"


@attrs.frozen
class RestrictingUseCase:
    restriction: Restriction
    use_case: str  # makes one decision of this kind per restriction (its dotted name)
    lifted_by: tuple[str, ...]  # end the restriction, lift its decision
    what: str  # in a line, for whoever adds the next one


RESTRICTING_USE_CASES = (
    RestrictingUseCase(
        Restriction.BAN, BAN, (UNBAN, APPEAL),
        "amora members ban: the account is closed, every session ends"),
    RestrictingUseCase(
        Restriction.PHOTO_REJECTED, REVIEW_PHOTOS,
        (REVIEW_PHOTOS, REMOVE_PHOTO, APPEAL),
        "amora photos reject: one decision per photo for its owner; approving lifts it, "
        "removing the photo replaces it"),
    RestrictingUseCase(
        Restriction.PHOTO_REMOVED, REMOVE_PHOTO, (REVIEW_PHOTOS, APPEAL),
        "amora photos remove (issue 32.2): the photo is taken away, from its owner too; "
        "the decision keeps its status before, so an appeal (or amora photos approve) "
        "puts it back"),
    RestrictingUseCase(
        Restriction.CREDITS_REVOKED, REVOKE_CREDITS, (APPEAL,),
        "amora credits revoke: credits taken back; a later grant is no lifting"),
    RestrictingUseCase(
        Restriction.DIRECT_DEBIT_BLOCKED, BLOCK_DIRECT_DEBIT,
        (BLOCK_DIRECT_DEBIT, APPEAL),
        "amora members block-directdebit (a new block replaces the one before); "
        "unblock-directdebit lifts it"),
    RestrictingUseCase(
        Restriction.TEXT_REMOVED, REMOVE_TEXT, (APPEAL,),
        "amora members remove-text: profile texts emptied (a name becomes #ID); "
        "the decision's undo keeps them"),
    RestrictingUseCase(
        Restriction.MESSAGE_REMOVED, REMOVE_MESSAGE, (APPEAL,),
        "amora messages remove: both chats show it removed; the decision (the sender's) "
        "keeps the text"),
    RestrictingUseCase(
        Restriction.ACCOUNT_HELD, HOLD_SENDER, (RELEASE_SENDER, APPEAL),
        "the scam shield holds a sender (repeated flagged sends, a reported flagged "
        "message; chat send and complaints call it): their messages wait undelivered; "
        "amora safety release delivers them"),
    # The daily cap of new conversations (issue 31.2, domain/trust.py) is a rule for
    # everyone (confirmation, account age, a payment) and no decision about anyone; reports
    # by other members lowering it are: the first such report makes this decision, and the
    # lowering applies only while it is in force.
    RestrictingUseCase(
        Restriction.SENDING_LIMITED, LIMIT_FOR_REPORTS, (LIFT_WHEN_CLEARED, APPEAL),
        "members' reports lower the reported member's daily new conversations (from the "
        "second reporting member, each halves them; Complaints.file calls it): the "
        "shield's decision names the report that did it; dismissals that leave too few "
        "(Complaints.resolve calls it), or an appeal, lift it"),
    RestrictingUseCase(
        Restriction.PHOTO_HELD, UPLOAD_PHOTO,
        (REVIEW_PHOTOS, REMOVE_PHOTO, APPEAL),
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
    "application.shared.refunds.take_back": "a refunded or charged-back payment takes "
                                            "back the credits it bought: the contract, "
                                            "not a restriction",
    "application.photos.Photos.delete": "the member deletes their own photo",
}

# Calls a use case makes through a function it is given instead of importing it (the
# container wires it): the registry's test follows them as it follows imports.
GIVEN: Mapping[str, tuple[str, ...]] = {
    "application.appeals._lift": ("application.undoing.undo",),
}
