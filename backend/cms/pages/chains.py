"""Finding a page for a visitor: by its address or its id, with every page above it, in one
query — and the times a page's validators need (when the last page became due, when the next
one will, so a future `published_at` publishes by itself: cms.pages.visibility)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection

from cms.pages import tree, visibility
from cms.pages.addresses import root_page_sql
from cms.pages.read_model import COLUMN_COUNT, LOCALIZATION_TABLE, PAGE_TABLE, PageRow, page_columns, row_of


@dataclass
class Chain:
    """A page and its ancestors, from the top level down, with its validators' times."""

    rows: list[PageRow]
    last_due: datetime | None
    next_due: datetime | None

    @property
    def page(self) -> PageRow:
        return self.rows[-1]

    def visible(self, now: datetime) -> bool:
        """Whether visitors may see the page (cms.pages.visibility: it and every page above)."""
        return all(visibility.is_visible(row.status, row.published_at, now) for row in self.rows)


def chain_by_path(locale: str, segments: Sequence[str], now: datetime) -> Chain | None:
    """Return the page at `/{locale}/{segments…}` with its ancestors, in one query; None if none."""
    if not segments or len(segments) > tree.MAX_DEPTH:
        return None
    values = ", ".join(f"({depth}, %s)" for depth in range(1, len(segments) + 1))
    walk = (
        f"WITH RECURSIVE segs(depth, seg) AS (VALUES {values}),"
        " walk(depth, id) AS ("
        f" SELECT 1, p.id FROM {LOCALIZATION_TABLE} l JOIN {PAGE_TABLE} p ON p.id = l.page_id"
        " WHERE l.locale = %s AND l.path_segment = (SELECT seg FROM segs WHERE depth = 1) AND p.parent_id IS NULL"
        " UNION ALL"
        # CROSS JOIN keeps SQLite's order: from the page found, the next segment, then its page
        # (by the index on (locale, path_segment)), never a scan of the locale's segments.
        f" SELECT w.depth + 1, p.id FROM walk w CROSS JOIN {LOCALIZATION_TABLE} l CROSS JOIN {PAGE_TABLE} p"
        " WHERE l.locale = %s AND l.path_segment = (SELECT seg FROM segs WHERE segs.depth = w.depth + 1)"
        " AND p.id = l.page_id AND p.parent_id = w.id"
        ")"
    )
    chain = _chain(walk, [*segments, locale, locale], now)
    return chain if chain and len(chain.rows) == len(segments) else None


def chain_by_id(page_id: int, now: datetime) -> Chain | None:
    """Return a page and its ancestors by the page's id, in one query; None if there is none."""
    return _chain(_up_from("%s"), [int(page_id)], now)


def home_chain(now: datetime) -> Chain | None:
    """Return the page `/{locale}/` shows (cms.pages.addresses) with its ancestors."""
    return _chain(_up_from(root_page_sql()), [], now)


def _up_from(start: str) -> str:
    return (
        "WITH RECURSIVE up(depth, id, parent_id) AS ("
        f" SELECT 0, id, parent_id FROM {PAGE_TABLE} WHERE id = {start}"
        " UNION ALL"
        f" SELECT up.depth - 1, p.id, p.parent_id FROM {PAGE_TABLE} p JOIN up ON p.id = up.parent_id"
        f" WHERE up.depth > -{tree.MAX_DEPTH}"
        "), walk(depth, id) AS (SELECT depth, id FROM up)"
    )


def _chain(walk: str, params: list[Any], now: datetime) -> Chain | None:
    last_due = f"SELECT MAX(d.published_at) FROM {PAGE_TABLE} d WHERE {visibility.listed_sql('d')}"
    next_due = f"SELECT MIN(d.published_at) FROM {PAGE_TABLE} d WHERE {visibility.due_later_sql('d')}"
    when = visibility.sql_time(now)
    sql = (
        f"{walk} SELECT {page_columns(detail=True, count_children=False)}, ({last_due}), ({next_due})"
        f" FROM walk w JOIN {PAGE_TABLE} p ON p.id = w.id ORDER BY w.depth"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, when, when])
        fetched = cursor.fetchall()
    if not fetched:
        return None
    rows = [row_of(row[:COLUMN_COUNT]) for row in fetched]
    return Chain(rows, visibility.as_datetime(fetched[0][-2]), visibility.as_datetime(fetched[0][-1]))
