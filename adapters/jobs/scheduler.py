"""Periodic jobs: the scheduler only enqueues; workers do the work (so several
scheduler-less web processes never run a job twice). Run one `amora scheduler`
when scaled out; embedded, `amora serve` runs it in-process."""

from __future__ import annotations

from apscheduler.schedulers.background import BackgroundScheduler

from application.ports.jobs import TaskQueue

# job name -> minutes between runs
PERIODIC = {
    "erase_expired_accounts": 60,
    "remind_unread": 60,  # each member at most once a day (the job's key)
    "weekly_updates": 24 * 60,  # each member once per ISO week (the job's key)
    "purge_notifications": 24 * 60,
    "purge_exports": 60,  # copies of members' data whose mailed link expired unused
    "purge_opener_fingerprints": 60,  # the scam shield's, older than two days (issue 31.2)
}


def start_scheduler(tasks: TaskQueue) -> BackgroundScheduler:
    scheduler = BackgroundScheduler(timezone="UTC")
    for name, minutes in PERIODIC.items():
        scheduler.add_job(tasks.enqueue, "interval", args=[name], minutes=minutes, id=name,
                          coalesce=True, max_instances=1)
    scheduler.start()
    return scheduler
