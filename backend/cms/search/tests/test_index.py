"""The index the database keeps: there in the test database (made without migrations), changed in
the save's own transaction, emptied with the pages, rebuilt identically. SQLite and PostgreSQL."""

from typing import Any

import pytest
from django.db import connection, transaction

from cms.pages.models import Page, PageLocalization
from cms.search import index, services

pytestmark = pytest.mark.django_db


def found(q: str) -> set[tuple[int, str]]:
    return {(r.page_id, r.locale) for r in services.admin_search(q, locale="en", page=1).results}


def test_the_test_database_has_the_index_and_installing_again_changes_nothing():
    assert index.install(connection) is False


def test_a_save_rolled_back_leaves_the_index_as_it_was(make_page):
    page = make_page("Kept", body="original words")
    with pytest.raises(RuntimeError), transaction.atomic():
        PageLocalization.objects.filter(page=page, locale="en").update(blocks={"body": "replacement"})
        assert found("replacement") == {(page.pk, "en")}  # seen inside the transaction
        raise RuntimeError
    assert found("replacement") == set()
    assert found("original") == {(page.pk, "en")}


def test_a_deleted_page_leaves_the_index(make_page):
    page = make_page("Ephemeral", body="gossamer")
    Page.objects.filter(pk=page.pk).delete()
    assert found("gossamer") == set()


def test_rebuilding_finds_the_same(make_page):
    page = make_page("Rebuilt", body="tessellation")
    assert index.install(connection, force=True) is True
    assert found("tessellation") == {(page.pk, "en")}
    assert found("rebuilt") == {(page.pk, "en")}


def test_bulk_written_rows_are_indexed_by_the_triggers(make_page):
    page = make_page("Bulk")
    PageLocalization.objects.bulk_create(
        [PageLocalization(page=page, locale="ar", name="صفحة", blocks={"body": "نص الاختبار"}, parent_key=0)]
    )
    assert found("الاختبار") == {(page.pk, "ar")}


def test_a_block_that_is_not_text_is_skipped(make_page):
    page = make_page("Odd blocks")
    Page.objects.filter(pk=page.pk).update(blocks={"layout": 7, "intro": ["hidden"], "headline": "visible"})
    assert found("visible") == {(page.pk, "en")}
    assert found("hidden") == set()


def test_a_save_of_the_editor_sends_no_statement_for_the_index(api: Any, make_page):
    """The triggers do the work: the save's statements are the page app's alone (its own test
    counts them against the target with the index installed, as it always is)."""
    page = make_page("Counted", body="marzipan")
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM search_index_state")
        assert cursor.fetchone()[0] == 1
    page.refresh_from_db()
    response = api.put(
        f"/admin/en/pages/{page.pk}.json", {"page": {"body": "nougat", "lock_version": page.lock_version}}
    )
    assert response.status_code == 200
    assert found("nougat") == {(page.pk, "en")} and found("marzipan") == set()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="TRUNCATE fires no row trigger on PostgreSQL")
def test_emptying_the_pages_with_truncate_empties_the_index(make_page):
    make_page("Truncated", body="obsidian")
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # as `flush` runs it: nothing deferred pending
        cursor.execute("TRUNCATE pages_pagelocalization, pages_page CASCADE")
        cursor.execute("SELECT COUNT(*) FROM search_document")
        assert cursor.fetchone()[0] == 0
