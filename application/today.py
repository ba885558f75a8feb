"""The operator's day at a glance (issue 32.6, `amora today`): sign-ups, activations,
paying members, revenue and failed payments of today on every site (or one), beside
yesterday's; what waits (photos, complaints, appeals, members the scam shield holds); the
background jobs; and the server errors of the last hour."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import timedelta

import attrs

from application.ports.clock import Clock
from application.ports.today import TodayReadings
from application.ports.transaction import UnitFactory
from application.ports.units import ReportsUnit
from application.shared.site_lookup import named_site
from domain.sites import Site
from domain.today import Activity, SiteToday, Today, site_day

SERVER_ERRORS_WINDOW = timedelta(hours=1)
FAILED_JOBS_WINDOW = timedelta(hours=24)


@attrs.frozen
class AtAGlance:
    uow: UnitFactory[ReportsUnit]
    clock: Clock
    readings: TodayReadings

    def today(self, domain: str | None = None) -> Today:
        """Every site's today in its own time zone, or only ``domain``'s (an unknown
        domain is refused: site_not_found)."""
        now = self.clock.now()
        with self.uow(reads_only=True) as uow:
            sites: Sequence[Site] = ([named_site(uow, domain)] if domain is not None
                                     else sorted(uow.sites.all(), key=lambda site: site.id))
        days = {site.id: site_day(now, site.time_zone) for site in sites}
        # Sites that share a time zone share their windows: counted together.
        by_zone: dict[str, list[int]] = defaultdict(list)
        for site in sites:
            by_zone[site.time_zone].append(site.id)
        with self.readings() as reading:
            today: dict[int, Activity] = {}
            yesterday: dict[int, Activity] = {}
            by_now: dict[int, Activity] = {}
            for ids in by_zone.values():
                day = days[ids[0]]
                windows = (day.today, day.yesterday, day.yesterday_by_now)
                for site_id, (on_day, before, by_this_time) in reading.activity(
                        ids, windows).items():
                    today[site_id], yesterday[site_id] = on_day, before
                    by_now[site_id] = by_this_time
            queues = reading.queues([site.id for site in sites])
            outbox = reading.outbox(now - FAILED_JOBS_WINDOW)
            errors_since = now - SERVER_ERRORS_WINDOW
            errors = reading.server_errors(errors_since)
        return Today(
            now=now,
            sites=tuple(SiteToday(
                domain=site.domain, time_zone=site.time_zone, day=days[site.id],
                today=today[site.id], yesterday=yesterday[site.id],
                yesterday_by_now=by_now[site.id],
                queues=queues[site.id]) for site in sites),
            outbox=outbox, server_errors=dict(sorted(errors.items())),
            server_errors_since=errors_since)
