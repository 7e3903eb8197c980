"""Scheduled changes on the task engine (issue 33, item 6): a change goes live at its time by the
task queued with it; a round at least every CMS_SCHEDULE_POLL_SECONDS, kept alive by every
worker's housekeeping, applies one whose task was lost; chains collapse to one; two workers
running rounds at once apply each change once (PostgreSQL); nothing needs an operator."""

import threading
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import OperationalError, connection, connections
from django.db.models import QuerySet
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from cms.background.housekeeping import run_housekeeping
from cms.background.tests.worker import run_queued_tasks
from cms.core.exceptions import ValidationFailed
from cms.pages.models import PageRevision, ScheduledChange, ScheduledState
from cms.pages.scheduling import applying, tasks
from cms.pages.scheduling.tests.test_scheduling import (
    assert_each_applied_once,
    due_changes,
    make_page,
    name_of,
    scheduled,
)
from cms.pages.tests.concurrency import at_once

postgresql_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")


def rounds(status: str = TaskResultStatus.READY) -> "QuerySet[DBTaskResult]":
    """The rounds of `apply_due_changes` in the queue with that status."""
    return DBTaskResult.objects.filter(task_path=tasks.apply_due_changes.module_path, status=status)


def worker(name: str, *, batch: bool) -> Worker:
    return Worker(
        queue_names=["default"], interval=0.05, batch=batch, backend_name="default", startup_delay=False,
        max_tasks=None, worker_id=name, excluded_queue_names=[],
    )  # fmt: skip


def test_scheduling_queues_a_round_at_the_change_time_with_the_change(admin_user, db):
    page = make_page(admin_user, "Before")
    at = timezone.now() + timedelta(minutes=5)
    scheduled(admin_user, page, at, name="After")
    assert list(rounds().values_list("run_after", flat=True)) == [at]

    with pytest.raises(ValidationFailed):  # refused (changes nothing): no change, and no round either
        scheduled(admin_user, page, at, name="Before")
    assert rounds().count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_change_due_in_two_seconds_goes_live_by_its_task_alone(admin_user):
    """A worker, as gunicorn runs beside the web workers, and nothing else (no read, no round
    of the chain until 30 s from now): the change goes live at its time."""
    page = make_page(admin_user, "Before")
    applying.forget_next_due()  # no read of this process would apply it either
    change = scheduled(admin_user, page, timezone.now() + timedelta(seconds=2), name="After")
    running = worker("worker-a", batch=False)

    def work() -> None:
        try:
            running.run()
        finally:
            connections.close_all()

    thread = threading.Thread(target=work)
    thread.start()
    try:
        # This thread asks the database nothing meanwhile: SQLite's shared in-memory test
        # database answers a read racing the worker's write "table is locked" (a file waits).
        time.sleep(max(0.0, (change.at - timezone.now()).total_seconds()) + 3)
    finally:
        running.running = False
        thread.join(10)
    assert not thread.is_alive()
    change.refresh_from_db()
    assert change.state == ScheduledState.APPLIED
    assert change.applied_at is not None
    assert timedelta(0) <= change.applied_at - change.at < timedelta(seconds=2)
    assert name_of(page) == "After"
    assert PageRevision.objects.filter(page=page, kind="scheduled").count() == 1
    # the chain goes on: one round waits, for at most the poll interval from now
    waiting = list(rounds().values_list("run_after", flat=True))
    assert len(waiting) == 1
    assert waiting[0] <= timezone.now() + timedelta(seconds=settings.CMS_SCHEDULE_POLL_SECONDS)


def test_a_change_whose_task_was_lost_is_applied_by_the_round_housekeeping_queues(admin_user, db):
    """Nothing an operator schedules: every worker's housekeeping starts a round when none waits."""
    assert "cms.pages.scheduling.tasks.keep_applying_queued" in settings.CMS_WORKER_HOUSEKEEPING
    assert settings.CMS_SCHEDULE_POLL_SECONDS <= 60
    page = make_page(admin_user, "Before")
    change = scheduled(admin_user, page, timezone.now(), name="After")
    DBTaskResult.objects.all().delete()  # its task lost (a database restored from before it …)

    run_housekeeping()  # what each worker does about every minute
    assert rounds().count() == 1
    run_queued_tasks()

    change.refresh_from_db()
    assert change.state == ScheduledState.APPLIED
    assert name_of(page) == "After"
    assert rounds(TaskResultStatus.SUCCESSFUL).get().return_value == 1
    # the successor waits the poll interval (nothing else is due); the next housekeeping adds none
    successor = rounds().get()
    assert successor.run_after <= timezone.now() + timedelta(seconds=settings.CMS_SCHEDULE_POLL_SECONDS)
    assert tasks.keep_applying_queued() is False
    assert rounds().count() == 1


def test_housekeeping_ignores_rounds_queued_for_changes_far_off(admin_user, db):
    page = make_page(admin_user, "Before")
    scheduled(admin_user, page, timezone.now() + timedelta(days=3), name="After")
    assert tasks.keep_applying_queued() is True  # the change's own round does not keep the chain
    assert tasks.keep_applying_queued() is False
    assert rounds().count() == 2


def test_the_next_round_is_queued_for_the_next_change_when_it_comes_first(admin_user, db):
    page = make_page(admin_user, "Before")
    soon = timezone.now() + timedelta(seconds=5)
    scheduled(admin_user, page, soon, name="After")
    DBTaskResult.objects.all().delete()

    assert tasks.apply_due_changes.call() == 0

    assert list(rounds().values_list("run_after", flat=True)) == [soon]


def test_a_change_still_due_after_a_round_is_tried_again_soon_not_in_a_busy_loop(admin_user, db, monkeypatch):
    page = make_page(admin_user, "Before")
    scheduled(admin_user, page, timezone.now(), name="After")
    DBTaskResult.objects.all().delete()
    monkeypatch.setattr(applying, "apply_due", lambda now=None, *, limit=applying.ROUND: 0)  # held by another

    before = timezone.now()
    tasks.apply_due_changes.call()

    run_after = rounds().get().run_after
    assert before + timedelta(seconds=tasks.RETRY_S) <= run_after <= timezone.now() + timedelta(seconds=5)


def test_several_chains_collapse_to_one(db):
    for _ in range(3):  # as if three workers' housekeeping had each started one at the same moment
        tasks.apply_due_changes.using(run_after=timezone.now()).enqueue()

    run_queued_tasks()

    assert rounds(TaskResultStatus.SUCCESSFUL).count() == 3
    assert rounds().count() == 1


def test_a_round_that_fails_still_queues_the_next(admin_user, db, monkeypatch):
    page = make_page(admin_user, "Before")
    change = scheduled(admin_user, page, timezone.now(), name="After")
    DBTaskResult.objects.all().delete()

    def away(now=None, *, limit=applying.ROUND):
        raise OperationalError("the database is away for a moment")

    with monkeypatch.context() as during:
        during.setattr(applying, "apply_due", away)
        with pytest.raises(OperationalError):
            tasks.apply_due_changes.call()
    assert rounds().get().run_after >= timezone.now() + timedelta(seconds=settings.CMS_SCHEDULE_POLL_SECONDS - 5)

    DBTaskResult.objects.update(run_after=timezone.now())  # its time has come
    run_queued_tasks()
    change.refresh_from_db()
    assert change.state == ScheduledState.APPLIED


def test_a_round_with_more_due_than_one_round_applies_goes_on_at_once(admin_user, db, monkeypatch):
    monkeypatch.setattr(applying, "ROUND", 2)
    monkeypatch.setattr(tasks, "RUN_FOR_S", 0)  # one round per task: the rest is queued for now
    pages = [make_page(admin_user, f"Page {n}", path_segment=f"page-{n}") for n in range(5)]
    for page in pages:
        scheduled(admin_user, page, timezone.now(), name=f"{name_of(page)} after")
    DBTaskResult.objects.all().delete()

    assert tasks.apply_due_changes.call() == 2
    assert rounds().get().run_after <= timezone.now()
    run_queued_tasks()

    assert set(ScheduledChange.objects.values_list("state", flat=True)) == {ScheduledState.APPLIED}


def test_a_read_after_a_worker_applied_the_change_stops_asking(admin_user, db, django_assert_num_queries):
    page = make_page(admin_user, "Before")
    change = scheduled(admin_user, page, timezone.now(), name="After")  # this process knows it is due
    run_queued_tasks()  # a worker applied it
    change.refresh_from_db()
    assert change.state == ScheduledState.APPLIED

    applying.apply_if_due(page_id=page.pk)  # finds nothing left, and learns that nothing waits
    with django_assert_num_queries(0):
        applying.apply_if_due(page_id=page.pk)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_two_workers_running_rounds_at_once_apply_each_change_once(admin_user):
    changes = due_changes(admin_user)
    now = timezone.now()
    for _ in range(4):  # more rounds than changes' own tasks: every worker finds one to run
        tasks.apply_due_changes.using(run_after=now).enqueue()

    outcomes = at_once(*((worker(f"worker-{n}", batch=True).run, Exception) for n in range(2)))

    assert outcomes == ["done", "done"], outcomes
    assert_each_applied_once(changes)
    assert rounds(TaskResultStatus.FAILED).count() == 0
    assert {"worker-0", "worker-1"} <= {w for ids in rounds(TaskResultStatus.SUCCESSFUL).values_list(
        "worker_ids", flat=True) for w in ids}  # fmt: skip
    assert 1 <= rounds().count() <= 2  # two that finished at the same moment may both queue one
