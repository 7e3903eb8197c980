"""The read model's rows: one field list makes the SQL columns and the row, read by name."""

from datetime import UTC, datetime

from django.db import connection

from cms.pages.models import Page
from cms.pages.read_model import PAGE_TABLE, page_columns, row_of
from cms.pages.read_model.rows import row_of_page
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
