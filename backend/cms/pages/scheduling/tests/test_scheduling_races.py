"""A save racing a scheduled change going live never loses the newer text (issue 28, item 3),
on PostgreSQL's real concurrency: the change compares its fields under the page's lock, within
its save, so a save either commits first (and the change fails) or waits for the lock (and then
meets the new version, or, without one, is the newer work on top)."""

import threading
import time
from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from cms.core.exceptions import Conflict, ValidationFailed
from cms.pages.models import Page, ScheduledChange, ScheduledState
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update
from cms.pages.scheduling import applying, fingerprints
from cms.pages.scheduling import services as scheduling_services
from cms.pages.scheduling.tests.test_scheduling import make_page, scheduled
from cms.pages.tests.concurrency import at_once

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency"),
    pytest.mark.django_db(transaction=True),
]


def body_of(page: Page) -> str:
    return Page.objects.get(pk=page.pk).blocks.get("body") or page.localizations.get(locale="en").blocks.get("body")


def save_body(actor: Any, page: Page, text: str, lock_version: int | None = None) -> None:
    payload: dict[str, Any] = {"body": text}
    if lock_version is not None:
        payload["lock_version"] = lock_version
    page_update(actor=actor, page_id=page.pk, locale="en", changes=PageChanges.from_payload(payload))


def in_thread(action) -> threading.Thread:
    def run() -> None:
        try:
            action()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_save_committing_while_the_change_waits_for_the_lock_wins(admin_user):
    page = make_page(admin_user, "Page", body="Old intro")
    change = scheduled(admin_user, page, timezone.now(), body="Scheduled intro")
    saving, release = threading.Event(), threading.Event()

    def slow_save() -> None:
        with transaction.atomic():
            save_body(admin_user, page, "Newer intro")
            saving.set()
            release.wait(10)

    saver = in_thread(slow_save)
    assert saving.wait(5)
    applier = in_thread(applying.apply_due)  # waits for the page's lock
    time.sleep(0.3)
    release.set()
    saver.join(10)
    applier.join(10)

    assert body_of(page) == "Newer intro"
    change.refresh_from_db()
    assert (change.state, change.errors[0][0]) == (ScheduledState.FAILED, "body")


def test_a_save_arriving_while_the_change_goes_live_comes_after_it(admin_user, monkeypatch):
    page = make_page(admin_user, "Page", body="Old intro")
    version = Page.objects.get(pk=page.pk).lock_version
    change = scheduled(admin_user, page, timezone.now(), body="Scheduled intro")
    checking, release = threading.Event(), threading.Event()
    real = fingerprints.changed_since

    def slow_check(*args: Any) -> list[str]:
        checking.set()  # the change holds the page's lock and has read the fields
        release.wait(10)
        return real(*args)

    monkeypatch.setattr(applying, "changed_since", slow_check)
    outcome: dict[str, str] = {}
    applier = in_thread(applying.apply_due)
    assert checking.wait(5)

    def editor_save() -> None:  # the editor's save carries the version it opened
        try:
            save_body(admin_user, page, "Newer intro", lock_version=version)
            outcome["editor"] = "saved"
        except Conflict:
            outcome["editor"] = "409"

    saver = in_thread(editor_save)
    time.sleep(0.3)
    assert saver.is_alive()  # waits for the page's lock: it did not slip in under the check
    release.set()
    applier.join(10)
    saver.join(10)

    change.refresh_from_db()
    assert change.state == ScheduledState.APPLIED
    assert outcome == {"editor": "409"}  # told, its text still on the editor's screen
    assert body_of(page) == "Scheduled intro"


def test_saves_and_appliers_racing_never_lose_a_saved_text(admin_user):
    for round_number in range(6):
        page = make_page(admin_user, f"Page {round_number}", path_segment=f"page-{round_number}", body="Old")
        change = scheduled(admin_user, page, timezone.now() - timedelta(seconds=1), body="Scheduled")
        newer = f"Newer {round_number}"
        racing_save = partial(save_body, admin_user, page, newer)
        outcomes = at_once((applying.apply_due, Exception), (racing_save, Exception))
        assert "refused" not in outcomes and all(outcome == "done" for outcome in outcomes), outcomes
        change.refresh_from_db()
        # Either the save came first (the change failed) or after (its text is on top): never lost.
        assert body_of(page) == newer
        assert change.state in (ScheduledState.FAILED, ScheduledState.APPLIED)
        ScheduledChange.objects.filter(pk=change.pk).delete()


def test_one_user_scheduling_on_two_pages_at_once_stays_within_the_cap(admin_user, monkeypatch):
    """The per-user cap is counted under a lock of the user: two changes of one author on two
    pages (two different page locks) cannot both see room for one more."""
    monkeypatch.setattr(scheduling_services, "MAX_WAITING_PER_USER", 1)
    pages = [make_page(admin_user, f"Page {number}") for number in (1, 2)]
    later = timezone.now() + timedelta(days=1)
    outcomes = at_once(
        *((partial(scheduled, admin_user, page, later, name=f"Renamed {page.pk}"), ValidationFailed) for page in pages)
    )
    assert sorted(outcomes) == ["done", "refused"]
    assert ScheduledChange.objects.filter(user=admin_user, state=ScheduledState.WAITING).count() == 1
