"""A bulk job whose worker process is killed outright (SIGKILL) mid-job: another worker picks it
up where it stopped, and every page is written once (PostgreSQL: workers in other processes
need a database they share)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

from cms.pages.bulk import services
from cms.pages.models import BulkJob, BulkResult, Page, PageRevision, Status

BACKEND_DIR = Path(__file__).resolve().parents[4]
PAGES = 300


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.long
@pytest.mark.postgres
def test_a_worker_killed_mid_job_leaves_it_to_another_which_writes_each_page_once(
    transactional_db, admin_user, make_page
):
    if "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("workers in other processes need a database they share: PostgreSQL")
    from cms.core.tests.system.servers import database_url

    pages = [make_page(f"Page {n}", path_segment=f"page-{n}") for n in range(PAGES)]
    ids = [page.pk for page in pages]
    created = PageRevision.objects.filter(page_id__in=ids).count()
    job = services.start_job(actor=admin_user, locale="en", action="publish", page_ids=ids, fields_sent=set())
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CMS_", "EMAIL_"))}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url(),
        SECRET_KEY=settings.SECRET_KEY,
        CMS_TASK_STALE_SECONDS="2",
        CMS_BULK_SLICE_SECONDS="0.3",
        LOG_FORMAT="text",
    )
    command = [sys.executable, str(BACKEND_DIR / "manage.py"), "run_tasks", "--interval", "0.1", "--no-startup-delay"]
    progress = BulkJob.objects.filter(pk=job.pk).values_list("done", flat=True)
    first = subprocess.Popen(command, cwd=BACKEND_DIR, env=environment)
    try:
        assert wait_until(lambda: progress.get() >= 30, 60), "the first worker wrote too few pages"
        first.send_signal(signal.SIGKILL)  # mid-job, likely mid-page
        first.wait(10)
        stopped_at = progress.get()
        assert stopped_at < PAGES, "the job ended before the kill: nothing was tested"
        second = subprocess.Popen(command, cwd=BACKEND_DIR, env=environment)
        try:
            assert wait_until(lambda: BulkJob.objects.get(pk=job.pk).state == "done", 120), progress.get()
        finally:
            second.terminate()
            second.wait(30)
    finally:
        if first.poll() is None:
            first.kill()
    job = BulkJob.objects.get(pk=job.pk)
    assert (job.done, job.refused, job.failed) == (PAGES, 0, 0), BulkResult.objects.filter(job=job).first().reason
    results = BulkResult.objects.filter(job=job).order_by("position")
    assert list(results.values_list("position", "page_id", "outcome")) == [
        (n, page_id, "done") for n, page_id in enumerate(ids)
    ]
    assert Page.objects.filter(pk__in=ids, status=Status.PUBLISHED).count() == PAGES
    assert PageRevision.objects.filter(page_id__in=ids).count() == created + PAGES  # one each: none written twice
