"""The limits of the members' forms, as the server checks them: the web app reads them
from the site settings to guide the member (counters, lengths, steps) instead of keeping
its own copies (issue 18)."""

from __future__ import annotations

from domain import complaints, direct_debit, matching, profile_rules
from domain.accounts import NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN


def form_limits() -> dict[str, int]:
    return {
        "name_min": NAME_MIN,
        "name_max": NAME_MAX,
        "password_min": PASSWORD_MIN,
        "password_max": PASSWORD_MAX,
        "about_me_max": profile_rules.ABOUT_ME_MAX,
        "city_max": profile_rules.CITY_MAX,
        "interests_max": profile_rules.INTERESTS_MAX,
        "finder_interests_max": matching.MAX_INTERESTS,
        "complaint_min": complaints.TEXT_MIN,
        "complaint_max": complaints.TEXT_MAX,
        "mandate_field_max": direct_debit.MAX_LENGTH,
    }
