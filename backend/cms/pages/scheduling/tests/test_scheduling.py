"""Scheduled changes going live by themselves (issue 20, item 6; on the task engine since issue
33, item 6: test_scheduling_tasks.py): a read applies what is due and never fails because
applying does; several processes applying at once apply each change once (PostgreSQL: real
concurrency); a change left waiting by a process that stopped goes live when a worker starts."""

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
from django.db import connection, connections, transaction
from django.utils import timezone

from cms.pages.models import Page, PageRevision, ScheduledChange, ScheduledState
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create
from cms.pages.scheduling import applying
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


def test_a_read_never_fails_because_applying_does(admin_user, monkeypatch, caplog, db):
    monkeypatch.setattr(applying, "apply_due", lambda now=None, limit=0: 1 / 0)
    applying.note_due(timezone.now() - timedelta(seconds=1))

    applying.apply_if_due()  # no exception

    assert "ZeroDivisionError" in caplog.text
    # …and reads leave it to the workers for a while instead of failing on every request
    with pytest.MonkeyPatch.context() as later:
        later.setattr(applying, "apply_due", lambda now=None, limit=0: pytest.fail("tried again at once"))
        applying.apply_if_due()


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


def due_changes(actor: Any) -> list[ScheduledChange]:
    """Twelve changes due now, over three pages: what racing workers share out."""
    pages = [make_page(actor, f"Page {n}", path_segment=f"page-{n}") for n in range(3)]
    now = timezone.now()
    return [scheduled(actor, pages[n % 3], now - timedelta(milliseconds=n), body=f"Body {n}") for n in range(12)]


def assert_each_applied_once(changes: list[ScheduledChange]) -> None:
    """Every change applied, each with a revision of its own: none twice, none left."""
    assert set(ScheduledChange.objects.values_list("state", flat=True)) == {ScheduledState.APPLIED}
    assert PageRevision.objects.filter(kind="scheduled").count() == len(changes)
    revision_ids = list(ScheduledChange.objects.values_list("revision_id", flat=True))
    assert None not in revision_ids and len(set(revision_ids)) == len(changes)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_workers_racing_apply_each_change_once(admin_user):
    changes = due_changes(admin_user)
    for _round in range(3):
        outcomes = at_once(*((applying.apply_due, Exception) for _ in range(4)))
        assert outcomes == ["done"] * 4, outcomes
    assert_each_applied_once(changes)


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
def test_a_change_left_waiting_goes_live_when_a_worker_starts(tmp_path):
    """One process schedules a change and stops before it is due (nothing of it is kept in
    memory); a task worker started after its time (`manage.py run_tasks`, as gunicorn starts it)
    applies it."""
    env = child_environment(tmp_path)
    first = run_child(SCHEDULE_AND_STOP, env)
    page_id, change_id = first.split()
    time.sleep(0.6)  # every server was stopped at its time

    second = run_child(START_A_WORKER.format(change_id=change_id, page_id=page_id), env)

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

START_A_WORKER = """
from django.core.management import call_command
call_command("run_tasks", batch=True, startup_delay=False, verbosity=0)  # returns when none is due
from cms.pages.models import PageLocalization, PageRevision, ScheduledChange
name = PageLocalization.objects.get(page_id={page_id}, locale="en").name
revisions = PageRevision.objects.filter(page_id={page_id}, kind="scheduled").count()
print(ScheduledChange.objects.get(pk={change_id}).state, name, revisions, sep="|")
"""


def run_child(code: str, env: dict[str, str]) -> str:
    setup = "import django; django.setup()\n"
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
    env.update(DJANGO_SETTINGS_MODULE="config.test_settings", VAR_DIR=str(tmp_path / "var"))
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
