"""What a page write's purge holds (cms.site.purging), without a cache: the addresses it names,
one purge per transaction after the commit, and nothing at all without CMS_PURGE_URLS."""

import re
from typing import Any

import pytest
from django.db import transaction
from django_tasks_db.models import DBTaskResult

from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_move, page_update
from cms.site.purging import EVERYTHING, pattern_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def purged(settings: Any) -> Any:
    settings.CMS_PURGE_URLS = ["http://127.0.0.1:9/"]


def queued() -> list[list[Any]]:
    results = DBTaskResult.objects.filter(task_path__endswith="purge_pages").order_by("enqueued_at")
    return [result.args_kwargs["args"] for result in results]


def rename(admin_user: Any, page: Any, name: str, locale: str = "en") -> None:
    page_update(actor=admin_user, page_id=page.pk, locale=locale, changes=PageChanges.from_payload({"name": name}))


def matches(pattern: str, *paths: str) -> list[bool]:
    return [re.search(pattern, path) is not None for path in paths]


def test_nothing_is_queued_without_caches(published: Any, admin_user: Any) -> None:
    page = published("About", path_segment="about")
    rename(admin_user, page, "About us")
    assert not DBTaskResult.objects.exists()


def test_one_purge_per_transaction_after_the_commit(purged: Any, published: Any, admin_user: Any) -> None:
    top = published("Top", path_segment="top")
    a = published("A", path_segment="a", parent=top)
    b = published("B", path_segment="b", parent=top)
    DBTaskResult.objects.all().delete()
    with transaction.atomic():
        rename(admin_user, a, "A2")
        rename(admin_user, b, "B2")
        assert not queued()  # nothing before the commit
    assert queued() == [[[[a.pk, [top.pk]], [b.pk, [top.pk]]], False]]


def test_a_rolled_back_write_purges_nothing(purged: Any, published: Any, admin_user: Any) -> None:
    top = published("Top", path_segment="top")
    page = published("A", path_segment="a", parent=top)
    DBTaskResult.objects.all().delete()
    with pytest.raises(RuntimeError), transaction.atomic():
        rename(admin_user, page, "A2")
        raise RuntimeError
    assert not queued()
    rename(admin_user, page, "A3")
    assert len(queued()) == 1


def test_a_top_level_page_renamed_purges_every_page_for_the_menu(purged: Any, published: Any, admin_user: Any) -> None:
    page = published("About", path_segment="about")
    DBTaskResult.objects.all().delete()
    rename(admin_user, page, "About us")
    assert queued()[0][1] is True


def test_the_addresses_of_a_page_its_old_ones_its_parents_and_the_lists(
    published: Any, make_page: Any, admin_user: Any
) -> None:
    about = published("About", path_segment="about")
    team = published("Team", path_segment="team")
    staff = published("Staff", path_segment="staff", parent=about)
    for page, segment in ((about, "om"), (team, "lag")):
        changes = PageChanges.from_payload({"name": segment, "path_segment": segment})
        page_update(actor=admin_user, page_id=page.pk, locale="nb", changes=changes)
    page_update(actor=admin_user, page_id=staff.pk, locale="nb", changes=PageChanges.from_payload(
        {"name": "Ansatte", "path_segment": "blåbær"}))  # fmt: skip
    page_move(actor=admin_user, page_id=staff.pk, parent_id=team.pk, position=0)

    pattern = pattern_for([[staff.pk, [about.pk, team.pk]]])

    assert all(matches(pattern,
        "/en/team/staff", "/en/team/staff/feed.xml", "/en/team/staff/child?page=2",  # it and below it
        "/nb/lag/bl%C3%A5b%C3%A6r", "/nb/lag/blåbær",  # as browsers send it, or raw
        "/en/about/staff", "/nb/om/bl%C3%A5b%C3%A6r/x",  # its old addresses
        "/en/about", "/en/about/feed.xml?x=1", "/en/team?page=3",  # its parents' listings, feeds
        f"/en/pages/{staff.pk}", f"/ar/pages/{staff.pk}-old-name",  # its permalinks
        "/sitemap.xml", "/en/search?q=staff",
    ))  # fmt: skip
    assert not any(matches(pattern,
        "/en/", "/en/about/other", "/en/team/staffing", "/en/other", f"/en/pages/{staff.pk}0", "/static/x.css",
    ))  # fmt: skip


def test_past_the_cap_everything_is_purged(published: Any, settings: Any) -> None:
    pages = [published(f"P{n}", path_segment=f"p{n}") for n in range(3)]
    settings.CMS_PURGE_MAX_ADDRESSES = 4
    assert pattern_for([[page.pk, []] for page in pages]) == EVERYTHING


def test_an_image_changed_purges_the_pages_showing_it(purged: Any, published: Any, admin_user: Any, image: Any) -> None:
    top = published("Top", path_segment="top")
    page = published("A", path_segment="a", parent=top, meta_image_id=image.pk)
    DBTaskResult.objects.all().delete()
    image.caption = {"en": "Another caption"}
    image.save()  # outside a transaction: purged at once
    assert queued() == [[[[page.pk, [top.pk]]], False]]
