"""Operators remove what a member wrote (issue 30.4): a profile text others no longer see,
or a message its recipient no longer reads. Each removal is one decision (text_removed,
message_removed) whose `undo` keeps what was there, so lifting it on appeal puts it back.

A removed text takes the value an untouched profile has: no about text, no city. A name
cannot be empty (domain.accounts.name_error: 2 to 30 characters, no "@" first), so a
removed name becomes the member's number, "#1234": it says nothing and passes the rules,
and the member may choose a new name as ever."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

import attrs

from domain.errors import DomainError
from domain.members import Profile

# The `undo` dict of a decision (domain.decisions.Decision.undo).
Undo = dict[str, str | int | bool | None]


class ProfileText(StrEnum):
    """The texts of a profile others read; the value is the profile's field."""

    NAME = "name"
    ABOUT = "about_me"
    CITY = "city"

    @classmethod
    def parse(cls, value: str) -> ProfileText:
        """`about`, `about_me`, `name` or `city`, as an operator types it."""
        word = value.strip().lower().replace("-", "_")
        try:
            return cls("about_me" if word == "about" else word)
        except ValueError:
            raise DomainError("invalid_text_field", value=value) from None


def replacement(field: ProfileText, member_id: int) -> str | None:
    """What a removed text becomes: what a profile has before anything is written."""
    if field is ProfileText.NAME:
        return f"#{member_id}"
    return "" if field is ProfileText.ABOUT else None


@attrs.frozen
class TextRemoval:
    profile: Profile  # the profile with the texts replaced
    item_id: str  # the fields, comma-joined in ProfileText's order: "name,about_me"
    undo: Undo  # each field's text before, and "<field>_replacement": what replaced it


def remove_texts(profile: Profile, member_id: int,
                 fields: Iterable[ProfileText]) -> TextRemoval:
    """The profile without the texts in `fields`. A text that is not there (already
    empty, or already replaced) is refused, so every removal removes something."""
    chosen = [field for field in ProfileText if field in set(fields)]
    if not chosen:
        raise DomainError("invalid_text_field", value="")
    undo: Undo = {}
    changes: dict[str, Any] = {}  # str or None, as the fields are
    for field in chosen:
        before: str | None = getattr(profile, field.value)
        after = replacement(field, member_id)
        if not (before or "").strip() or before == after:
            raise DomainError("no_text_to_remove", field=field.value)
        undo[field.value], undo[f"{field.value}_replacement"] = before, after
        changes[field.value] = after
    # A removed text takes the scam shield's flags with it (domain.profile_flags).
    changes["text_flags"] = profile.text_flags.without(field.value for field in chosen)
    return TextRemoval(profile=attrs.evolve(profile, **changes),
                       item_id=",".join(field.value for field in chosen), undo=undo)


def restored_texts(profile: Profile, item_id: str, undo: Undo) -> Profile:
    """The profile with the removed texts back, for lifting the decision; a text the
    member wrote since the removal stays (it is theirs and newer). A text comes back
    without the scam shield's flags: lifting its removal judged it."""
    changes: dict[str, Any] = {}
    for name in item_id.split(","):
        field = ProfileText(name)
        if getattr(profile, field.value) == undo.get(f"{field.value}_replacement"):
            changes[field.value] = undo.get(field.value)
    return attrs.evolve(profile, **changes)


def message_undo(text: str, gift: str | None, conversation_id: int) -> Undo:
    """What a removed message keeps in its decision to come back."""
    return {"text": text, "gift": gift, "conversation": conversation_id}


def is_removed(text: str, gift: str | None) -> bool:
    """A message without text and without gift was removed: nothing else is ever stored
    so (domain.chat.clean_text refuses an empty text; a gift has its key)."""
    return not text and gift is None
