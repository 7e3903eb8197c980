"""The full-page cache purged on every page write (issue 31 item 8), against a real Varnish with
the project's VCL in front of a live test server: a published change is visible through the
cache at once, an unchanged page stays a cache hit, old addresses are purged after a move, and
a cache that could not be reached is asked again."""

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from cms.background.tests.worker import run_queued_tasks
from cms.pages.models import Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_move, page_update
from cms.site.tests.varnish import Varnish, free_port, running_varnish, varnishd


@pytest.fixture
def varnish(live_server: Any, settings: Any) -> Iterator[Varnish]:
    varnishd()  # skipped (or failed, in CI) before anything starts
    settings.ALLOWED_HOSTS = ["*"]
    backend_port = urlsplit(live_server.url).port
    assert backend_port is not None
    with running_varnish(backend_port) as started:
        settings.CMS_PURGE_URLS = [started.url]
        yield started


def update(admin_user: Any, page: Any, **changes: Any) -> None:
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload(changes))
    run_queued_tasks()  # the task engine's worker, in this process


def cached(varnish: Varnish, path: str) -> None:
    """Ask until Varnish keeps the answer (the first asks the server)."""
    varnish.get(path)
    assert varnish.get(path).hit, path


@pytest.mark.django_db(transaction=True)
def test_a_published_change_is_seen_at_once_and_other_pages_stay_hits(
    varnish: Varnish, published: Any, admin_user: Any
) -> None:
    about = published("About", path_segment="about")
    staff = published("Staff", parent=about, path_segment="staff")
    other = published("Other", path_segment="other")
    run_queued_tasks()
    for path in ("/en/about", "/en/about/staff", "/en/other"):
        cached(varnish, path)

    update(admin_user, staff, name="Twelve people")

    changed = varnish.get("/en/about/staff")
    assert not changed.hit and "Twelve people" in changed.body
    assert varnish.get("/en/other").hit  # unchanged: still the cache's
    # The parent lists its children: purged too.
    assert not varnish.get("/en/about").hit
    assert other.pk


@pytest.mark.django_db(transaction=True)
def test_an_unpublished_page_is_gone_through_the_cache_at_once(
    varnish: Varnish, published: Any, admin_user: Any
) -> None:
    page = published("News", path_segment="news", parent=published("Top", path_segment="top"))
    run_queued_tasks()
    cached(varnish, "/en/top/news")

    update(admin_user, page, status=Status.DRAFT)

    answer = varnish.get("/en/top/news")
    assert not answer.hit


@pytest.mark.django_db(transaction=True)
def test_a_move_purges_the_old_addresses(varnish: Varnish, published: Any, admin_user: Any) -> None:
    about = published("About", path_segment="about")
    team = published("Team", path_segment="team")
    staff = published("Staff", parent=about, path_segment="staff")
    run_queued_tasks()
    cached(varnish, "/en/about/staff")
    cached(varnish, "/en/team")

    page_move(actor=admin_user, page_id=staff.pk, parent_id=team.pk, position=0)
    run_queued_tasks()

    old = varnish.get("/en/about/staff")
    assert old.status == 301 and old.headers["Location"].endswith("/en/team/staff")
    assert not varnish.get("/en/team").hit  # the new parent's listing


@pytest.mark.django_db(transaction=True)
def test_a_cache_that_could_not_be_reached_is_asked_again(
    live_server: Any, settings: Any, published: Any, admin_user: Any
) -> None:
    varnishd()
    settings.ALLOWED_HOSTS = ["*"]
    port = free_port()
    settings.CMS_PURGE_URLS = [f"http://127.0.0.1:{port}/"]
    settings.CMS_PURGE_RETRY_DELAYS = [3600.0]
    settings.CMS_PURGE_URLS = []
    top = published("Top", path_segment="top")
    settings.CMS_PURGE_URLS = [f"http://127.0.0.1:{port}/"]
    published("About", path_segment="about", parent=top)
    run_queued_tasks()  # nothing listens yet: the purge is queued again, for later

    retry = DBTaskResult.objects.get(task_path__endswith="send_purge", status=TaskResultStatus.READY)
    assert retry.args_kwargs["args"][2] == 1  # its second attempt

    backend_port = urlsplit(live_server.url).port
    assert backend_port is not None
    with running_varnish(backend_port, port, lurker=False) as varnish:
        DBTaskResult.objects.filter(pk=retry.pk).update(run_after=timezone.now())  # its time has come
        run_queued_tasks()
        assert "/en/top/about" in varnish.bans()
