"""Scheduled changes going live by themselves (issue 20, item 6): the ticker thread applies them
without any outside job and never dies of an error; several processes applying at once apply
each change once (PostgreSQL: real concurrency); a change left waiting by a process that
stopped goes live when another starts."""

import logging
import os
import subprocess
import sys
import textwrap
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import OperationalError, connection, connections, transaction
from django.utils import timezone

from cms.pages.models import Page, PageRevision, ScheduledChange, ScheduledState
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create
from cms.pages.scheduling import applying, ticker
from cms.pages.scheduling.services import schedule
from cms.pages.schemas import PageFieldsIn
from cms.pages.tests.concurrency import at_once

BACKEND_DIR = Path(__file__).resolve().parents[4]
postgresql_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")


def make_page(actor: Any, name: str, **fields: Any) -> Page:
    changes = PageChanges.from_payload({"name": name, **fields})
    return page_create(actor=actor, locale="en", changes=changes)


def scheduled(actor: Any, page: Page, at: Any, **fields: Any) -> ScheduledChange:
    page.refresh_from_db()
    return schedule(
        actor=actor, page_id=page.pk, locale="en", fields=PageFieldsIn.model_validate(fields), at=at,
        lock_version=page.lock_version,
    )  # fmt: skip


def wait_for(condition, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def name_of(page: Page) -> str:
    return page.localizations.get(locale="en").name


@pytest.mark.django_db(transaction=True)
def test_the_ticker_applies_a_due_change_by_itself(admin_user):
    page = make_page(admin_user, "Before")
    change = scheduled(admin_user, page, timezone.now() + timedelta(seconds=0.3), name="After")
    clock = ticker.Ticker(interval=0.05)
    clock.start()
    try:
        assert wait_for(lambda: ScheduledChange.objects.get(pk=change.pk).state == ScheduledState.APPLIED)
    finally:
        clock.stop()
        clock.join(5)
    assert name_of(page) == "After"
    applied = ScheduledChange.objects.get(pk=change.pk)
    assert applied.applied_at >= applied.at
    assert PageRevision.objects.filter(page=page, kind="scheduled").count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_ticker_survives_errors(admin_user, monkeypatch, caplog):
    page = make_page(admin_user, "Before")
    real = applying.apply_due
    calls = {"count": 0}

    def failing_then_real(now=None):
        calls["count"] += 1
        if calls["count"] <= 2:
            raise RuntimeError("the database is away")
        return real(now)

    monkeypatch.setattr(applying, "apply_due", failing_then_real)
    change = scheduled(admin_user, page, timezone.now(), name="After")
    clock = ticker.Ticker(interval=0.05)
    clock.start()
    try:
        assert wait_for(lambda: ScheduledChange.objects.get(pk=change.pk).state == ScheduledState.APPLIED)
    finally:
        clock.stop()
        clock.join(5)
    assert calls["count"] >= 3
    assert "the database is away" in caplog.text


def test_a_read_never_fails_because_applying_does(admin_user, monkeypatch, caplog, db):
    monkeypatch.setattr(applying, "apply_due", lambda now=None, limit=0: 1 / 0)
    applying.note_due(timezone.now() - timedelta(seconds=1))

    applying.apply_if_due()  # no exception

    assert "ZeroDivisionError" in caplog.text
    # …and reads leave it to the ticker for a while instead of failing on every request
    with pytest.MonkeyPatch.context() as later:
        later.setattr(applying, "apply_due", lambda now=None, limit=0: pytest.fail("tried again at once"))
        applying.apply_if_due()


def test_the_interval_comes_from_the_environment(monkeypatch):
    monkeypatch.delenv(ticker.INTERVAL_VARIABLE, raising=False)
    assert ticker.interval_s() == 10
    monkeypatch.setenv(ticker.INTERVAL_VARIABLE, "0.5")
    assert ticker.interval_s() == 0.5
    for wrong in ("soon", "0", "-1", "1e9", "nan"):
        monkeypatch.setenv(ticker.INTERVAL_VARIABLE, wrong)
        with pytest.raises(ImproperlyConfigured):
            ticker.interval_s()


@pytest.mark.django_db
def test_the_ticker_of_a_server_started_before_migrate_logs_no_error(monkeypatch, caplog):
    def no_table(now=None):
        raise OperationalError("no such table: pages_scheduledchange")

    monkeypatch.setattr(applying, "apply_due", no_table)
    monkeypatch.setattr(connection.introspection, "table_names", lambda *args, **kwargs: [])
    ticker.Ticker(interval=10).tick()
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]
    monkeypatch.undo()
    monkeypatch.setattr(applying, "apply_due", no_table)
    ticker.Ticker(interval=10).tick()  # migrated, yet failing: an error with its traceback
    assert [record for record in caplog.records if record.levelno == logging.ERROR and record.exc_info]


def test_start_ticker_starts_one_thread_per_process(monkeypatch):
    monkeypatch.setattr(ticker, "_ticker", None)
    monkeypatch.setattr(applying, "apply_due", lambda now=None: 0)
    first = ticker.start_ticker(interval=60)
    try:
        assert ticker.start_ticker(interval=60) is first
        assert first.daemon and first.is_alive()
    finally:
        first.stop()
        first.join(5)


def test_a_change_failing_for_a_fault_of_ours_is_marked_failed_not_retried_for_ever(admin_user, monkeypatch, db):
    page = make_page(admin_user, "Before")
    change = scheduled(admin_user, page, timezone.now(), name="After")

    def broken(**kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr(applying.services, "page_update", broken)
    applying.apply_due()

    change.refresh_from_db()
    assert change.state == ScheduledState.FAILED
    assert change.errors == [["page", {"id": "could not be applied because of an error on the server"}]]
    assert name_of(page) == "Before"


def test_a_change_whose_author_is_deleted_fails(admin_user, editor, db):
    page = make_page(admin_user, "Before")
    editor.is_superuser = True
    editor.save()
    change = scheduled(editor, page, timezone.now(), name="After")
    editor.delete()

    applying.apply_due()

    change.refresh_from_db()
    assert (change.state, change.user_id) == (ScheduledState.FAILED, None)
    assert name_of(page) == "Before"


def test_one_round_applies_changes_in_their_order(admin_user, db):
    page = make_page(admin_user, "Start")
    now = timezone.now()
    scheduled(admin_user, page, now - timedelta(seconds=1), name="Second")
    scheduled(admin_user, page, now - timedelta(seconds=2), name="First")

    assert applying.apply_due() == 2

    assert name_of(page) == "Second"
    revisions = PageRevision.objects.filter(page=page, kind="scheduled").order_by("id")
    assert [r.pk for r in revisions] == list(
        ScheduledChange.objects.order_by("at").values_list("revision_id", flat=True)
    )


def test_scheduling_tells_this_process_when_to_look(admin_user, db, django_assert_num_queries):
    page = make_page(admin_user, "Before")
    at = timezone.now() + timedelta(minutes=5)
    scheduled(admin_user, page, at, name="After")

    with django_assert_num_queries(0):  # not yet due: a read asks nothing
        applying.apply_if_due()
    applying.apply_if_due(at)  # due: applied on that read

    assert name_of(page) == "After"


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_workers_racing_apply_each_change_once(admin_user):
    pages = [make_page(admin_user, f"Page {n}", path_segment=f"page-{n}") for n in range(3)]
    now = timezone.now()
    changes = [
        scheduled(admin_user, pages[n % 3], now - timedelta(milliseconds=n), body=f"Body {n}") for n in range(12)
    ]
    for _round in range(3):
        outcomes = at_once(*((applying.apply_due, Exception) for _ in range(4)))
        assert outcomes == ["done"] * 4, outcomes
    states = set(ScheduledChange.objects.values_list("state", flat=True))
    assert states == {ScheduledState.APPLIED}
    assert PageRevision.objects.filter(kind="scheduled").count() == len(changes)
    revision_ids = list(ScheduledChange.objects.values_list("revision_id", flat=True))
    assert None not in revision_ids and len(set(revision_ids)) == len(changes)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_a_change_claimed_by_one_worker_is_passed_over_by_another(admin_user):
    page = make_page(admin_user, "Before")
    change = scheduled(admin_user, page, timezone.now(), name="After")
    claimed, release = threading.Event(), threading.Event()

    def holder() -> None:
        try:
            with transaction.atomic():
                ScheduledChange.objects.select_for_update().get(pk=change.pk)
                claimed.set()
                release.wait(10)
        finally:
            connections.close_all()

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert claimed.wait(5)
        started = time.monotonic()
        assert applying.apply_due() == 0  # skipped, not waited for
        assert time.monotonic() - started < 2
    finally:
        release.set()
        thread.join(10)
    assert applying.apply_due() == 1
    assert name_of(page) == "After"


@pytest.mark.long
@pytest.mark.django_db(transaction=True)
def test_a_change_left_waiting_goes_live_when_a_new_process_starts(tmp_path):
    """One process schedules a change and stops before it is due (nothing of it is kept in
    memory); a new process that starts the application (config.wsgi, as gunicorn does) applies it."""
    env = child_environment(tmp_path)
    first = run_child(SCHEDULE_AND_STOP, env)
    page_id, change_id = first.split()

    second = run_child(START_AND_WAIT.format(change_id=change_id, page_id=page_id), env)

    assert second.split("|") == ["applied", "After restart", "1"]


SCHEDULE_AND_STOP = """
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from cms.pages.saving.payload import PageChanges
from cms.pages.schemas import PageFieldsIn
from cms.pages.scheduling.services import schedule
from cms.pages.saving.services import page_create
author = get_user_model().objects.create_user("author", is_staff=True, is_superuser=True)
page = page_create(actor=author, locale="en", changes=PageChanges.from_payload({"name": "Before restart"}))
change = schedule(actor=author, page_id=page.pk, locale="en", fields=PageFieldsIn(name="After restart"),
                  at=timezone.now() + timedelta(seconds=0.5), lock_version=page.lock_version)
print(page.pk, change.pk)
"""

START_AND_WAIT = """
import time
from config.wsgi import application
from cms.pages.models import PageLocalization, PageRevision, ScheduledChange
for _ in range(300):
    if ScheduledChange.objects.get(pk={change_id}).state != "waiting":
        break
    time.sleep(0.05)
name = PageLocalization.objects.get(page_id={page_id}, locale="en").name
revisions = PageRevision.objects.filter(page_id={page_id}, kind="scheduled").count()
print(ScheduledChange.objects.get(pk={change_id}).state, name, revisions, sep="|")
"""


def run_child(code: str, env: dict[str, str]) -> str:
    setup = "import django; django.setup()\n" if "config.wsgi" not in code else ""
    result = subprocess.run(
        [sys.executable, "-c", setup + textwrap.dedent(code)],
        cwd=BACKEND_DIR, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def child_environment(tmp_path: Path) -> dict[str, str]:
    """The environment of a process using a database this test sees too: PostgreSQL's test
    database (this test commits), or a new SQLite file (the test database is in memory)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.test_settings", VAR_DIR=str(tmp_path / "var"), CMS_SCHEDULE_TICK_SECONDS="0.1"
    )
    database = connection.settings_dict
    if connection.vendor == "postgresql":
        user, password = database["USER"] or "postgres", database["PASSWORD"]
        host, port = database["HOST"] or "127.0.0.1", database["PORT"] or 5432
        credentials = f"{user}:{password}" if password else user
        env["DATABASE_URL"] = f"postgres://{credentials}@{host}:{port}/{database['NAME']}"
    else:
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = str(tmp_path / "restart.sqlite3")
        migrated = subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=BACKEND_DIR, env=env, capture_output=True, text=True
        )
        assert migrated.returncode == 0, migrated.stderr
    return env
