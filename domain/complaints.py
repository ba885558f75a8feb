"""Complaints (issue 9): anyone may complain, about a member or a message or in general;
operators resolve them."""

from __future__ import annotations

import enum

import attrs

from domain.accounts import FieldError, InvalidFields, email_error, normalise_email
from domain.errors import DomainError

TEXT_MIN, TEXT_MAX = 10, 5000
MESSAGES_MAX = 20  # selected messages attached to one complaint


class Category(enum.StrEnum):
    SPAM = "spam"
    FAKE_PROFILE = "fake_profile"
    HARASSMENT = "harassment"
    UNDERAGE = "underage"
    ILLEGAL_CONTENT = "illegal_content"
    PAYMENT = "payment"
    OTHER = "other"


@attrs.frozen
class ComplaintForm:
    category: str
    text: str
    email: str | None = None  # visitors give an address for the answer
    member_id: int | None = None  # the member complained about
    message_id: int | None = None  # the message complained about
    # Messages of one conversation the reporter selected (issue 21.4), as evidence.
    message_ids: tuple[int, ...] = ()


def check_complaint(form: ComplaintForm, logged_in: bool) -> ComplaintForm:
    """The form as stored; every field's problem at once, nothing stored on an error."""
    errors = []
    if form.category not in {c.value for c in Category}:
        errors.append(FieldError("category", "invalid_choice"))
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
    if errors:
        raise InvalidFields(errors)
    return attrs.evolve(form, text=text, email=address, message_ids=messages)


def check_resolution(note: str) -> str:
    if not note.strip():
        raise DomainError("reason_required")
    return note.strip()
