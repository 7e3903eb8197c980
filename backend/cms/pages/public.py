"""Reading pages for the public website (issue 12), through the one read model.

A page's record is the Page shape of cms.pages.read_model, built by its builder from the same
rows; what is read differs, so that a page costs at most four queries whatever the tree holds:

1. the page found by its address (or id), with its ancestors, in one recursive query that
   walks the path's segments down the (locale, path_segment) index, and two index seeks that
   tell when the last page became due and when the next one will (the validators need both);
2. names, segments (and the page's own blocks) of the page, its ancestors and the top-level
   pages (the menu), with what the menu needs of them;
3. the page's image and file links and tags (read_model._links);
4. the images it shows: linked, its meta image and those its text embeds (`[image:{id}]`);
   a fifth only when its text embeds an attachment it does not link to.

Visible means published (status 2 with `published_at` ≤ now, so a future date publishes by
itself) or hidden (status 3: reachable by its address, never listed), for the page and every
page above it. Listed (menu, news lists, feeds, sitemap) means published.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from cms.core.locales import get_locale, locale_codes
from cms.media.records import attachment_records, image_records
from cms.pages import tree, tree_cache
from cms.pages.models import Status
from cms.pages.read_model import (
    LOC_T,
    PAGE_T,
    PageRow,
    Texts,
    _Builder,
    _datetime_sql,
    _file_urls,
    _json,
    _links,
    _page_columns,
    _records,
    _sql_ids,
    _texts,
)

HOME_UNIQUE_NAME = "home"
# Embed codes of spec §9, in block text.
EMBED = re.compile(r"\[(image|attachment):(\d{1,18})\]")
NEWS_PER_PAGE = 10
FEED_ITEMS = 20


# --- What changes the validators ---------------------------------------------------------------


@dataclass(frozen=True)
class SiteVersion:
    """Changes whenever anything the website shows may have changed (any page, image, file, tag)."""

    token: str
    changed_at: datetime


def site_version() -> SiteVersion:
    """Return the site's version: the tree cache's generation, which every committed write of a
    page or of what pages show renews (cms.pages.tree_cache), and when this process first saw it.

    A cache that is not shared between processes (local memory: the tests) is never told of
    writes; the database is asked then, in one scan of the pages table.
    """
    if tree_cache.is_shared():
        token = tree_cache.generation()
        first_seen = timezone.now().replace(microsecond=0)
        cache.add(f"site:changed:{token}", first_seen, timeout=tree_cache.CACHE_SECONDS)
        return SiteVersion(token, cache.get(f"site:changed:{token}") or first_seen)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*), SUM(lock_version + links_version), MAX(updated_at) FROM {PAGE_T}")
        count, versions, updated = cursor.fetchone()
    changed = as_datetime(updated) or datetime(2000, 1, 1, tzinfo=UTC)
    return SiteVersion(f"{count}.{versions}.{changed.timestamp()}", changed.replace(microsecond=0))


# --- Finding a page ------------------------------------------------------------------------------


@dataclass
class Chain:
    """A page found by its address or id: its rows from the top level down, and the times the
    validators need (when the last page became due, when the next one will)."""

    rows: list[PageRow]
    last_due: datetime | None
    next_due: datetime | None

    @property
    def page(self) -> PageRow:
        return self.rows[-1]

    def visible(self, now: datetime) -> bool:
        return all(is_visible(row, now) for row in self.rows)


def is_visible(row: PageRow, now: datetime) -> bool:
    return row.status == Status.HIDDEN or is_listed(row, now)


def is_listed(row: PageRow, now: datetime) -> bool:
    published_at = as_datetime(row.published_at)
    return row.status == Status.PUBLISHED and published_at is not None and published_at <= now


def chain_by_path(locale: str, segments: Sequence[str], now: datetime) -> Chain | None:
    """Return the page at `/{locale}/{segments…}` with its ancestors, in one query; None if none."""
    if not segments or len(segments) > tree.MAX_DEPTH:
        return None
    values = ", ".join(f"({depth}, %s)" for depth in range(1, len(segments) + 1))
    walk = (
        f"WITH RECURSIVE segs(depth, seg) AS (VALUES {values}),"
        " walk(depth, id) AS ("
        f" SELECT 1, p.id FROM {LOC_T} l JOIN {PAGE_T} p ON p.id = l.page_id"
        " WHERE l.locale = %s AND l.path_segment = (SELECT seg FROM segs WHERE depth = 1) AND p.parent_id IS NULL"
        " UNION ALL"
        # CROSS JOIN keeps SQLite's order: from the page found, the next segment, then its page
        # (by the index on (locale, path_segment)), never a scan of the locale's segments.
        f" SELECT w.depth + 1, p.id FROM walk w CROSS JOIN {LOC_T} l CROSS JOIN {PAGE_T} p"
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
    """Return the home page (`/{locale}/`): the page named `home` (its unique name), else the
    first top-level page."""
    first = (
        f"COALESCE((SELECT id FROM {PAGE_T} WHERE unique_name = %s),"
        f" (SELECT id FROM {PAGE_T} WHERE parent_id IS NULL AND status != {Status.DELETED}"
        " ORDER BY position LIMIT 1))"
    )
    return _chain(_up_from(first), [HOME_UNIQUE_NAME], now)


def _up_from(start: str) -> str:
    return (
        "WITH RECURSIVE up(depth, id, parent_id) AS ("
        f" SELECT 0, id, parent_id FROM {PAGE_T} WHERE id = {start}"
        " UNION ALL"
        f" SELECT up.depth - 1, p.id, p.parent_id FROM {PAGE_T} p JOIN up ON p.id = up.parent_id"
        f" WHERE up.depth > -{tree.MAX_DEPTH}"
        "), walk(depth, id) AS (SELECT depth, id FROM up)"
    )


def _chain(walk: str, params: list[Any], now: datetime) -> Chain | None:
    published = f"SELECT {{}}(published_at) FROM {PAGE_T} WHERE status = {Status.PUBLISHED} AND published_at {{}} %s"
    when = connection.ops.adapt_datetimefield_value(now)
    sql = (
        f"{walk} SELECT {_page_columns(True, count_children=False)},"
        f" ({published.format('MAX', '<=')}), ({published.format('MIN', '>')})"
        f" FROM walk w JOIN {PAGE_T} p ON p.id = w.id ORDER BY w.depth"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, when, when])
        fetched = cursor.fetchall()
    if not fetched:
        return None
    rows = [PageRow(*row[:-2]) for row in fetched]
    return Chain(rows, as_datetime(fetched[0][-2]), as_datetime(fetched[0][-1]))


# --- A page's record ---------------------------------------------------------------------------


@dataclass
class MenuEntry:
    id: int
    name: str
    url: str


@dataclass
class PublicPage:
    """What a page template shows: the page's record (the Page shape), its menu and breadcrumbs."""

    record: dict[str, Any]
    locale: str
    menu: list[MenuEntry]
    breadcrumbs: list[MenuEntry]
    images: dict[int, dict[str, Any]] = field(default_factory=dict)  # every image it shows, by id
    attachments: dict[int, dict[str, Any]] = field(default_factory=dict)  # every attachment it shows


def public_page(chain: Chain, *, locale: str, now: datetime) -> PublicPage:
    """Return the page's record, menu and breadcrumbs (three queries, a fourth for images)."""
    get_locale(locale)
    row = chain.page
    assert row.id is not None
    texts, menu_rows = _texts_and_menu([r.id for r in chain.rows if r.id is not None], row.id)
    file_url = _file_urls()
    links = _links(str(int(row.id)))
    default = locale_codes()[0]
    embedded = embedded_ids(
        text
        for code in {locale, default}
        for text in [*texts.blocks.get(row.id, {}).get(code, {}).values(), *_json(row.blocks).values()]
        if isinstance(text, str)
    )
    linked = [link for page_links in links.images.values() for link in page_links]
    images = image_records(
        {link["image_id"] for link in linked} | ({row.meta_image_id} if row.meta_image_id else set()) | embedded[0],
        file_url=file_url,
    )
    for link in linked:
        link["image"] = images.get(link["image_id"])
    attachments = {f["attachment_id"]: f["attachment"] for page_links in links.files.values() for f in page_links}
    if missing := embedded[1] - attachments.keys():
        attachments.update(attachment_records(missing))
    parents = {r.id: r.parent_id for r in chain.rows if r.id is not None}
    parents.update((entry_id, None) for entry_id, *_ in menu_rows)
    builder = _Builder(locale=locale, texts=texts, parents=parents, detail=True, links=links, images=images)
    record = builder.record(row)
    menu = _menu(menu_rows, texts, builder, locale, now)
    crumbs = [
        MenuEntry(ancestor["id"], _localized(ancestor["name"], locale), builder.urls(ancestor["id"]).get(locale, ""))
        for ancestor in record["ancestors"]
    ]
    return PublicPage(record, locale, menu, crumbs, images, attachments)


def _texts_and_menu(chain_ids: list[int], page_id: int) -> tuple[Texts, list[tuple[int, int, Any, str]]]:
    """Read names and segments of the chain's pages and the top-level ones, the page's blocks,
    and the top-level pages' status and date, in one query."""
    sql = (
        f"SELECT l.page_id, l.locale, l.name, l.path_segment, CASE WHEN l.page_id = %s THEN l.blocks END,"
        f" p.parent_id, p.status, {_datetime_sql('p.published_at')}, p.unique_name"
        f" FROM {PAGE_T} p JOIN {LOC_T} l ON l.page_id = p.id"
        f" WHERE p.id IN ({_sql_ids(chain_ids)}) OR p.parent_id IS NULL ORDER BY p.parent_id, p.position, p.id"
    )
    texts = Texts()
    menu: dict[int, tuple[int, int, Any, str]] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, [page_id])
        for own_id, code, name, segment, blocks, parent_id, status, published_at, unique_name in cursor.fetchall():
            texts.names[own_id][code] = name
            if segment:
                texts.segments[own_id][code] = segment
            if blocks is not None:
                texts.blocks[own_id][code] = _json(blocks)
            if parent_id is None:
                menu.setdefault(own_id, (own_id, status, published_at, unique_name))
    return texts, list(menu.values())


def menu_entries(locale: str, now: datetime) -> list[MenuEntry]:
    """Return the menu alone (the 404 page and the preview show it), in one query."""
    get_locale(locale)
    texts, menu_rows = _texts_and_menu([], 0)
    builder = _Builder(locale=locale, texts=texts, parents={r[0]: None for r in menu_rows}, detail=False)
    return _menu(menu_rows, texts, builder, locale, now)


def _menu(
    rows: list[tuple[int, int, Any, str]], texts: Texts, builder: _Builder, locale: str, now: datetime
) -> list[MenuEntry]:
    """The published top-level pages with an address in `locale`; the home page at `/{locale}/`."""
    entries = []
    for entry_id, status, published_at, unique_name in rows:
        url = f"/{locale}/" if unique_name == HOME_UNIQUE_NAME else builder.urls(entry_id).get(locale)
        if url and is_listed(_status_row(status, published_at), now):
            entries.append(MenuEntry(entry_id, _localized(texts.names.get(entry_id, {}), locale), url))
    return entries


def embedded_ids(texts: Iterable[str]) -> tuple[set[int], set[int]]:
    """Return the image ids and attachment ids the texts embed."""
    found: tuple[set[int], set[int]] = (set(), set())
    for text in texts:
        for kind, number in EMBED.findall(text):
            found[0 if kind == "image" else 1].add(int(number))
    return found


# --- Lists: news, feeds, sitemap -------------------------------------------------------------


def listed_children(
    parent_id: int,
    *,
    locale: str,
    now: datetime,
    offset: int = 0,
    limit: int = NEWS_PER_PAGE,
    pinned_first: bool = True,
) -> tuple[list[dict[str, Any]], int]:
    """Return one page of a page's published children with an address in `locale`, as records
    (pinned first when asked, then newest first), and how many there are in all."""
    when = connection.ops.adapt_datetimefield_value(now)
    order = "pinned DESC, published_at DESC, id DESC" if pinned_first else "published_at DESC, id DESC"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, COUNT(*) OVER () FROM {PAGE_T} p"
            f" WHERE parent_id = %s AND status = {Status.PUBLISHED} AND published_at <= %s AND {_HAS_ADDRESS}"
            f" ORDER BY {order} LIMIT %s OFFSET %s",
            [parent_id, when, locale, limit, offset],
        )
        found = cursor.fetchall()
    if not found:
        return [], _count_listed(parent_id, when, locale) if offset else 0
    ids = [page_id for page_id, _ in found]
    records = {r["id"]: r for r in _records(f"p.id IN ({_sql_ids(ids)})", locale=locale, user=None, detail=True)}
    return [records[page_id] for page_id in ids if page_id in records], int(found[0][1])


_HAS_ADDRESS = f"EXISTS (SELECT 1 FROM {LOC_T} l WHERE l.page_id = p.id AND l.locale = %s AND l.path_segment != '')"


def _count_listed(parent_id: int, when: Any, locale: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*) FROM {PAGE_T} p"
            f" WHERE parent_id = %s AND status = {Status.PUBLISHED} AND published_at <= %s AND {_HAS_ADDRESS}",
            [parent_id, when, locale],
        )
        return int(cursor.fetchone()[0])


@dataclass
class SitemapEntry:
    url: str
    updated_at: datetime
    alternates: dict[str, str]


def sitemap_entries(now: datetime) -> list[SitemapEntry]:
    """Return every published page's address in every locale it has one in: not hidden, not
    `skip_index`, not redirecting, under published or hidden pages only. Two queries."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, parent_id, status, {_datetime_sql('published_at')}, skip_index, redirect_to,"
            f" {_datetime_sql('updated_at')} FROM {PAGE_T} ORDER BY COALESCE(parent_id, 0), position, id"
        )
        rows = cursor.fetchall()
    by_id = {row[0]: row for row in rows}
    reachable: dict[int | None, bool] = {None: True}

    def is_reachable(page_id: int | None) -> bool:
        if page_id not in reachable:
            _, parent_id, status, published_at, *_ = by_id[page_id]
            own = is_visible(_status_row(status, published_at), now)
            reachable[page_id] = own and is_reachable(parent_id)
        return reachable[page_id]

    texts = _texts(None, detail=False)
    parents = {row[0]: row[1] for row in rows}
    builder = _Builder(locale=locale_codes()[0], texts=texts, parents=parents, detail=False)
    entries = []
    for page_id, parent_id, status, published_at, skip_index, redirect_to, updated_at in rows:
        if skip_index or redirect_to or not is_listed(_status_row(status, published_at), now):
            continue
        if not is_reachable(parent_id):
            continue
        urls = builder.urls(page_id)
        updated = as_datetime(updated_at) or now
        entries += [SitemapEntry(url, updated, urls) for url in urls.values()]
    return entries


# --- Helpers -----------------------------------------------------------------------------------


def _status_row(status: int, published_at: Any) -> PageRow:
    return PageRow(None, None, 0, status, published_at, None, None, False, False, "", "", False, False, None, "",
                   False, 0, None, None)  # fmt: skip


def _localized(values: dict[str, str], locale: str) -> str:
    """The text in `locale`, else in the default locale (the site's one fallback rule)."""
    return values.get(locale) or values.get(locale_codes()[0]) or ""


def as_datetime(value: Any) -> datetime | None:
    """A date as the database driver gives it (text on SQLite, a datetime on PostgreSQL)."""
    if value is None or isinstance(value, datetime):
        return value if value is None or timezone.is_aware(value) else value.replace(tzinfo=UTC)
    try:
        parsed = parse_datetime(str(value).replace("Z", "+00:00").replace(" ", "T"))
    except ValueError:  # the shape of a date, not a real one
        return None
    if parsed is None:
        return None
    try:  # in UTC, or not at all: "0001-01-01T00:00+14:00" is a date before the first
        return parsed.astimezone(UTC) if timezone.is_aware(parsed) else parsed.replace(tzinfo=UTC)
    except OverflowError:
        return None


# --- The preview: an unsaved payload -----------------------------------------------------------


def preview_page(payload: dict[str, Any], *, locale: str, page_id: int | None, user: Any, now: datetime) -> PublicPage:
    """Return an unsaved page payload (spec §3 Saved page payload) as a public page, through the
    read model's shape for unsaved pages; nothing is stored."""
    from cms.pages.models import Page
    from cms.pages.read_model import new_page_record
    from cms.pages.tags import parse_serialized_tags
    from cms.pages.templates_registry import registry

    template = registry().get(str(payload.get("template", ""))) or registry().default
    known = registry().blocks
    page = Page(
        parent_id=_int(payload.get("parent_page_id")), template=template.template_name,
        status=_int(payload.get("status")) or 0, meta_image_id=_int(payload.get("meta_image_id")),
        news_page=bool(payload.get("news_page")), skip_index=bool(payload.get("skip_index")),
        published_at=as_datetime(payload.get("published_at")) or now,
        starts_at=as_datetime(payload.get("starts_at")), ends_at=as_datetime(payload.get("ends_at")),
        all_day=bool(payload.get("all_day")),
    )  # fmt: skip
    record = new_page_record(page, locale=locale, user=user)
    record["id"] = page_id
    record["blocks"] = {
        name: ({locale: value} if block.localized else value)
        for name, block in known.items()
        if isinstance(value := payload.get(name), str)
    }
    image_links = _link_records(payload.get("page_images_attributes"), "image_id")
    file_links = _link_records(payload.get("page_files_attributes"), "attachment_id")
    embedded = embedded_ids(value for value in payload.values() if isinstance(value, str))
    images = image_records(
        {link["image_id"] for link in image_links}
        | ({page.meta_image_id} if page.meta_image_id else set())
        | embedded[0]
    )
    attachments = attachment_records({link["attachment_id"] for link in file_links} | embedded[1])
    record["page_images"] = [
        {**link, "primary": bool(link.get("primary")), "image": images[link["image_id"]]}
        for link in image_links
        if link["image_id"] in images
    ]
    record["page_files"] = [
        {**link, "attachment": attachments[link["attachment_id"]]}
        for link in file_links
        if link["attachment_id"] in attachments
    ]
    record["meta_image"] = images.get(page.meta_image_id) if page.meta_image_id else None
    try:
        record["enabled_tags"] = parse_serialized_tags(str(payload.get("serialized_tags") or "[]"))
    except Exception:
        record["enabled_tags"] = []
    crumbs, path = [], f"/{locale}"
    for ancestor in record["ancestors"]:
        segment = ancestor["path_segment"].get(locale, "")
        path = f"{path}/{segment}" if path and segment else ""  # no address below a page without a segment
        crumbs.append(MenuEntry(ancestor["id"], _localized(ancestor["name"], locale), path))
    return PublicPage(record, locale, menu_entries(locale, now), crumbs, images, attachments)


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value < 2**62 else None
    if isinstance(value, str) and value.isdigit() and len(value) < 19:
        return int(value)
    return None


def _link_records(value: Any, media_field: str) -> list[dict[str, Any]]:
    """The link records of a payload that add or keep media, in their order, with valid ids."""
    links = []
    for position, item in enumerate(value if isinstance(value, list) else [], start=1):
        if isinstance(item, dict) and not item.get("_destroy") and (media_id := _int(item.get(media_field))):
            links.append({"id": _int(item.get("id")), media_field: media_id, "position": position,
                          "primary": bool(item.get("primary"))})  # fmt: skip
    return links
