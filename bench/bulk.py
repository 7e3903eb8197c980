"""The bulk action figures of `make bench` (issue 33, item 5). BENCH_ONLY=bulk: these alone.

- `bulk_publish_1000_s`: one bulk job publishing 1,000 draft pages, from its request to its last
  page, run by a worker of the task engine in a process of its own (`manage.py run_tasks`, as
  in production); target ≤ 20 s.
- `tree_during_bulk_ms`: the tree list (`GET /admin/en/pages.json`, every page) read again and
  again in this process while the job runs, each read after a page the job committed (the
  cached tree rebuilt for what changed); the median, with the slowest read beside it; target
  under 100 ms.
"""

import os
import statistics
import subprocess
import sys
import time
import traceback
from pathlib import Path

from figures import Bench, generate
from measuring import progress

PAGES = 1_000
NAMES = ("bulk_publish_1000_s", "tree_during_bulk_ms")
MANAGE = Path(__file__).resolve().parent.parent / "backend" / "manage.py"
DEADLINE_S = 600


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    try:
        figures()
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        for name in NAMES:
            print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    return 0


def figures() -> None:
    from django.db import transaction

    from cms.pages.bulk import services
    from cms.pages.models import BulkJob, Page, Status
    from cms.pages.tree import cache as tree_cache

    generate(PAGES)
    bench = Bench()
    # Every page a draft (bypassing the services: the data's set-up, not what is measured).
    with transaction.atomic():
        Page.objects.exclude(status=Status.DELETED).update(status=Status.DRAFT)
        tree_cache.invalidate_on_commit(everything=True)
    page_ids = list(Page.objects.exclude(status=Status.DELETED).order_by("pk").values_list("pk", flat=True))[:PAGES]
    bench.get("/admin/en/pages.json")  # the tree cached, as an editor's screen has it
    started = time.monotonic()
    job = services.start_job(actor=bench.user, locale="en", action="publish", page_ids=page_ids, fields_sent=set())
    worker = subprocess.Popen(
        [sys.executable, str(MANAGE), "run_tasks", "--batch", "--interval", "0.05", "--no-startup-delay", "-v", "0"],
        env={**os.environ, "CMS_TASK_WORKER_PARENT": str(os.getpid())},
    )
    reads: list[float] = []
    try:
        while worker.poll() is None and time.monotonic() - started < DEADLINE_S:
            read_started = time.perf_counter()
            bench.get("/admin/en/pages.json")
            reads.append((time.perf_counter() - read_started) * 1000)
            time.sleep(0.05)  # an editor's screen polling, not a loop starving the worker of the cores
    finally:
        if worker.poll() is None:
            worker.kill()
        worker.wait()
    job = BulkJob.objects.get(pk=job.pk)
    assert job.state == "done" and job.failed == job.refused == 0, (job.state, job.done, job.failed, job.refused)
    assert job.finished_at is not None
    seconds = (job.finished_at - job.created_at).total_seconds()
    published = Page.objects.filter(pk__in=page_ids, status=Status.PUBLISHED).count()
    progress(f"bulk: {published:,} of {len(page_ids):,} pages published by one job; {len(reads)} tree reads meanwhile")
    print(f"bulk_publish_1000_s {seconds:.1f} s ({len(page_ids):,} pages)", flush=True)
    if reads:
        slowest = max(reads)
        print(f"tree_during_bulk_ms {statistics.median(reads):.1f} ms (slowest {slowest:.1f} ms, {len(reads)} reads)")


if __name__ == "__main__" and os.environ.get("DJANGO_SETTINGS_MODULE"):
    sys.exit(run())
