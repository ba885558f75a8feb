"""The scam shield on profile texts (issue 31.2): a member's name and about text are
screened as they change, like a message. A flagged text is not saved at once: the member is
nudged first (what was found, where) and may save it anyway; then the profile keeps the
text's flags, its visitors see a warning, and operators find it in `amora safety queue`.

A text's flags belong to that text: a new text is screened afresh (a clean one clears
them), a text left as it was keeps them (the member is not nudged again for it), a removed
text (`amora members remove-text`) takes its flags with it, and an operator who finds a
flagged text harmless clears them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from domain.errors import DomainError
from domain.shield import nudge

if TYPE_CHECKING:
    from domain.members import Profile


class ProfileTextField:
    """The profile fields the shield reads, and how the API names them ("about" for
    about_me, as the member knows it)."""

    NAME = "name"
    ABOUT = "about_me"


SCREENED = (ProfileTextField.NAME, ProfileTextField.ABOUT)
_API_NAMES = {ProfileTextField.NAME: "name", ProfileTextField.ABOUT: "about"}


def api_name(field: str) -> str:
    return _API_NAMES[field]


def parse_field(value: str) -> str:
    """`name`, `about` or `about_me`, as an operator or a client names it."""
    word = value.strip().lower().replace("-", "_")
    word = ProfileTextField.ABOUT if word == "about" else word
    if word not in SCREENED:
        raise DomainError("invalid_text_field", value=value)
    return word


@attrs.frozen
class TextFlags:
    """The screening's reasons per screened text (empty: not flagged), in the order the
    text shows them."""

    name: tuple[str, ...] = ()
    about_me: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.name or self.about_me)

    def of(self, field: str) -> tuple[str, ...]:
        return tuple(getattr(self, field))

    def with_reasons(self, field: str, reasons: Iterable[str]) -> TextFlags:
        return attrs.evolve(self, **{field: tuple(dict.fromkeys(reasons))})

    def without(self, fields: Iterable[str]) -> TextFlags:
        return attrs.evolve(self, **{field: () for field in fields if field in SCREENED})

    def flagged_fields(self) -> tuple[str, ...]:
        return tuple(field for field in SCREENED if self.of(field))

    def reasons(self, fields: Iterable[str] = SCREENED) -> tuple[str, ...]:
        """The reasons of `fields` together, each once."""
        return tuple(dict.fromkeys(reason for field in SCREENED if field in set(fields)
                                   for reason in self.of(field)))

    # --- as the profile row keeps them: "name=phone,email;about_me=money_request" ----

    def stored(self) -> str | None:
        """None when nothing is flagged, so flagged profiles are the non-NULL rows."""
        parts = [f"{field}={','.join(self.of(field))}" for field in self.flagged_fields()]
        return ";".join(parts) or None

    @classmethod
    def from_stored(cls, stored: str | None) -> TextFlags:
        flags = cls()
        for part in (stored or "").split(";"):
            field, _, reasons = part.partition("=")
            if field in SCREENED and reasons:
                flags = flags.with_reasons(field, reasons.split(","))
        return flags


def shown_texts(visible_fields: Iterable[str]) -> tuple[str, ...]:
    """The screened texts a visitor reads, of the site's visible profile fields: the name
    always, the about text where the site shows it. Only their flags warn visitors."""
    visible = set(visible_fields)
    return tuple(field for field in SCREENED
                 if field == ProfileTextField.NAME or field in visible)


def changed_texts(before: Profile, after: Profile) -> tuple[str, ...]:
    """The screened fields whose text the change makes different: only they are screened
    (and nudged) again; the others keep their flags."""
    return tuple(field for field in SCREENED if getattr(after, field) != getattr(before, field))


@attrs.frozen
class Screened:
    """One text as the screening read it: spans are (start, end, reason) in code points."""

    field: str
    text: str
    reasons: tuple[str, ...]
    spans: tuple[tuple[int, int, str], ...]


def flags_after(before: TextFlags, screened: Iterable[Screened], confirmed: bool) -> TextFlags:
    """The profile's flags once the screened texts are saved: each new text's own reasons
    (a clean one has none). A flagged text not confirmed by the member is refused with the
    nudge (409 profile_text_flagged), so nothing is saved; it names the first flagged field
    and lists the others under `also` (one save may change both texts)."""
    screened = list(screened)
    flagged = [text for text in screened if text.reasons]
    if flagged and not confirmed:
        first, *others = [_nudge_params(text) for text in flagged]
        raise DomainError("profile_text_flagged", **first, also=others)
    flags = before
    for text in screened:
        flags = flags.with_reasons(text.field, text.reasons)
    return flags


def _nudge_params(text: Screened) -> dict[str, object]:
    """As the chat's nudge (domain.shield): the text as screened, its reasons and spans in
    UTF-16 code units, and the field by its API name."""
    return {"field": api_name(text.field),
            **nudge(text.text, text.reasons, sorted(text.spans)).params()}
