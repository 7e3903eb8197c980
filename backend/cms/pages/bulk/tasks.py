"""Running a bulk job on the task engine: one page at a time, each in a transaction of its own.

A page's transaction locks the job's row (PostgreSQL; SQLite's transactions run one at a time
anyway), reads how far the job got, writes the next page through its action, and stores the
page's result with the job's progress; so the page's write, its result and `done` are kept
together or not at all. A worker killed mid-page leaves that page unwritten and without a
result; the task is put back in the queue (cms.background.recovery) and starts again at the
first page without a result. Two runs of one job at once (a task thought dead that was not)
take turns on the job's row and each writes only the page after the last result: no page is
written twice, and the results' unique (job, position) would refuse it if one were.

A task runs for at most CMS_BULK_SLICE_SECONDS and then queues the rest as a new task: far
within the time after which a running task counts as dead (CMS_TASK_STALE_SECONDS), and other
work (mail, purges) gets its turn between slices.
"""

import logging
import time
from datetime import timedelta

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_tasks import task

from cms.core.exceptions import DomainError
from cms.core.messages import frozen
from cms.core.types import User
from cms.pages import locks
from cms.pages.bulk.actions import ACTIONS
from cms.pages.bulk.results import stored_reason
from cms.pages.models import BulkJob, BulkOutcome, BulkResult, BulkState

logger = logging.getLogger("cms.pages.bulk")

UNEXPECTED = _("could not be changed because of an error on the server")
# A page's write that met a deadlock or a lock wait past its limit is tried this many times.
ATTEMPTS = 3
# The database went away mid-page: the job goes on in a new task this much later.
RETRY_AFTER = timedelta(seconds=5)
PROGRESS_FIELDS = ["done", "refused", "failed", "state", "finished_at"]


@task()
def run_bulk_job(job_id: int) -> None:
    """Write the job's next pages for a slice of time, then queue the rest as a new task."""
    try:
        more = run_slice(job_id, seconds=settings.CMS_BULK_SLICE_SECONDS)
    except (OperationalError, InterfaceError) as error:
        # The database went away or refused for the moment (a connection lost, a failover): nothing
        # of the page in hand was kept, and the job goes on when it answers again. Any other
        # database error is ours, not the moment's: the task fails (and is logged) as it is,
        # instead of coming back every few seconds for ever.
        logger.warning("bulk job %s: the database can't be used (%s); again in %s", job_id, error, RETRY_AFTER)
        run_bulk_job.using(run_after=timezone.now() + RETRY_AFTER).enqueue(job_id)
        return
    if more:
        run_bulk_job.enqueue(job_id)


def run_slice(job_id: int, *, seconds: float | None = None, pages: int | None = None) -> bool:
    """Write the job's pages, from the first without a result, until it is done (False) or
    `seconds` or `pages` run out (True: pages are left)."""
    started = time.monotonic()
    job = _started(job_id)
    if job is None:
        return False
    written = 0
    while True:  # at least one page a slice, so a job always moves on
        if not _next_page(job):
            return False
        written += 1
        if (seconds is not None and time.monotonic() - started >= seconds) or (pages is not None and written >= pages):
            return True


def _started(job_id: int) -> BulkJob | None:
    """The job with its creator, marked running (None: done, or gone with its creator)."""
    job = BulkJob.objects.select_related("user").filter(pk=job_id).first()
    if job is None or job.state == BulkState.DONE:
        return None
    if job.state == BulkState.QUEUED:
        now = timezone.now()
        BulkJob.objects.filter(pk=job_id, state=BulkState.QUEUED).update(state=BulkState.RUNNING, started_at=now)
    return job


def _next_page(job: BulkJob) -> bool:
    """Write the page after the job's last result and store its result, in one transaction;
    return whether pages are left."""
    with transaction.atomic():
        progress = _held_progress(job.pk)
        if progress is None:  # its creator was deleted meanwhile, and the job with them
            return False
        position = progress.done
        if position >= progress.total:
            return False
        page_id = job.page_ids[position]
        outcome, reason = _write(job.action, job.user, page_id, job.locale, job.params)
        BulkResult.objects.create(job_id=job.pk, position=position, page_id=page_id, outcome=outcome, reason=reason)
        progress.done += 1
        if outcome == BulkOutcome.REFUSED:
            progress.refused += 1
        elif outcome == BulkOutcome.FAILED:
            progress.failed += 1
        if progress.done == progress.total:
            progress.state, progress.finished_at = BulkState.DONE, timezone.now()
        progress.save(update_fields=PROGRESS_FIELDS)
        return progress.done < progress.total


def _held_progress(job_id: int) -> BulkJob | None:
    """The job's progress, its row locked to the end of the page's transaction (PostgreSQL):
    the first lock a bulk page write takes, before any of cms.pages.locks (no page write takes
    a job's lock, so none waits for the other in the wrong order)."""
    jobs = BulkJob.objects.filter(pk=job_id).only("id", "total", *PROGRESS_FIELDS)
    return (jobs.select_for_update() if locks.takes_locks() else jobs).first()


def _write(action: str, actor: User, page_id: int, locale: str, params: dict) -> tuple[str, dict]:
    """Make the page's change in a savepoint of the page's transaction: the outcome and why."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            with transaction.atomic():
                ACTIONS[action](actor, page_id, locale, params)
            return BulkOutcome.DONE, {}
        except DomainError as refusal:
            return BulkOutcome.REFUSED, stored_reason(refusal)
        except OperationalError as error:  # a deadlock, a lock wait too long, SQLite busy
            logger.warning("bulk %s of page %s, attempt %d: %s", action, page_id, attempt, error)
        except Exception:
            logger.exception("bulk %s of page %s failed", action, page_id)
            break
    return BulkOutcome.FAILED, {"message": frozen(UNEXPECTED)}
