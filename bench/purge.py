"""The full-page cache's figure of `make bench` (BENCHMARKS.md, issue 31 item 8).

- `purge_after_publish_ms`: from the commit of a publish (a page's new name saved through the
  editor's service) to its purge reaching Varnish, on 127.0.0.1: a real varnishd with the
  project's VCL, and a worker of the task engine in a process of its own polling as gunicorn's
  embedded one does (CMS_TASK_POLL_SECONDS, `manage.py run_tasks`). The moment the purge reached
  Varnish is the ban's own time in `varnishadm ban.list`, so asking Varnish adds nothing to it.
"""

import os
import statistics
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from measuring import RUNS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "backend"))


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    try:
        print(f"purge_after_publish_ms {purge_figure():.1f} ms", flush=True)
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        print(f"purge_after_publish_ms n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    return 0


def purge_figure() -> float:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from cms.pages.models import Status
    from cms.pages.saving.payload import PageChanges
    from cms.pages.saving.services import page_create, page_update
    from cms.site.tests.varnish import free_port, running_varnish

    actor = get_user_model().objects.create_superuser("purge-bench", "purge-bench@example.com", "bench-pass-123")
    now = timezone.now().isoformat()

    def create(name: str, parent: int | None) -> int:
        changes = {"name": name, "parent_page_id": parent, "status": Status.PUBLISHED, "published_at": now}
        return page_create(actor=actor, locale="en", changes=PageChanges.from_payload(changes)).pk

    top = create("Purge bench", None)  # before the cache is named: nothing queued for it
    page = create("Purged page", top)
    with running_varnish(free_port(), lurker=False) as varnish:
        settings.CMS_PURGE_URLS = [varnish.url]
        worker = subprocess.Popen(
            [sys.executable, str(ROOT / "backend" / "manage.py"), "run_tasks", "-v", "0",
             "--interval", os.environ.get("CMS_TASK_POLL_SECONDS", "0.1")],
            env={**os.environ, "CMS_PURGE_URLS": varnish.url},
        )  # fmt: skip
        try:
            times = []
            for run in range(max(RUNS, 15) + 1):  # the first: a warm-up
                known = max(_bans(varnish), default=0.0)
                changes = PageChanges.from_payload({"name": f"Purged page {run}"})
                page_update(actor=actor, page_id=page, locale="en", changes=changes)  # commits: autocommit
                committed = time.time()
                reached = _wait_for_ban(varnish, known)
                if run:
                    times.append((reached - committed) * 1000)
                time.sleep(0.137)  # the next commit at another point of the worker's polling
        finally:
            worker.terminate()
            worker.wait(timeout=30)
    return statistics.median(times)


def _bans(varnish: Any) -> list[float]:
    """The times of the bans Varnish holds (the purges that reached it), but the one it starts with."""
    lines = varnish.bans().splitlines()[1:]
    return [float(line.split()[0]) for line in lines if "X-Cache-Url" in line]


def _wait_for_ban(varnish: Any, known: float, timeout: float = 30.0) -> float:
    """The time of the first ban newer than `known` (a ban like an older one replaces it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        newest = max(_bans(varnish), default=0.0)
        if newest > known:
            return newest
        time.sleep(0.01)
    raise TimeoutError("the purge did not reach Varnish")
