"""Finding a page for a visitor: by its address or its id, with every page above it, in one
query — and the times a page's validators need (when the last page became due, when the next
one will, so a future `published_at` publishes by itself: cms.pages.visibility)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cms.pages import sql, visibility
from cms.pages.addresses import root_page_sql
from cms.pages.read_model import PageRow, page_columns, row_of
from cms.pages.tree import services as tree


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
    walk = sql.walk_down_segments(len(segments))
    chain = _chain(walk, [*segments, locale, locale], now)
    return chain if chain and len(chain.rows) == len(segments) else None


def chain_by_id(page_id: int, now: datetime) -> Chain | None:
    """Return a page and its ancestors by the page's id, in one query; None if there is none."""
    return _chain(sql.walk_up("%s"), [int(page_id)], now)


def home_chain(now: datetime) -> Chain | None:
    """Return the page `/{locale}/` shows (cms.pages.addresses) with its ancestors."""
    return _chain(sql.walk_up(root_page_sql()), [], now)


def _chain(walk: str, params: list[Any], now: datetime) -> Chain | None:
    when = visibility.sql_time(now)
    fetched = sql.read_chain(
        walk, page_columns(detail=True, count_children=False), [*params, when, when],
        listed=visibility.listed_sql("d"), due_later=visibility.due_later_sql("d"),
    )  # fmt: skip
    if not fetched:
        return None
    # sql.CHAIN_COLUMNS: the two times, then the page row (row_of takes exactly its columns).
    rows = [row_of(page) for _last, _next, *page in fetched]
    last_due, next_due, *_page = fetched[0]
    return Chain(rows, visibility.as_datetime(last_due), visibility.as_datetime(next_due))


assert sql.CHAIN_COLUMNS[:2] == ("last_due", "next_due")
