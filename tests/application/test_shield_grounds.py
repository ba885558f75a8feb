"""The clause a shield hold names follows what the flagged messages did (issue 31.2)."""

from __future__ import annotations

from application.shared.holds import ground_for


def test_the_hold_names_the_clause_the_flagged_sends_broke() -> None:
    assert ground_for(["phone", "messenger"]).code == "off_platform_contact"
    assert ground_for(["phone", "money_request"]).code == "scam"
    assert ground_for(["gift_card"]).code == "scam"
    assert ground_for(["mass_opener"]).code == "spam"
    assert ground_for(["mass_opener", "link"]).code == "off_platform_contact"
