"""Complaints (issue 9): anyone may complain, about a member or a message or in general;
operators resolve them.

A complaint about a profile, a photo or a message is a notice in the sense of the Digital
Services Act (Art. 16, issue 30.4): it names the exact item, who gives notice (a visitor
gives a name and an address) and carries their statement that they give it in good faith.
The notifier hears that it arrived and, once resolved, its outcome; whoever keeps sending
notices that are mostly dismissed is marked for operators (Art. 23)."""

from __future__ import annotations

import enum

import attrs

from domain.accounts import FieldError, InvalidFields, email_error, normalise_email
from domain.errors import DomainError
from domain.locales import is_locale

TEXT_MIN, TEXT_MAX = 10, 5000
MESSAGES_MAX = 20  # selected messages attached to one complaint
NAME_MAX = 100  # the notifier's name, as the column holds it

# Serial reporters (DSA Art. 23): at least this many notices resolved, and at least this
# share of them dismissed (no action taken), marks the reporter for operators.
SERIAL_MIN_RESOLVED = 5
SERIAL_DISMISSED_PERCENT = 70


class Category(enum.StrEnum):
    SPAM = "spam"
    FAKE_PROFILE = "fake_profile"
    HARASSMENT = "harassment"
    UNDERAGE = "underage"
    ILLEGAL_CONTENT = "illegal_content"
    PAYMENT = "payment"
    OTHER = "other"


class NoticeItem(enum.StrEnum):
    """What a notice is about; its id names which one."""

    PROFILE = "profile"  # item id: the member
    PHOTO = "photo"
    MESSAGE = "message"


class Outcome(enum.StrEnum):
    ACTION_TAKEN = "action_taken"  # a decision restricted the member or their content
    NO_ACTION = "no_action"  # dismissed: no breach of the terms or the law found


# Handled first, as the form and the acknowledgement say.
URGENT_CATEGORIES = frozenset({Category.UNDERAGE, Category.ILLEGAL_CONTENT})
# The DSA lets whoever reports child sexual abuse stay unnamed (Art. 16(2)(c)).
ANONYMOUS_CATEGORIES = frozenset({Category.UNDERAGE})


@attrs.frozen
class ComplaintForm:
    category: str
    text: str
    email: str | None = None  # visitors give an address for the answer
    member_id: int | None = None  # the member complained about
    message_id: int | None = None  # the message complained about
    # Messages of one conversation the reporter selected (issue 21.4), as evidence.
    message_ids: tuple[int, ...] = ()
    # The notice (issue 30.4): the exact item, a visitor's name, the good-faith statement
    # and the language the notifier reads (their answers are mailed in it).
    item_kind: str | None = None
    item_id: int | None = None
    name: str | None = None
    good_faith: bool = False
    language: str | None = None


def check_complaint(form: ComplaintForm, logged_in: bool) -> ComplaintForm:
    """The form as stored; every field's problem at once, nothing stored on an error.
    A reference by the older fields (member_id, message_id) becomes the notice's item."""
    errors = []
    if form.category not in {c.value for c in Category}:
        errors.append(FieldError("category", "invalid_choice"))
    form, item_errors = _item(form, logged_in)
    errors += item_errors
    text = form.text.strip()
    if len(text) < TEXT_MIN:
        errors.append(FieldError("text", "too_short", {"min": TEXT_MIN}))
    elif len(text) > TEXT_MAX:
        errors.append(FieldError("text", "too_long", {"max": TEXT_MAX}))
    address = normalise_email(form.email or "") if form.email else None
    if not logged_in and not address:
        errors.append(FieldError("email", "required"))
    elif address and (problem := email_error(address)):
        errors.append(problem)
    messages = tuple(dict.fromkeys(form.message_ids))  # each once, in the given order
    if messages and not logged_in:
        errors.append(FieldError("message_ids", "login_required"))
    elif len(messages) > MESSAGES_MAX:
        errors.append(FieldError("message_ids", "too_many", {"max": MESSAGES_MAX}))
    name = " ".join((form.name or "").split()) or None
    if not logged_in and name is None and form.category not in ANONYMOUS_CATEGORIES:
        errors.append(FieldError("name", "required"))
    elif len(form.name or "") > NAME_MAX:
        errors.append(FieldError("name", "too_long", {"max": NAME_MAX}))
    if form.good_faith is not True:
        errors.append(FieldError("good_faith", "required"))
    if form.language is not None and not is_locale(form.language):
        errors.append(FieldError("language", "invalid_choice"))
    if errors:
        raise InvalidFields(errors)
    # A member is known by their profile; a visitor names themselves.
    return attrs.evolve(form, text=text, email=address, message_ids=messages,
                        name=None if logged_in else name)


def _item(form: ComplaintForm, logged_in: bool) -> tuple[ComplaintForm, list[FieldError]]:
    """The item named by kind and id, else by the older fields (a message before its
    sender); only members can cite a message, of their own conversations."""
    kind, item_id = form.item_kind, form.item_id
    if kind is None and item_id is None:
        if form.message_id is not None:
            kind, item_id = NoticeItem.MESSAGE, form.message_id
        elif form.member_id is not None:
            kind, item_id = NoticeItem.PROFILE, form.member_id
        else:
            return form, []
    if kind not in {item.value for item in NoticeItem}:
        return form, [FieldError("item_kind", "invalid_choice" if kind else "required")]
    if item_id is None:
        return form, [FieldError("item_id", "required")]
    if kind == NoticeItem.MESSAGE and not logged_in:
        return form, [FieldError("item_kind", "login_required")]
    return attrs.evolve(form, item_kind=NoticeItem(kind).value, item_id=item_id), []


def check_resolution(note: str, outcome: str) -> tuple[str, Outcome]:
    if outcome not in {o.value for o in Outcome}:
        raise DomainError("invalid_outcome", outcome=outcome)
    if not note.strip():
        raise DomainError("reason_required")
    return note.strip(), Outcome(outcome)


@attrs.frozen
class ReporterRecord:
    """How a reporter's notices were resolved so far."""

    resolved: int = 0  # notices resolved with an outcome
    dismissed: int = 0  # of those, resolved without action

    @property
    def serial(self) -> bool:
        return serial_reporter(self.resolved, self.dismissed)


def serial_reporter(resolved: int, dismissed: int) -> bool:
    """Enough notices resolved, and most of them dismissed: operators should know before
    they read the next one (in whole numbers, so 7 of 10 is exactly 70 %)."""
    return (resolved >= SERIAL_MIN_RESOLVED
            and dismissed * 100 >= SERIAL_DISMISSED_PERCENT * resolved)

# The mails a notice's notifier gets (the notice_mail job's kinds, application.notice_mails):
# the acknowledgement and the outcome.
NOTICE_RECEIVED, NOTICE_OUTCOME = "notice_received", "notice_outcome"
