"""The link checks on the task engine (issue 33, item 4), with nothing for an operator to schedule.

`check_external_links` runs one round (cms.pages.linkcheck.rounds) and queues the next: at once
while addresses are due, else CMS_LINK_CHECK_POLL_SECONDS later (so a new link is checked within
that long). The chain is started, and restarted should it ever break (a task failed, a database
restored), by `keep_checks_queued`, which every worker runs every minute or so with its other
housekeeping (settings.CMS_WORKER_HOUSEKEEPING, cms.background.housekeeping): when no round is
waiting or running, it queues one. Two workers may both queue one at the same moment; the rounds
then share the due addresses (each row is claimed by one), and the chain is one again at the next
round, which queues no successor while another waits.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django_tasks import task
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from cms.pages.linkcheck.rounds import run_round

logger = logging.getLogger("cms.linkcheck")


@task()
def check_external_links() -> int:
    """One round of checks, then the next one queued; answers how many addresses it checked."""
    if not settings.CMS_LINK_CHECKS:
        return 0  # turned off: the chain ends here
    done = run_round()
    logger.info("link checks: %d addresses checked, more due: %s", done.checked, done.more_due)
    delay = 0.0 if done.more_due else settings.CMS_LINK_CHECK_POLL_SECONDS
    _queue_unless_waiting(delay)
    return done.checked


def keep_checks_queued() -> bool:
    """Queue a round when none is waiting or running; answer whether one was queued."""
    if not settings.CMS_LINK_CHECKS or _rounds(TaskResultStatus.READY, TaskResultStatus.RUNNING).exists():
        return False
    check_external_links.enqueue()
    return True


def _queue_unless_waiting(delay: float) -> None:
    with transaction.atomic():
        if _rounds(TaskResultStatus.READY).exists():
            return  # another chain's round: this one ends here
        check_external_links.using(run_after=timezone.now() + timedelta(seconds=delay)).enqueue()


def _rounds(*statuses: TaskResultStatus) -> "QuerySet[DBTaskResult]":
    return DBTaskResult.objects.filter(task_path=check_external_links.module_path, status__in=statuses)
