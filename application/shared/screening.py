"""The scam shield's screening as the application offers it (issue 31): one text in, whether
it is flagged, why, and where. The operator tunes the rules with `amora safety check`; the
same use case answers wherever a member's text is screened.

The rules read all eleven languages at once: a scammer writes in whatever language works,
so a lure is caught whichever language the member uses."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from domain.members import Profile
from domain.profile_flags import SCREENED, Screened, TextFlags, changed_texts, flags_after
from domain.screening import Checks, screen


@attrs.frozen
class ScreeningResult:
    flagged: bool
    reasons: tuple[str, ...]  # each reason once, in the order the text first shows it
    # (start, end, reason): Python string offsets (code points) into the text as given
    spans: tuple[tuple[int, int, str], ...]


class Screening:
    def __init__(self, checks: Checks) -> None:
        self._checks = checks  # phone numbers and IBANs, wired to their libraries

    def check(self, text: str) -> ScreeningResult:
        findings = screen(text, self._checks)
        reasons = tuple(dict.fromkeys(finding.reason.value for finding in findings))
        return ScreeningResult(
            flagged=bool(findings), reasons=reasons,
            spans=tuple((f.start, f.end, f.reason.value) for f in findings))


@attrs.frozen
class ProfileShield:
    """What a profile save asks of the shield, before anything is written."""

    screening: Screening

    def flags(self, before: Profile, after: Profile, confirmed: bool) -> TextFlags:
        """The flags `after` is saved with: the texts the change makes new are screened
        (a clean one clears its flags), the others keep theirs. A flagged new text not
        confirmed is refused with the nudge (DomainError profile_text_flagged)."""
        return flags_after(before.text_flags,
                           self._screened(after, changed_texts(before, after)), confirmed)

    def new_flags(self, profile: Profile, confirmed: bool) -> TextFlags:
        """A new profile's (signup): every text it has is new."""
        fields = [field for field in SCREENED if getattr(profile, field)]
        return flags_after(TextFlags(), self._screened(profile, fields), confirmed)

    def _screened(self, profile: Profile, fields: Sequence[str]) -> list[Screened]:
        screened = []
        for field in fields:
            text: str = getattr(profile, field)
            result = self.screening.check(text)
            screened.append(Screened(field, text, result.reasons, result.spans))
        return screened
