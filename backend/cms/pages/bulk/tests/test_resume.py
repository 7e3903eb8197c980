"""A bulk job survives a killed worker: it resumes at the first page without a result, and no
page is written twice (the task engine's database backend and its recovery of stalled tasks)."""

from datetime import timedelta
from unittest.mock import Mock

import pytest
from django.db import DataError, OperationalError
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from cms.background.recovery import requeue_stalled_tasks
from cms.background.tests.worker import run_queued_tasks
from cms.pages.bulk import actions, tasks
from cms.pages.models import BulkJob, BulkResult, PageRevision, Status

from .conftest import fresh, started


class Killed(BaseException):
    """The worker's process ending mid-page (SIGKILL): nothing after it runs, nothing is caught."""


@pytest.fixture
def many(make_page):
    return [make_page(f"Page {n}", path_segment=f"page-{n}") for n in range(1, 9)]


def test_a_worker_killed_mid_page_leaves_the_job_to_resume_where_it_stopped(api, many, monkeypatch, settings):
    revisions = {page.pk: PageRevision.objects.filter(page=page).count() for page in many}
    job = started(api, action="publish", page_ids=[page.pk for page in many])
    # A worker claims the task, writes three pages, and dies inside the fourth page's write.
    task = DBTaskResult.objects.get()
    DBTaskResult.objects.filter(pk=task.pk).update(
        status=TaskResultStatus.RUNNING, started_at=timezone.now(), worker_ids=["dead-worker"]
    )
    publish = actions.ACTIONS["publish"]
    calls = []

    def dies_on_the_fourth(*args):
        calls.append(args[1])
        publish(*args)  # the page is written in its transaction ...
        if len(calls) == 4:
            raise Killed  # ... and the process ends before it commits

    monkeypatch.setitem(actions.ACTIONS, "publish", dies_on_the_fourth)
    with pytest.raises(Killed):
        tasks.run_slice(job["id"])
    stopped = BulkJob.objects.get(pk=job["id"])
    assert (stopped.state, stopped.done) == ("running", 3)
    assert fresh(many[3]).status == Status.DRAFT  # its write went with its transaction
    assert api.get(f"/admin/jobs/{job['id']}.json").json()["done"] == 3

    # Past its staleness, a worker's recovery puts the task back; the next worker finishes it.
    monkeypatch.setitem(actions.ACTIONS, "publish", publish)
    settings.CMS_TASK_STALE_SECONDS = 60
    DBTaskResult.objects.filter(pk=task.pk).update(started_at=timezone.now() - timedelta(seconds=61))
    assert requeue_stalled_tasks() == 1
    run_queued_tasks()

    answer = api.get(f"/admin/jobs/{job['id']}.json").json()
    assert (answer["state"], answer["done"], answer["refused"], answer["failed"]) == ("done", 8, 0, 0)
    assert [r["page_id"] for r in answer["results"]] == [page.pk for page in many]
    assert list(BulkResult.objects.order_by("position").values_list("position", flat=True)) == list(range(8))
    for page in many:
        assert fresh(page).status == Status.PUBLISHED
        assert PageRevision.objects.filter(page=page).count() == revisions[page.pk] + 1, page
    assert DBTaskResult.objects.get(pk=task.pk).status == TaskResultStatus.SUCCESSFUL


def test_a_job_runs_in_slices_each_queueing_the_rest(api, many, settings):
    settings.CMS_BULK_SLICE_SECONDS = 0  # one page a task: each queues the next
    job = started(api, action="hide", page_ids=[page.pk for page in many])
    run_queued_tasks()
    assert BulkJob.objects.get(pk=job["id"]).state == "done"
    assert DBTaskResult.objects.filter(status=TaskResultStatus.SUCCESSFUL).count() == len(many)
    assert all(fresh(page).status == Status.HIDDEN for page in many)


def test_a_second_run_of_a_finished_or_partly_run_job_writes_nothing_twice(api, many):
    job = started(api, action="delete", page_ids=[page.pk for page in many])
    assert tasks.run_slice(job["id"], pages=5) is True
    assert tasks.run_slice(job["id"], pages=5) is False  # the three left
    assert tasks.run_slice(job["id"]) is False  # done: nothing to do
    run_queued_tasks()  # the task queued at the start finds it done
    assert BulkResult.objects.filter(job_id=job["id"]).count() == 8
    assert all(fresh(page).status == Status.DELETED for page in many)


def test_a_job_whose_creator_is_deleted_goes_with_them(api, admin_user, many, editor):
    from cms.pages.bulk import services

    job = services.start_job(actor=editor, locale="en", action="publish", page_ids=[many[0].pk], fields_sent=set())
    editor.delete()
    run_queued_tasks()
    assert not BulkJob.objects.filter(pk=job.pk).exists()
    assert fresh(many[0]).status == Status.DRAFT


def test_a_database_gone_for_the_moment_queues_the_job_again_and_an_error_of_ours_does_not(api, many, monkeypatch):
    job = started(api, action="hide", page_ids=[page.pk for page in many])
    task, queued = tasks.run_bulk_job, []

    class Queue:  # what the task queues next, instead of the task engine
        def using(self, **options):
            queued.append(options)
            return self

        def enqueue(self, job_id):
            queued.append(job_id)

    monkeypatch.setattr(tasks, "run_bulk_job", Queue())
    monkeypatch.setattr(tasks, "run_slice", Mock(side_effect=OperationalError("the server closed the connection")))
    task.call(job["id"])
    assert queued[-1] == job["id"] and "run_after" in queued[0]

    queued.clear()
    monkeypatch.setattr(tasks, "run_slice", Mock(side_effect=DataError("value too long for type")))
    with pytest.raises(DataError):  # the task fails and is logged; it does not come back for ever
        task.call(job["id"])
    assert queued == []
