"""The read model's rows: one field list makes the SQL columns and the row, read by name."""

from datetime import UTC, datetime

import pytest
from django.db import connection

from cms.pages.models import Page
from cms.pages.read_model import PAGE_TABLE, page_columns, row_of
from cms.pages.read_model.rows import id_in, row_of_page
from cms.pages.visibility import as_datetime


def test_a_row_read_by_sql_holds_each_column_under_its_own_name(make_page):
    page = make_page(
        "Row", unique_name="row-test", redirect_to="/en/elsewhere", news_page=True, pinned=True, all_day=True,
        skip_index=True, feed_enabled=True, starts_at=datetime(2031, 2, 3, 4, 5, tzinfo=UTC),
        ends_at=datetime(2032, 3, 4, 5, 6, tzinfo=UTC), body="Text",
    )  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {page_columns(detail=True, count_children=True)} FROM {PAGE_TABLE} p WHERE p.id = %s", [page.pk]
        )
        row = row_of(cursor.fetchone())
    stored = Page.objects.get(pk=page.pk)
    unsaved = row_of_page(stored)
    for name in ("id", "parent_id", "position", "status", "all_day", "pinned", "template", "unique_name",
                 "feed_enabled", "news_page", "user_id", "redirect_to", "skip_index", "lock_version",
                 "meta_image_id"):  # fmt: skip
        assert getattr(row, name) == getattr(stored, name) == getattr(unsaved, name), name
    for name in ("published_at", "starts_at", "ends_at"):
        assert as_datetime(getattr(row, name)) == getattr(stored, name), name
    assert row.child_count == 0 and not row.is_home


def _ids_where(condition: str) -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT p.id FROM {PAGE_TABLE} p WHERE {condition}")
        return {found for (found,) in cursor.fetchall()}


def test_id_in_selects_exactly_the_given_ids_on_either_database(make_page):
    first, second, third = (make_page(name) for name in ("First", "Second", "Third"))
    assert _ids_where(id_in("p.id", [first.pk, third.pk, third.pk])) == {first.pk, third.pk}
    assert _ids_where(id_in("p.id", {str(second.pk)})) == {second.pk}  # made an int
    assert _ids_where(id_in("p.id", [])) == set()
    assert _ids_where(id_in("p.id", [10**12])) == set()


def test_id_in_lets_nothing_but_integers_into_the_statement():
    for hostile in ("1) OR (1 = 1", "1}'::bigint[]) OR ('{1", "1.5", "", "\x00"):
        with pytest.raises(ValueError):
            id_in("p.id", [1, hostile])


def test_id_in_gives_postgresql_one_array_and_sqlite_an_in_list():
    # PostgreSQL scanned whole link tables for a list of ids through a query of the pages, and
    # plans an array constant faster than an IN list (rows.id_in).
    expected = "p.id = ANY('{3,1}'::bigint[])" if connection.vendor == "postgresql" else "p.id IN (3,1)"
    assert id_in("p.id", [3, 1]) == expected
