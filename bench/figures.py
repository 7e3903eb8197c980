"""The figures `make bench` prints (run through bench/run.py, which sets up the environment).

They print in ORDER as soon as every figure before them is known; progress goes to stderr. A
figure that can't be measured prints `name n/a (reason)`: a timeout is expected at 100,000
pages; any other error also prints its traceback on stderr and makes the exit status 1.
"""

import gzip
import json
import os
import queue
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
import traceback
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import saves
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from generate import clear, generate_pages

from cms.pages.models import PageGrant
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update

ROOT = Path(__file__).resolve().parent.parent
RUNS = int(os.environ.get("BENCH_RUNS", "7"))
SHOW_SQL = bool(os.environ.get("BENCH_SQL"))  # print each figure's statements on stderr
BROWSER_RUNS = min(RUNS, 5)  # loads of the tree screen: seconds each
SLOW_RUNS = min(RUNS, 3)  # loads of the 100k tree screen: many seconds each
BROWSER_TIMEOUT_S = 60  # per step of a browser load; beyond it the screen is not usable anyway
ORDER = (
    "tree_list_ms[1k]", "tree_list_uncached_ms[1k]", "tree_list_ms[10k]", "tree_list_uncached_ms[10k]",
    "tree_list_uncached_granted_ms[10k]", "tree_list_granted_extra_pct[10k]", "tree_children_ms",
    "tree_children_uncached_ms", "tree_search_ms",
    "tree_move_to_first_ms",
    "page_save_ms", "page_save_granted_ms", "page_create_ms", "page_save_editor_ms", "page_save_p99_under_moves_ms",
    "editor_screen_ms", "tree_move_subtree_ms", "tree_screen_interactive_ms", "tree_screen_interactive_ms[100k]",
    "tree_screen_html_kb[100k]", "editor_js_gz_kb",
)  # fmt: skip


class Report:
    """Prints the figures in ORDER, each as soon as all before it are known."""

    def __init__(self) -> None:
        self.lines: dict[str, str] = {}
        self.printed = 0
        self.errors = 0

    def value(self, name: str, value: float, unit: str, queries: int | None = None, *, note: str = "") -> None:
        text = f"{value:.1f} {unit}" + ("" if queries is None else f" {queries} queries")
        self._set(name, text + (f" ({note})" if note else ""))

    def unavailable(self, name: str, reason: str) -> None:
        self._set(name, f"n/a ({reason})")

    def failed(self, names: tuple[str, ...], error: BaseException) -> None:
        """Record an unexpected error: its traceback on stderr, n/a for the figures not yet known."""
        traceback.print_exception(error, file=sys.stderr)
        self.errors += 1
        reason = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"[:200]
        for name in names:
            if name not in self.lines:
                self.unavailable(name, reason)

    def finish(self) -> None:
        for name in ORDER:
            self.lines.setdefault(name, "n/a (not measured)")
        self._flush()

    def _set(self, name: str, text: str) -> None:
        assert name in ORDER, name
        self.lines[name] = text
        self._flush()

    def _flush(self) -> None:
        while self.printed < len(ORDER) and ORDER[self.printed] in self.lines:
            if self.lines[ORDER[self.printed]]:  # a figure left out of a partial run is not printed
                print(f"{ORDER[self.printed]} {self.lines[ORDER[self.printed]]}", flush=True)
            self.printed += 1


report = Report()


def progress(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


@contextmanager
def step(*names: str) -> Iterator[None]:
    """Run a step that yields `names`; if it fails, they print n/a and the bench goes on."""
    try:
        yield
    except Exception as error:
        report.failed(names, error)


def measure(
    action: Callable[[], Any], *, runs: int = RUNS, setup: Callable[[], Any] | None = None
) -> tuple[float, list[str]]:
    """Return the median milliseconds of `action` and the statements its last run sent.

    Every statement counts, BEGIN/COMMIT/SAVEPOINT included: each is a round trip.
    """
    if setup:
        setup()
    action()  # warm-up
    times = []
    queries: list[str] = []
    for _ in range(runs):
        if setup:
            setup()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            action()
            times.append((time.perf_counter() - start) * 1000)
        queries = [query["sql"] for query in captured.captured_queries]
    return statistics.median(times), queries


def figure(name: str, action: Callable[[], Any], *, setup: Callable[[], Any] | None = None) -> None:
    with step(name):
        ms, queries = measure(action, setup=setup)
        report.value(name, ms, "ms", len(queries))
        if SHOW_SQL:
            print(f"{name}:", *(f"  {sql[:150]}" for sql in queries), sep="\n", file=sys.stderr)


# The figures each database size yields; a size whose set-up fails prints them n/a.
SIZE_1K = ("tree_list_ms[1k]", "tree_list_uncached_ms[1k]")
SIZE_10K = (
    "tree_list_ms[10k]", "tree_list_uncached_ms[10k]", "tree_list_uncached_granted_ms[10k]",
    "tree_list_granted_extra_pct[10k]", "tree_children_ms", "tree_children_uncached_ms",
    "tree_move_to_first_ms", "page_save_ms", "page_save_granted_ms", "page_create_ms", "editor_screen_ms",
    "tree_move_subtree_ms", "tree_screen_interactive_ms", "page_save_editor_ms", "page_save_p99_under_moves_ms",
)  # fmt: skip
SIZE_100K = ("tree_search_ms", "tree_screen_html_kb[100k]", "tree_screen_interactive_ms[100k]")


class Bench:
    """A staff user, logged in, and the two things every figure does: read and change."""

    def __init__(self) -> None:
        self.password = secrets.token_urlsafe(16)
        # A name no other run uses, so a second run never trips over the first one's user.
        # An administrator: holds every right without grants (an editor with grants: tree_list_granted_ms).
        self.user = get_user_model().objects.create_user(
            f"bench-{secrets.token_hex(4)}", password=self.password, is_staff=True, is_superuser=True
        )
        self.client = Client()
        self.client.force_login(self.user)
        self.changes = 0

    def get(self, path: str) -> bytes:
        response = self.client.get(path)
        assert response.status_code == 200, (path, response.status_code, response.content[:300])
        return response.content

    def change(self, page_id: int) -> None:
        """Commit a change through the service layer: every cached read starts over."""
        self.changes += 1
        page_update(
            actor=self.user,
            page_id=page_id,
            locale="en",
            changes=PageChanges.from_payload({"body": f"Changed {self.changes}"}),
        )


def run() -> int:
    started = time.monotonic()
    call_command("migrate", verbosity=0)
    bench = Bench()
    with step(*SIZE_1K):
        tree_list(bench, generate(1_000), "1k")
    with step(*SIZE_10K):
        ids = generate(10_000)
        tree_list(bench, ids, "10k")
        granted_editor(bench, ids)
        ten_thousand(bench, ids)
    with step(*SIZE_100K):
        hundred_thousand(bench, generate(100_000))
    with step("editor_js_gz_kb"):
        editor_js_gz_kb()
    report.finish()
    progress(f"done in {time.monotonic() - started:.0f} s")
    return 1 if report.errors else 0


def generate(total: int) -> dict[str, Any]:
    start = time.perf_counter()
    clear()
    ids = generate_pages(total)
    progress(f"{total:,} pages generated in {time.perf_counter() - start:.1f} s on {connection.vendor}")
    return ids


def tree_list(bench: Bench, ids: dict[str, Any], label: str) -> None:
    # Every page, not a tree cached for the previous size.
    assert len(json.loads(bench.get("/admin/en/pages.json"))) == ids["total"]
    figure(f"tree_list_ms[{label}]", lambda: bench.get("/admin/en/pages.json"))
    figure(
        f"tree_list_uncached_ms[{label}]",
        lambda: bench.get("/admin/en/pages.json"),
        setup=lambda: bench.change(ids["leaf"]),
    )


def granted_editor(bench: Bench, ids: dict[str, Any]) -> None:
    """An editor holding edit and create on 50 subtrees: each page's rights are worked out per
    read (against an administrator, who holds everything: tree_list_uncached_ms, page_save_ms)."""
    editor = get_user_model().objects.create_user(f"bench-editor-{secrets.token_hex(4)}", is_staff=True)
    PageGrant.objects.bulk_create(
        PageGrant(user=editor, page_id=page_id, edit=True, create=True) for page_id in ids["granted"]
    )
    client = Client()
    client.force_login(editor)

    def tree() -> bytes:
        response = client.get("/admin/en/pages.json")
        assert response.status_code == 200, response.status_code
        return response.content

    held = {page["id"]: page["permissions"] for page in json.loads(tree())}
    assert held[ids["leaf"]] == ["edit", "create"] and [] in held.values(), "the grants hold for some pages only"
    figure("tree_list_uncached_granted_ms[10k]", tree, setup=lambda: bench.change(ids["leaf"]))
    with step("tree_list_granted_extra_pct[10k]"):
        report.value("tree_list_granted_extra_pct[10k]", granted_extra_pct(bench, ids, tree), "%")
    saves = iter(range(10**9))
    figure(
        "page_save_granted_ms",
        lambda: page_update(
            actor=editor,
            page_id=ids["leaf"],
            locale="en",
            changes=PageChanges.from_payload({"body": f"Granted {next(saves)}"}),
        ),
    )


def granted_extra_pct(bench: Bench, ids: dict[str, Any], editor_tree: Callable[[], bytes]) -> float:
    """How much longer the editor's first read after a change takes than the administrator's:
    the two read in turns (who reads first alternates), each after its own change, so both see
    the same machine; the median of the pairs' ratios."""
    reads = [("admin", lambda: bench.get("/admin/en/pages.json")), ("editor", editor_tree)]
    ratios = []
    for run in range(3 * RUNS):
        timed = {}
        for name, read in reads if run % 2 else reads[::-1]:
            bench.change(ids["leaf"])
            start = time.perf_counter()
            read()
            timed[name] = time.perf_counter() - start
        ratios.append(timed["editor"] / timed["admin"])
    return (statistics.median(ratios) - 1) * 100


def ten_thousand(bench: Bench, ids: dict[str, Any]) -> None:
    user, get = bench.user, bench.get
    wide = ids["wide_parent"]
    assert len(json.loads(get(f"/admin/en/pages.json?parent_id={wide}"))) == 1_000
    figure("tree_children_ms", lambda: get(f"/admin/en/pages.json?parent_id={wide}"))
    figure(  # the first read after a change: the tree's fragments are brought up to date first
        "tree_children_uncached_ms",
        lambda: get(f"/admin/en/pages.json?parent_id={wide}"),
        setup=lambda: bench.change(ids["leaf"]),
    )
    siblings, last = ids["siblings_parent"], ids["last_sibling"]
    figure(
        "tree_move_to_first_ms",  # the last of 500 siblings
        lambda: page_move(actor=user, page_id=last, parent_id=siblings, position=1),
        setup=lambda: page_move(actor=user, page_id=last, parent_id=siblings, position=500),
    )
    saves = iter(range(10**9))
    figure(
        "page_save_ms",
        lambda: page_update(
            actor=user,
            page_id=ids["leaf"],
            locale="en",
            changes=PageChanges.from_payload({"body": f"Saved {next(saves)}"}),
        ),
    )
    figure(
        "page_create_ms",  # under the parent of 500 children (a few more after each run)
        lambda: page_create(
            actor=user, locale="en", changes=PageChanges.from_payload({"name": "New", "parent_page_id": siblings})
        ),
    )
    figure("editor_screen_ms", lambda: get(f"/admin/en/pages/{ids['leaf']}/edit"))
    subtree, home, position = ids["subtree_root"], ids["subtree_home"], ids["subtree_position"]
    figure(
        "tree_move_subtree_ms",  # 1,000 descendants, to the front of another parent's children
        lambda: page_move(actor=user, page_id=subtree, parent_id=ids["subtree_target"], position=1),
        setup=lambda: page_move(actor=user, page_id=subtree, parent_id=home, position=position),
    )
    with step("tree_screen_interactive_ms"):
        tree_screen("tree_screen_interactive_ms", bench, ids, loads=BROWSER_RUNS)
    editor_saves(bench, ids)


def editor_saves(bench: Bench, ids: dict[str, Any]) -> None:
    """page_save_editor_ms and page_save_p99_under_moves_ms (bench/saves.py)."""
    with step("page_save_editor_ms", "page_save_p99_under_moves_ms"):
        saves.run(bench.user, ids, figure=figure, value=report.value, unavailable=report.unavailable, step=step)


def run_saves() -> int:
    """The editor's save figures alone (BENCH_ONLY=saves), on 10,000 pages."""
    call_command("migrate", verbosity=0)
    bench = Bench()
    with step("page_save_editor_ms", "page_save_p99_under_moves_ms"):
        editor_saves(bench, generate(10_000))
    for name in ORDER:
        if name not in ("page_save_editor_ms", "page_save_p99_under_moves_ms"):
            report.lines.setdefault(name, "")
    report.finish()
    return 1 if report.errors else 0


def hundred_thousand(bench: Bench, ids: dict[str, Any]) -> None:
    word = ids["search"]
    found = json.loads(bench.get(f"/admin/en/pages.json?q={word}"))
    assert sum(word in page["blocks"]["name"].get("en", "") for page in found) == 20, "the search must match 20 pages"
    figure("tree_search_ms", lambda: bench.get(f"/admin/en/pages.json?q={word}"))
    with step("tree_screen_html_kb[100k]"):
        bench.change(ids["leaf"])
        start = time.perf_counter()
        size = len(bench.get("/admin/en/pages"))  # uncompressed, as the browser parses it
        progress(f"the tree screen's HTML for 100k pages took {time.perf_counter() - start:.1f} s to make")
        report.value("tree_screen_html_kb[100k]", size / 1024, "KB")
    with step("tree_screen_interactive_ms[100k]"):
        tree_screen("tree_screen_interactive_ms[100k]", bench, ids, loads=SLOW_RUNS)


# --- The tree screen in Chromium against gunicorn --------------------------------------------


def tree_screen(name: str, bench: Bench, ids: dict[str, Any], *, loads: int) -> None:
    """Serve the database with gunicorn; time the tree screen in Chromium, each load after a change."""
    script = ROOT / "e2e" / "bench" / "treeScreen.mjs"
    if not script.exists() or not (ROOT / "e2e" / "node_modules").exists():
        report.unavailable(name, "no browser benchmark: run scripts/setup.sh --browser")
        return
    with gunicorn() as base_url:
        env = {**os.environ, "BASE_URL": base_url, "USERNAME": bench.user.get_username(), "PASSWORD": bench.password,
               "LOADS": str(loads), "TIMEOUT_MS": str(BROWSER_TIMEOUT_S * 1000), "SYNC": "stdin",
               "WATCHDOG_MS": str(watchdog_s(loads) * 1000)}  # fmt: skip
        stderr_path = Path(os.environ["VAR_DIR"]) / "browser-stderr.txt"
        with stderr_path.open("w+") as stderr:
            browser = subprocess.Popen(
                ["node", str(script)], cwd=ROOT / "e2e", env=env, text=True,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
            )  # fmt: skip
            try:
                result = talk_to_browser(
                    browser, lambda: bench.change(ids["leaf"]), deadline=time.monotonic() + watchdog_s(loads) + 30
                )
            finally:
                stop(browser)
            stderr.seek(0)
            message = next((line.strip() for line in stderr if line.strip()), "")[:160]  # the error's first line
    if result is not None:
        report.value(name, result, "ms")
    elif browser.returncode == 3:  # Playwright's TimeoutError
        report.unavailable(name, f"timed out: a step of a load took over {BROWSER_TIMEOUT_S} s: {message}")
    elif browser.returncode == 2 or browser.returncode < 0:  # its watchdog, or stopped here
        report.unavailable(name, f"timed out: {loads} loads took over {watchdog_s(loads)} s")
    else:
        raise RuntimeError(f"the browser benchmark failed with exit {browser.returncode}: {message}")


def watchdog_s(loads: int) -> int:
    return BROWSER_TIMEOUT_S * (loads + 3)  # the loads, the login and the first load, launching


def talk_to_browser(browser: subprocess.Popen, change: Callable[[], None], *, deadline: float) -> float | None:
    """Commit a change whenever the script is about to load the screen; return its median."""
    assert browser.stdout and browser.stdin
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:  # a thread, so every wait below is bounded
        assert browser.stdout
        for line in browser.stdout:
            lines.put(line.strip())
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    result = None
    while True:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            return None  # stop() ends it; reported as timed out
        if line is None:
            browser.wait(timeout=30)
            return result
        if line == "ready":
            change()
            browser.stdin.write("go\n")
            browser.stdin.flush()
        elif line.startswith("tree_screen_interactive_ms "):
            result = float(line.split()[1])
        else:
            print(line, file=sys.stderr)


GUNICORN_CONFIG = ROOT / "backend" / "config" / "gunicorn.conf.py"


@contextmanager
def gunicorn(workers: int = 2, env: dict[str, str] | None = None) -> Iterator[str]:
    """The production server (scripts/run.sh's), on a free port of 127.0.0.1, for this database
    (`env`: settings of its own beside this process's)."""
    connection.close()  # the server's processes open their own
    port = free_port()
    # Production's settings and logs (an access line per request, as JSON), into a file: the
    # figures count what writing them costs, and the bench's output stays its figures.
    log = open(Path(os.environ["VAR_DIR"]) / f"gunicorn-{port}.log", "ab")  # noqa: SIM115 (closed with the server)
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "--chdir", str(ROOT / "backend"), "-c", str(GUNICORN_CONFIG),
         "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--log-level", "warning"],
        # The same settings, database and cache as this process, and production's access log.
        env={**os.environ, "CMS_ACCESS_LOG": "true", **(env or {})}, stdout=log, stderr=log,
    )  # fmt: skip
    try:
        wait_for(f"http://127.0.0.1:{port}/admin/login/")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(server)
        log.close()


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)


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
        report.unavailable("editor_js_gz_kb", "frontend not built")
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
    report.value("editor_js_gz_kb", size / 1024, "KB")
