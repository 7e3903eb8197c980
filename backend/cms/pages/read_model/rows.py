"""A page's own columns: one field list (cms.pages.sql.PAGE_ROW_COLUMNS) makes both the SQL that
reads them and the row."""

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from cms.pages import sql
from cms.pages.addresses import is_home_sql
from cms.pages.models import Page, PageLocalization

PAGE_TABLE, LOCALIZATION_TABLE = Page._meta.db_table, PageLocalization._meta.db_table


@dataclass
class PageRow:
    """A page's own columns, as read by SQL (or taken from an unsaved Page)."""

    id: int | None
    parent_id: int | None
    position: int
    status: int
    published_at: datetime | str | None
    starts_at: datetime | str | None
    ends_at: datetime | str | None
    all_day: bool
    pinned: bool
    template: str
    unique_name: str
    feed_enabled: bool
    news_page: bool
    user_id: int | None
    redirect_to: str
    skip_index: bool
    lock_version: int
    meta_image_id: int | None
    translation_outdated: Any  # JSON text or a dict, None for none (cms.pages.translations.marks)
    translation_todo: Any  # the same
    blocks: Any = None  # JSON text or a dict; read for detail only
    child_count: int = 0  # the children the tree shows; read when asked
    is_home: bool = False  # the home page, at /{locale}/ (cms.pages.addresses)


ROW_FIELDS = [f.name for f in fields(PageRow)]
# The statement's columns are these fields, in this order (cms.pages.sql reads them by name).
assert tuple(ROW_FIELDS) == sql.PAGE_ROW_COLUMNS, "PageRow and cms.pages.sql.PAGE_ROW_COLUMNS differ"
COLUMN_COUNT = len(ROW_FIELDS)
_COLUMNS = sql.PAGE_ROW_STORED  # stored columns every read takes

# SQL of values (cms.pages.sql), under the names the read model's readers know them by.
datetime_sql, id_in, sql_ids = sql.datetime_text, sql.id_in, sql.id_list


def page_columns(*, detail: bool, count_children: bool, alias: str = "p") -> str:
    """The SQL select list of a PageRow, in ROW_FIELDS order, over the page table as `alias`."""
    return sql.page_row_columns(detail=detail, count_children=count_children, home=is_home_sql(alias), alias=alias)


def row_of(values: Sequence[Any]) -> PageRow:
    """A PageRow from the values page_columns() selected, by keyword."""
    return PageRow(**dict(zip(ROW_FIELDS, values, strict=True)))


def row_of_page(page: Page) -> PageRow:
    """The row of a Page instance (an unsaved one: the new-page editor, the preview)."""
    values = {name: getattr(page, name) for name in _COLUMNS}
    return PageRow(**values, blocks=dict(page.blocks or {}))


def json_value(value: Any) -> Any:
    """JSON columns: text on SQLite, already decoded on PostgreSQL."""
    if value is None:
        return {}
    return json.loads(value) if isinstance(value, str) else value
