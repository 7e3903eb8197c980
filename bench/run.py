"""`make bench`: print one line per figure, `name median unit [queries]` (see BENCHMARKS.md).

Runs in process against a fresh SQLite database in a temporary folder, after a warm-up, taking
the median of several runs; query counts exclude transaction control (BEGIN/COMMIT).
"""

import gzip
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "bench")]
os.environ.setdefault("VAR_DIR", tempfile.mkdtemp(prefix="cms-bench-"))
os.environ.pop("DATABASE_URL", None)  # the targets are set on SQLite
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"  # the production cache, in VAR_DIR

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from generate import generate_pages  # noqa: E402

from cms.pages.models import Page, PageLocalization  # noqa: E402
from cms.pages.read_model import invalidate_on_commit  # noqa: E402
from cms.pages.services import page_create, page_move, page_update  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "7"))
CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def measure(
    action: Callable[[], Any], *, runs: int = RUNS, setup: Callable[[], Any] | None = None
) -> tuple[float, int]:
    """Return the median milliseconds of `action` and the SQL statements of its last run."""
    action()  # warm-up
    times = []
    queries = 0
    for _ in range(runs):
        if setup:
            setup()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            action()
            times.append((time.perf_counter() - start) * 1000)
        queries = len([q for q in captured.captured_queries if not q["sql"].upper().startswith(CONTROL)])
    return statistics.median(times), queries


def report(name: str, value: float, unit: str, queries: int | None = None) -> None:
    line = f"{name} {value:.1f} {unit}"
    if queries is not None:
        line += f" {queries} queries"
    print(line, flush=True)


def touch(page_id: int) -> None:
    """Record a change to a page, as any save does (so cached reads start over)."""
    Page.objects.filter(pk=page_id).update(lock_version=F("lock_version") + 1)
    invalidate_on_commit()


def client() -> Client:
    user = get_user_model().objects.create_user(f"bench{time.time_ns()}", password="x", is_staff=True)
    c = Client()
    c.force_login(user)
    return c


def bench_size(total: int) -> None:
    PageLocalization.objects.all().delete()
    Page.objects.update(parent=None)  # parents are protected from deletion
    Page.objects.all().delete()
    ids = generate_pages(total)
    label = f"{total // 1000}k"
    c = client()

    def get(path: str) -> None:
        response = c.get(path)
        assert response.status_code == 200, response.content[:300]

    ms, q = measure(lambda: get("/admin/en/pages.json"))
    report(f"tree_list_ms[{label}]", ms, "ms", q)
    # The same call right after a change: nothing cached, the full two-query read and render.
    ms, q = measure(lambda: get("/admin/en/pages.json"), setup=lambda: touch(ids["leaf"]))
    report(f"tree_list_uncached_ms[{label}]", ms, "ms", q)
    if total < 10_000:
        return
    parent = ids["siblings_parent"]
    ms, q = measure(lambda: get(f"/admin/en/pages.json?parent_id={parent}"))
    report("tree_children_ms[500]", ms, "ms", q)
    # "Page 123" names pages 123 and 1230-1239: 11 matches, answered with their ancestors.
    ms, q = measure(lambda: get("/admin/en/pages.json?q=Page%20123"))
    report(f"tree_search_ms[{label}]", ms, "ms", q)
    ms, q = measure(
        lambda: page_move(page_id=ids["last_sibling"], parent_id=ids["siblings_parent"], position=1),
        setup=lambda: page_move(page_id=ids["last_sibling"], parent_id=ids["siblings_parent"], position=500),
    )
    report("tree_move_to_first_ms", ms, "ms", q)
    counter = iter(range(10**6))
    ms, q = measure(lambda: page_update(page_id=ids["leaf"], locale="en", changes={"body": f"Changed {next(counter)}"}))
    report("page_save_ms", ms, "ms", q)
    user = get_user_model().objects.first()
    ms, q = measure(
        lambda: page_create(locale="en", changes={"name": "New", "parent_page_id": ids["parent"]}, user=user)
    )
    report("page_create_ms", ms, "ms", q)
    ms, q = measure(lambda: get(f"/admin/en/pages/{ids['leaf']}/edit"))
    report("editor_screen_ms", ms, "ms", q)
    subtree = ids["subtree_root"]
    ms, q = measure(
        lambda: page_move(page_id=subtree, parent_id=ids["siblings_parent"], position=1),
        setup=lambda: page_move(page_id=subtree, parent_id=None, position=1),
    )
    report("tree_move_subtree_ms", ms, "ms", q)
    tree_screen_interactive()


def tree_screen_interactive() -> None:
    """Serve the 10k-page database with gunicorn and time the tree screen in Chromium."""
    script = ROOT / "e2e" / "bench" / "treeScreen.mjs"
    if not script.exists():
        print("tree_screen_interactive_ms n/a (no browser benchmark)")
        return
    get_user_model().objects.create_user("bench-browser", password="bench-password-1", is_staff=True)
    connection.close()  # let the server's processes see every row
    port = free_port()
    env = dict(os.environ)  # the same settings and database as this process
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "--chdir", str(ROOT / "backend"), "config.wsgi",
         "--bind", f"127.0.0.1:{port}", "--workers", "2", "--log-level", "warning"],
        env=env,
    )  # fmt: skip
    try:
        wait_for(f"http://127.0.0.1:{port}/admin/login/")
        browser_env = {**env, "BASE_URL": f"http://127.0.0.1:{port}", "USERNAME": "bench-browser",
                       "PASSWORD": "bench-password-1"}  # fmt: skip
        result = subprocess.run(["node", str(script)], env=browser_env, cwd=ROOT / "e2e", timeout=300)
        if result.returncode != 0:
            print(f"tree_screen_interactive_ms n/a (the browser benchmark failed: exit {result.returncode})")
    finally:
        server.terminate()
        server.wait(timeout=30)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer {url} within {seconds} s")


def editor_js_gz_kb() -> None:
    dist = ROOT / "frontend" / "dist"
    manifest_path = dist / ".vite" / "manifest.json"
    if not manifest_path.exists():
        print("editor_js_gz_kb n/a (frontend not built)")
        return
    manifest = json.loads(manifest_path.read_text())
    seen: set[str] = set()

    def collect(key: str) -> None:
        if key in seen:
            return
        seen.add(key)
        for imported in manifest[key].get("imports", []):
            collect(imported)

    collect("src/app/pageEditor.tsx")
    size = sum(len(gzip.compress((dist / manifest[k]["file"]).read_bytes(), 9)) for k in seen)
    report("editor_js_gz_kb", size / 1024, "KB")


def main() -> None:
    call_command("migrate", verbosity=0)
    for total in (1_000, 10_000):
        bench_size(total)
    editor_js_gz_kb()


if __name__ == "__main__":
    main()
