"""Migration 0024 (issue 29.7): members who joined before marketing mail became opt-in
keep what they had, on unless they had turned it off, while the default is off for the
members who join after it (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import JSON, Integer, column, insert, table

from adapters.container import Container
from adapters.sql import migrate
from domain.members import AccountStatus, Member, Profile
from domain.notifications import DEFAULTS, MARKETING
from tests.conftest import seed_default_site

T0 = datetime(2026, 1, 1, tzinfo=UTC)
settings = table("notification_settings", column("member_id", Integer),
                 column("preferences", JSON))


def test_members_from_before_keep_their_marketing_mail(container: Container,
                                                       database_url: str) -> None:
    seed_default_site(container)
    ids = {}
    with container.unit_of_work() as work:
        for name in ("untouched", "chose", "no_news"):
            ids[name] = work.members.add(Member(
                id=0, site_id=1, email=f"{name}@example.com", status=AccountStatus.ACTIVE,
                language="en", created_at=T0, profile=Profile(
                    name=name, gender="female", birth_date=date(1990, 1, 1),
                    country="NL"))).id
        work.commit()
    container.engine().dispose()
    migrate.downgrade(database_url, "0023")
    with container.engine().begin() as connection:  # what they had chosen before 0024
        connection.execute(insert(settings), [
            {"member_id": ids["chose"], "preferences": {"like": False}},
            {"member_id": ids["no_news"], "preferences": {"news": False, "promotions": True}}])
    container.engine().dispose()
    migrate.upgrade(database_url)
    with container.unit_of_work() as work:
        found = {name: work.notifications.preferences(member_id)[0]
                 for name, member_id in ids.items()}
        consents = [work.notifications.marketing_consent(i) for i in ids.values()]
    on = dict.fromkeys(MARKETING, True)
    assert found == {"untouched": on, "chose": {**on, "like": False},
                     "no_news": {**on, "news": False}}
    assert consents == [None, None, None]  # the migration asked no one anything
    assert not any(DEFAULTS[key] for key in MARKETING)  # but newcomers start with none
