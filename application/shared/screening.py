"""The scam shield's screening as the application offers it (issue 31): one text in, whether
it is flagged, why, and where. The operator tunes the rules with `amora safety check`; the
same use case answers wherever a member's text is screened.

The rules read all eleven languages at once: a scammer writes in whatever language works,
so a lure is caught whichever language the member uses."""

from __future__ import annotations

import attrs

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
