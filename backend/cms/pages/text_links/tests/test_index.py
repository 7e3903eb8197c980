"""The link index is right after every write that changes links or addresses: saves, creates,
moves, renames, deletes, restores, imports, and the rebuild command."""

import io

import pytest
from django.core.management import call_command

from cms.pages.models import Page, PageLink, Status
from cms.pages.saving.trash import page_undelete
from cms.pages.text_links.index import rebuild
from cms.pages.text_links.tests.conftest import links_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def tree(make_page):
    section = make_page("Section", path_segment="section")
    target = make_page("Target", parent=section, path_segment="target")
    child = make_page("Child", parent=target, path_segment="child")
    return {"section": section, "target": target, "child": child}


def test_a_save_indexes_addresses_old_addresses_and_permalinks(make_page, tree, save):
    target = tree["target"]
    save(target, path_segment="renamed")  # /en/section/target now redirects
    page = make_page(
        "Linker",
        body=f"[a](/en/section/renamed) [b](/en/section/target) [c](/en/pages/{target.pk}-x) [d](/en/nowhere)",
        intro="[e](/en/section/target/child#top)",
    )
    assert links_of(page) == [
        ("en", "body", "/en/nowhere", None),
        ("en", "body", f"/en/pages/{target.pk}-x", target.pk),
        ("en", "body", "/en/section/renamed", target.pk),
        ("en", "body", "/en/section/target", target.pk),
        ("en", "intro", "/en/section/target/child#top", tree["child"].pk),
    ]
    assert PageLink.objects.get(source=page, url=f"/en/pages/{target.pk}-x").permalink


def test_a_save_that_changes_no_link_touches_no_link_row(make_page, tree, save, django_assert_max_num_queries):
    page = make_page("Linker", body="[a](/en/section/target) words")
    before = list(PageLink.objects.filter(source=page).values_list("pk", flat=True))
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        save(page, body="[a](/en/section/target) other words", name="Renamed linker")
    assert not [q for q in captured.captured_queries if "pages_pagelink" in q["sql"]]
    assert list(PageLink.objects.filter(source=page).values_list("pk", flat=True)) == before


def test_a_save_adds_and_drops_only_what_changed(make_page, tree, save):
    page = make_page("Linker", body="[a](/en/section/target)")
    kept = PageLink.objects.get(source=page).pk
    save(page, body="[a](/en/section/target) [b](/en/section)")
    assert [row[2] for row in links_of(page)] == ["/en/section", "/en/section/target"]
    assert PageLink.objects.filter(pk=kept).exists()
    save(page, body="no links")
    assert links_of(page) == []


def test_localized_and_shared_blocks_per_locale(make_page, tree, save):
    page = make_page("Linker", body="[a](/en/section)")
    save(page, "nb", name="Lenker", body="[b](/en/section/target)")
    assert links_of(page) == [("en", "body", "/en/section", tree["section"].pk),
                              ("nb", "body", "/en/section/target", tree["target"].pk)]  # fmt: skip


def test_a_missing_link_is_claimed_by_the_page_that_comes_to_live_there(make_page, tree, save, move):
    page = make_page("Linker", body="[a](/en/later) [b](/en/section/moved/child)")
    assert {row[3] for row in links_of(page)} == {None}
    later = make_page("Later", path_segment="later")
    assert dict((row[2], row[3]) for row in links_of(page))["/en/later"] == later.pk
    other = make_page("Other", path_segment="other")
    move(other, tree["section"])
    save(other, path_segment="moved")
    child = make_page("Child", parent=other, path_segment="child")
    assert dict((row[2], row[3]) for row in links_of(page))["/en/section/moved/child"] == child.pk


def test_deleting_and_restoring_keeps_the_rows(make_page, tree, save, admin_user):
    page = make_page("Linker", body="[a](/en/section/target)")
    save(tree["target"], status=Status.DELETED)
    assert links_of(page)[0][3] == tree["target"].pk  # reported as deleted, not missing
    page_undelete(actor=admin_user, page_id=tree["target"].pk, locale="en")
    assert links_of(page)[0][3] == tree["target"].pk
    save(page, status=Status.DELETED)
    page_undelete(actor=admin_user, page_id=page.pk, locale="en")
    assert links_of(page)[0][3] == tree["target"].pk


def test_a_page_removed_for_good_leaves_missing_links(make_page, tree, save, admin_user):
    from cms.pages.saving.trash import page_purge

    page = make_page("Linker", body="[a](/en/section/target/child)")
    save(tree["child"], status=Status.DELETED)
    page_purge(actor=admin_user, page_id=tree["child"].pk)
    assert links_of(page)[0][3] is None


def test_rebuild_writes_the_same_rows_in_batches_and_resumes(make_page, tree):
    pages = [make_page(f"L{n}", body=f"[a](/en/section/target) [b](/en/pages/{tree['child'].pk})") for n in range(5)]
    expected = sorted(PageLink.objects.values_list("source_id", "locale", "block", "url", "target_id", "permalink"))
    PageLink.objects.all().delete()
    seen = []
    assert rebuild(batch_size=2, progress=lambda last, written: seen.append(last)) == 10
    assert (
        sorted(PageLink.objects.values_list("source_id", "locale", "block", "url", "target_id", "permalink"))
        == expected
    )
    assert len(seen) >= 4 and seen == sorted(seen)
    PageLink.objects.filter(source_id__gte=pages[2].pk).delete()
    assert rebuild(from_id=pages[2].pk, batch_size=2) == 6
    assert PageLink.objects.count() == 10


def test_the_upgrade_indexes_the_links_pages_had_before_the_index(make_page, tree):
    from importlib import import_module

    from django.apps import apps

    for n in range(3):
        make_page(f"Before {n}", body="[a](/en/section/target)")
    expected = sorted(PageLink.objects.values_list("source_id", "locale", "block", "url", "target_id"))
    PageLink.objects.all().delete()  # a site as it was before migration 0026
    import_module("cms.pages.migrations.0030_fill_link_index").index_the_links_of_every_page(apps, None)
    assert sorted(PageLink.objects.values_list("source_id", "locale", "block", "url", "target_id")) == expected
    assert len(expected) >= 3


def test_the_rebuild_command_prints_progress_and_resumes(make_page, tree):
    for n in range(3):
        make_page(f"L{n}", body="[a](/en/section/target)")
    PageLink.objects.all().delete()
    out = io.StringIO()
    call_command("rebuild_link_index", "--batch-size", "2", stdout=out)
    assert PageLink.objects.count() == 3
    assert "pages up to id" in out.getvalue() and "3 links" in out.getvalue()
    out = io.StringIO()
    call_command("rebuild_link_index", "--from-id", str(Page.objects.order_by("-pk").first().pk + 1), stdout=out)
    assert PageLink.objects.count() == 3
