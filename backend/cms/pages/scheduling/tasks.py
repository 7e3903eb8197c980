"""Scheduled changes going live on the task engine (issue 33, item 6), so background work has
one home (cms/background/) and nothing for an operator to schedule.

`apply_due_changes` applies what is due (cms.pages.scheduling.applying, which claims each change
in the transaction that applies it: once, however many workers run it at the same moment) and
queues its successor for when the next change is due, or POLL_SECONDS later if that comes first.
Scheduling a change queues one more for the change's own time, in the transaction that keeps it,
so the change goes live on time (within the workers' poll interval) however far off the chain's
next round is. The chain is started, and restarted should it ever break (a task failed with the
database away, a database restored), by `keep_applying_queued`, which every worker runs about
every minute with its other housekeeping (settings.CMS_WORKER_HOUSEKEEPING). A change therefore
goes live at its time, and within POLL_SECONDS + a minute whatever happened to its task, as long
as one worker runs; several chains started at once collapse to one: a task queues no successor
while another waits to run before it.
"""

import logging
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone
from django_tasks import task
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult, get_date_max

from cms.pages.scheduling import applying

logger = logging.getLogger(__name__)

# One task applies changes for at most this long, then queues the rest at once: well within
# CMS_TASK_STALE_SECONDS, and other tasks (mail, purges) get their turn between rounds.
RUN_FOR_S = 20.0
# A change still due after a round (another worker holds it, or the database refused it) is tried
# again this long after, not at once.
RETRY_S = 1.0


@task()
def apply_due_changes() -> int:
    """Apply the changes whose time has come, then queue the next round; answer how many."""
    done, more_due, failed = 0, False, True
    stop_at = time.monotonic() + RUN_FOR_S
    try:
        while True:
            applied = applying.apply_due(limit=applying.ROUND)
            done += applied
            more_due = applied >= applying.ROUND
            if not more_due or time.monotonic() > stop_at:
                break
        failed = False
    finally:
        # Even after a failure (the database away): the chain goes on when it can, else the
        # workers' housekeeping starts it again.
        queue_round(_next_round(more_due=more_due, failed=failed))
    if done:
        logger.info("scheduled changes: %d applied", done)
    return done


def _next_round(*, more_due: bool, failed: bool) -> datetime:
    """At once while more is due than one round applied; else when the next change is due, but
    not before RETRY_S (a due change another worker holds, or one the database refused, is not
    tried in a busy loop) nor after the poll interval; after a failure, the poll interval."""
    now = timezone.now()
    latest = now + timedelta(seconds=_poll())
    if more_due:
        return now
    if failed:
        return latest
    next_due = applying.refresh_next_due()
    return latest if next_due is None else min(max(next_due, now + timedelta(seconds=RETRY_S)), latest)


def queue_round(at: datetime) -> bool:
    """Queue a round for `at` unless one is waiting to run by then; answer whether one was queued."""
    if rounds_waiting(by=at).exists():
        return False
    apply_due_changes.using(run_after=at).enqueue()
    return True


def queue_for_change(at: datetime) -> None:
    """A change was scheduled for `at`: a round then, in the caller's transaction (the task is
    kept if and only if the change is). One per change, so none waits for another's to be cancelled."""
    apply_due_changes.using(run_after=max(at, timezone.now())).enqueue()


def keep_applying_queued() -> bool:
    """Housekeeping: queue a round now unless one waits to run within the chain's interval;
    answer whether one was queued."""
    now = timezone.now()
    if rounds_waiting(by=now + timedelta(seconds=_poll())).exists():
        return False
    apply_due_changes.using(run_after=now).enqueue()
    return True


def rounds_waiting(*, by: datetime) -> "QuerySet[DBTaskResult]":
    """The rounds waiting to run at `by` at the latest (`run_after` unset is stored as the latest date)."""
    return DBTaskResult.objects.filter(task_path=apply_due_changes.module_path, status=TaskResultStatus.READY).filter(
        Q(run_after__lte=by) | Q(run_after=get_date_max())
    )


def _poll() -> float:
    return settings.CMS_SCHEDULE_POLL_SECONDS
