"""A link to a deleted or unpublished page is plain text on the website (issue 33, item 2):
its label stays, its `<a>` goes; a hidden page is reachable, so a link to it stays a link. The
answer kept by a shared cache, and the full-page cache's purge, follow the target's change."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from cms.pages.models import Page, Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update

pytestmark = pytest.mark.django_db


def set_status(admin_user: Any, page: Any, status: int) -> None:
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"status": status}))


@pytest.fixture
def linked(published: Any) -> dict[str, Any]:
    target = published("Target", path_segment="target")
    hidden = published("Hidden", path_segment="hidden", status=Status.HIDDEN)
    linker = published(
        "Linker", path_segment="linker",
        body=f"See [the target](/en/target#top), [its permalink](/en/pages/{target.pk}) and [hidden](/en/hidden).",
    )  # fmt: skip
    return {"target": target, "hidden": hidden, "linker": linker}


def test_links_to_visible_pages_are_links(visitor: Any, linked: Any) -> None:
    html = visitor.get("/en/linker").content.decode()
    assert '<a href="/en/target#top" rel="noopener">the target</a>' in html
    assert f'<a href="/en/pages/{linked["target"].pk}" rel="noopener">its permalink</a>' in html
    assert '<a href="/en/hidden" rel="noopener">hidden</a>' in html


@pytest.mark.parametrize("status", [Status.DRAFT, Status.REVIEWED, Status.DELETED])
def test_links_to_a_page_visitors_cannot_reach_are_plain_text(
    visitor: Any, linked: Any, admin_user: Any, status: int
) -> None:
    set_status(admin_user, linked["target"], status)
    html = visitor.get("/en/linker").content.decode()
    assert "See the target, its permalink and " in html
    assert 'href="/en/target' not in html and "/pages/" not in html
    assert '<a href="/en/hidden" rel="noopener">hidden</a>' in html


def test_a_published_page_under_an_unpublished_one_is_not_linked(
    visitor: Any, published: Any, admin_user: Any, django_assert_max_num_queries: Any
) -> None:
    section = published("Section", path_segment="section")
    child = published("Child", parent=section, path_segment="child")
    published("Pointer", path_segment="pointer", body="Read [the child](/en/section/child).")
    assert '<a href="/en/section/child" rel="noopener">the child</a>' in visitor.get("/en/pointer").content.decode()
    set_status(admin_user, section, Status.DRAFT)  # the child answers 404 now: its link must not lead there
    assert visitor.get("/en/section/child").status_code == 404
    html = visitor.get("/en/pointer").content.decode()
    assert "Read the child." in html and 'href="/en/section/child"' not in html
    assert Page.objects.get(pk=child.pk).status == Status.PUBLISHED


def test_a_page_removed_for_good_is_not_linked_but_a_missing_address_stays_a_link(
    visitor: Any, linked: Any, published: Any, admin_user: Any
) -> None:
    from cms.pages.saving.trash import page_purge

    published("Elsewhere", path_segment="elsewhere", body="[Search](/en/search-nothing) and [t](/en/target).")
    set_status(admin_user, linked["target"], Status.DELETED)
    page_purge(actor=admin_user, page_id=linked["target"].pk)
    html = visitor.get("/en/linker").content.decode()
    assert "See the target, its permalink and " in html and 'href="/en/target' not in html
    elsewhere = visitor.get("/en/elsewhere").content.decode()
    # An address no page ever had may be a route of the site's own: it stays a link.
    assert '<a href="/en/search-nothing" rel="noopener">Search</a>' in elsewhere
    assert 'href="/en/target"' not in elsewhere


def test_a_page_due_later_is_not_linked_until_it_is(visitor: Any, linked: Any) -> None:
    Page.objects.filter(pk=linked["target"].pk).update(published_at=timezone.now() + timedelta(hours=1))
    assert 'href="/en/target' not in visitor.get("/en/linker").content.decode()


def test_a_shared_cache_never_keeps_a_dead_href(
    visitor: Any, linked: Any, admin_user: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                                   "LOCATION": str(settings.VAR_DIR / "test-dead-links-cache")}}  # fmt: skip
    from django.core.cache import cache

    cache.clear()
    try:
        assert 'href="/en/target#top"' in visitor.get("/en/linker").content.decode()
        with django_capture_on_commit_callbacks(execute=True):
            set_status(admin_user, linked["target"], Status.DRAFT)
        assert 'href="/en/target#top"' not in visitor.get("/en/linker").content.decode()
    finally:
        cache.clear()


def test_unpublishing_a_page_purges_the_pages_linking_to_it(
    linked: Any, admin_user: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.CMS_PURGE_URLS = ["http://127.0.0.1:9/"]
    DBTaskResult.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        set_status(admin_user, linked["target"], Status.DRAFT)
    purged = {
        page_id for result in DBTaskResult.objects.filter(task_path__endswith="purge_pages")
        for page_id, _parents in result.args_kwargs["args"][0]
    }  # fmt: skip
    assert purged == {linked["target"].pk, linked["linker"].pk}


def test_unpublishing_a_section_purges_the_pages_linking_below_it(
    published: Any, admin_user: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    section = published("Section", path_segment="section")
    child = published("Child", parent=section, path_segment="child")
    pointer = published("Pointer", path_segment="pointer", body="Read [the child](/en/section/child).")
    settings.CMS_PURGE_URLS = ["http://127.0.0.1:9/"]
    DBTaskResult.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        set_status(admin_user, section, Status.DRAFT)
    purged = {
        page_id for result in DBTaskResult.objects.filter(task_path__endswith="purge_pages")
        for page_id, _parents in result.args_kwargs["args"][0]
    }  # fmt: skip
    assert {section.pk, pointer.pk} <= purged  # the child's own row is unchanged: only its linkers
    assert child.pk not in purged
