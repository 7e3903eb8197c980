"""Tasks whose worker died: put back in the queue, so nothing asked for is lost.

The database backend marks a task RUNNING when a worker claims it and finished when it ends; a
worker killed in between (SIGKILL, out of memory, the machine gone) never finishes it, and no
other worker would take it. Every worker therefore looks, now and then, for tasks RUNNING for
longer than CMS_TASK_STALE_SECONDS (longer than any task takes) and makes them READY again. So
tasks run at least once, and each must be safe to run again: a mail's outbox row knows whether it
was sent (cms/mail/outbox.py). A task that took its worker down every time is failed after
MAX_CLAIMS claims instead of killing workers for ever.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

logger = logging.getLogger("cms.background")
MAX_CLAIMS = 5


def requeue_stalled_tasks() -> int:
    """Make the tasks whose worker died READY again (or FAILED after MAX_CLAIMS); return how many."""
    stale_before = timezone.now() - timedelta(seconds=settings.CMS_TASK_STALE_SECONDS)
    stalled = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING, started_at__lt=stale_before)
    count = 0
    for result in stalled.only("id", "worker_ids", "task_path"):
        still_stalled = DBTaskResult.objects.filter(pk=result.pk, status=TaskResultStatus.RUNNING)
        if len(result.worker_ids) >= MAX_CLAIMS:
            changed = still_stalled.update(
                status=TaskResultStatus.FAILED,
                finished_at=timezone.now(),
                exception_class_path="cms.background.recovery.WorkerDied",
                traceback=f"its worker died {len(result.worker_ids)} times",
            )
        else:
            # Back in the queue, ahead of younger tasks of its priority (the queue is by run_after).
            changed = still_stalled.update(status=TaskResultStatus.READY, started_at=None)
        if changed:
            logger.warning(
                "task %s (%s) lost its worker, %d claims", result.pk, result.task_path, len(result.worker_ids)
            )
        count += changed
    return count


class WorkerDied(Exception):
    """What a task that kept killing its workers failed of."""
