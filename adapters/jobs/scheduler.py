"""Periodic jobs: the scheduler only enqueues; workers do the work (so several
scheduler-less web processes never run a job twice). Run one `amora scheduler`
when scaled out; embedded, `amora serve` runs it in-process."""

from __future__ import annotations

from apscheduler.schedulers.background import BackgroundScheduler

from application.ports.jobs import (
    EraseExpiredAccounts,
    Job,
    PurgeExports,
    PurgeNotifications,
    PurgeOpenerFingerprints,
    RemindUnread,
    TaskQueue,
    WeeklyUpdates,
)

# job -> minutes between runs
PERIODIC: dict[Job, int] = {
    EraseExpiredAccounts(): 60,
    RemindUnread(): 60,  # each member at most once a day (the job's key)
    WeeklyUpdates(): 24 * 60,  # each member once per ISO week (the job's key)
    PurgeNotifications(): 24 * 60,
    PurgeExports(): 60,  # copies of members' data whose mailed link expired unused
    PurgeOpenerFingerprints(): 60,  # the scam shield's, older than two days (issue 31.2)
}


def start_scheduler(tasks: TaskQueue) -> BackgroundScheduler:
    scheduler = BackgroundScheduler(timezone="UTC")
    for job, minutes in PERIODIC.items():
        scheduler.add_job(tasks.enqueue, "interval", args=[job], minutes=minutes, id=job.kind,
                          coalesce=True, max_instances=1)
    scheduler.start()
    return scheduler
