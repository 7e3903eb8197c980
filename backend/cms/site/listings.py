"""The site's lists of pages: a news page's children (and its feed), and the sitemap. What is
listed is cms.pages.visibility's to say; the order and the paging are the site's."""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cms.pages import visibility
from cms.pages.addresses import Addresses
from cms.pages.read_model import read_texts, records_by_id
from cms.site import sql

NEWS_PER_PAGE = 10
FEED_ITEMS = 20


def listed_children(
    parent_id: int, *, locale: str, now: datetime, offset: int = 0, limit: int = NEWS_PER_PAGE,
    pinned_first: bool = True,
) -> tuple[list[dict[str, Any]], int]:  # fmt: skip
    """Return one page of a page's listed children with an address in `locale`, as records
    (pinned first when asked, then newest first), and how many there are in all."""
    when = visibility.sql_time(now)
    order = "pinned DESC, published_at DESC, id DESC" if pinned_first else "published_at DESC, id DESC"
    found = sql.read_listed_children(order, parent_id, when, locale, limit, offset)
    if not found and offset:  # past the end: how many there are, for the pager
        return [], sql.read_listed_children_count(parent_id, when, locale)
    if not found:
        return [], 0
    ids = [page_id for page_id, _ in found]
    records = {r["id"]: r for r in records_by_id(ids, locale=locale, user=None, detail=True)}
    return [records[page_id] for page_id in ids if page_id in records], int(found[0][1])


@dataclass
class SitemapEntry:
    url: str
    updated_at: datetime
    alternates: dict[str, str]


def sitemap_entries(now: datetime) -> list[SitemapEntry]:
    """Return every listed page's address in every locale it has one in: not `skip_index`, not
    redirecting, under visible pages only (cms.pages.visibility). Two queries."""
    rows = sql.read_sitemap_rows()
    by_id = {row[0]: row for row in rows}
    reachable: dict[int | None, bool] = {None: True}

    def is_reachable(page_id: int | None) -> bool:
        if page_id not in reachable:
            _, parent_id, status, published_at, *_ = by_id[page_id]
            reachable[page_id] = visibility.is_visible(status, published_at, now) and is_reachable(parent_id)
        return reachable[page_id]

    texts = read_texts(None, detail=False)
    home_id = next((row[0] for row in rows if row[-1]), None)
    addresses = Addresses({row[0]: row[1] for row in rows}, texts.segments, home_id)
    entries = []
    for page_id, parent_id, status, published_at, skip_index, redirect_to, updated_at, _home in rows:
        if skip_index or redirect_to or not visibility.is_listed(status, published_at, now):
            continue
        if not is_reachable(parent_id):
            continue
        urls = addresses.urls(page_id)
        updated = visibility.as_datetime(updated_at) or now
        entries += [SitemapEntry(url, updated, urls) for url in urls.values()]
    return entries
