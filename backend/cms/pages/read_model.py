"""The one Page shape (spec §3 Page, DESIGN.md §3), for one page or a hundred thousand.

Every reader goes through here: the page API's answers, the screens' embedded data, the tree.
A selection of pages is read in a fixed number of queries whatever its size — the pages, their
ancestors (when not all pages are read), the localizations of both, and the pages' links and
tags — with plain SQL rows rather than model instances (the tree reads 10,000 pages at once).
Each derived part has one builder: public URLs, ancestors, links, tags, permissions.

Nothing here depends on who reads except `permissions`, which is applied last, per user; the
shared cache (cms.pages.tree_cache, which keeps the whole tree) never holds it.
"""

import gc
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from operator import itemgetter
from typing import Any

from django.core.files.storage import default_storage
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import NotFound, ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.json import dumps
from cms.core.locales import get_locale, locale_codes
from cms.core.messages import message
from cms.media.models import Attachment
from cms.media.records import attachment_record_from_row, image_records
from cms.pages import rights, tree, tree_cache
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, Status, Tag
from cms.pages.tags import suggestion_pool, tag_order, with_suggestions
from cms.pages.templates_registry import NAME_BLOCK, registry
from cms.pages.validation import PAGE_MISSING

PAGE_T, LOC_T = Page._meta.db_table, PageLocalization._meta.db_table
MAX_SEARCH_MATCHES = 100
SEARCH_BLANK_MESSAGE = _("must not be blank")


# --- Rows --------------------------------------------------------------------------------------


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
    blocks: Any  # JSON text or a dict (detail reads only)
    meta_image_id: int | None
    child_count: int = 0


def _page_columns(detail: bool, *, count_children: bool) -> str:
    # The children the tree shows under each page, one index lookup each (all pages: counted from the rows).
    shown_children = (
        f"(SELECT COUNT(*) FROM {PAGE_T} c WHERE c.parent_id = p.id AND c.status != {Status.DELETED})"
        if count_children
        else "0"
    )
    return (
        f"p.id, p.parent_id, p.position, p.status, {_datetime_sql('p.published_at')},"
        f" {_datetime_sql('p.starts_at')}, {_datetime_sql('p.ends_at')}, p.all_day, p.pinned, p.template,"
        " p.unique_name, p.feed_enabled, p.news_page, p.user_id, p.redirect_to, p.skip_index, p.lock_version,"
        f" {'p.blocks' if detail else 'NULL'}, p.meta_image_id,"
        f" {shown_children}"
    )


@dataclass
class Texts:
    """Localized texts by page id: names and path segments per locale (and blocks, for detail)."""

    names: dict[int, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    segments: dict[int, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    blocks: dict[int, dict[str, dict[str, str]]] = field(default_factory=lambda: defaultdict(dict))


# --- Public entry points -------------------------------------------------------------------


def page_record(page_id: int, *, locale: str, user: Any, errors: list[tuple[str, str]] | None = None) -> dict:
    """Return the full Page shape of one stored page (the editor's and the write calls' answer)."""
    records = _records(f"p.id = {int(page_id)}", locale=locale, user=user, detail=True)
    if not records:
        raise NotFound(message(PAGE_MISSING, id=page_id))
    records[0]["errors"] = [list(error) for error in errors or []]
    return records[0]


def new_page_record(page: Page, *, locale: str, user: Any, errors: list[tuple[str, str]] | None = None) -> dict:
    """Return the Page shape of a page not stored yet (the new-page editor, a refused create)."""
    get_locale(locale)
    row = PageRow(
        None, page.parent_id, page.position, page.status, page.published_at, page.starts_at, page.ends_at,
        page.all_day, page.pinned, page.template, page.unique_name, page.feed_enabled, page.news_page,
        page.user_id, page.redirect_to, page.skip_index, page.lock_version, {}, page.meta_image_id,
    )  # fmt: skip
    lineage = _ancestor_rows([page.parent_id]) if page.parent_id else {}
    texts = _texts(_sql_ids(lineage), detail=False)
    images = image_records([page.meta_image_id] if page.meta_image_id else [])
    builder = _Builder(locale=locale, texts=texts, parents=lineage, detail=True, pool=suggestion_pool(), images=images)
    record = builder.record(row)
    record["errors"] = [list(error) for error in errors or []]
    return _with_permissions([record], user)[0]


def tree_records(*, locale: str, user: Any) -> list[dict]:
    """Return every page, deleted ones too (the tree hides them), in the tree's shape."""
    return _records("1 = 1", locale=locale, user=user, detail=False, all_pages=True)


def tree_json(*, locale: str, user: Any) -> bytes:
    """Return tree_records() as JSON, from the shared cache when there is one."""
    get_locale(locale)
    if not tree_cache.is_shared():
        return dumps(tree_records(locale=locale, user=user))
    return tree_cache.tree_bytes(locale, _fragment_builder(locale), rights.rights_of(user))


def children_json(parent_ids: list[int | None], *, locale: str, user: Any) -> bytes:
    """Return the children of each of `parent_ids` (None: the top level) as a JSON list in the
    tree's shape, grouped in the order asked: from the shared cache when there is one."""
    get_locale(locale)
    if not tree_cache.is_shared():
        records = children_of_records(parent_ids, locale=locale, user=user)
        groups: dict[int | None, list[dict]] = {parent: [] for parent in parent_ids}
        for record in records:
            groups[record["parent_page_id"]].append(record)
        return dumps([record for group in groups.values() for record in group])
    return tree_cache.children_bytes(locale, _fragment_builder(locale), rights.rights_of(user), parent_ids)


def children_records(parent_id: int | None, *, locale: str, user: Any) -> list[dict]:
    """Return one node's children (the top level for None) in the tree's shape."""
    return children_of_records([parent_id], locale=locale, user=user)


def children_of_records(parent_ids: Iterable[int | None], *, locale: str, user: Any) -> list[dict]:
    """Return the children of several nodes at once (None: the top level), in the tree's shape."""
    parent_ids = list(parent_ids)
    ids = [pid for pid in parent_ids if pid is not None]
    conditions = (["p.parent_id IS NULL"] if None in parent_ids else []) + (
        [f"p.parent_id IN ({_sql_ids(ids)})"] if ids else []
    )
    if not conditions:
        return []
    return _records(" OR ".join(conditions), locale=locale, user=user, detail=False)


# How many rows the tree screen embeds at most, top level included (issue 8: its HTML ≤ 300 KB
# before compression). An embedded row takes ~400 bytes with three locales and short names, ~700
# with names and segments of 40 characters (its public URLs repeat the parent's segments): 300
# rows make 120 to 210 KB, room to spare for longer ones, and are still ten screenfuls (a 36 px row,
# ~30 to a screen). The top level is embedded whatever its size: the tree treats it as loaded.
FIRST_PAINT_ROWS = 300


def first_paint_records(*, locale: str, user: Any) -> list[dict]:
    """Return what the tree shows before anything is opened (spec §4: news pages and pages with
    a parent start collapsed): the top level and the children of the top-level pages that start
    open, as long as they fit in FIRST_PAINT_ROWS. Deleted pages are left out: the tree never
    shows them.

    A page's children come whole or not at all (the client counts a node as loaded when all its
    child_count children are there), in the order the tree shows the top level, up to the first
    open page whose children do not fit: the rows embedded are the top of the screen. Open pages
    from there on come without children; the tree loads them as it starts (pages.json?parent_ids=).
    """
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT p.id, p.news_page, (SELECT COUNT(*) FROM {PAGE_T} c"
            f" WHERE c.parent_id = p.id AND c.status != {Status.DELETED})"
            f" FROM {PAGE_T} p WHERE p.parent_id IS NULL AND p.status != {Status.DELETED}"
            " ORDER BY p.position, p.id"
        )
        top_level = cursor.fetchall()
    rows, embedded = len(top_level), []
    for page_id, news_page, shown_children in top_level:
        if news_page or not shown_children:
            continue  # starts collapsed, or shows no children
        if rows + shown_children > FIRST_PAINT_ROWS:
            break
        rows += shown_children
        embedded.append(page_id)
    records = children_of_records([None, *embedded], locale=locale, user=user)
    return [record for record in records if record["status"] != Status.DELETED]


def search_records(query: str, *, locale: str, user: Any) -> list[dict]:
    """Return the shown pages whose name in any locale contains `query`, with their ancestors,
    in the tree's shape, so the tree can open the path to each match."""
    query = query.strip()
    if refusal := unstorable_text_message(query) or (None if query else SEARCH_BLANK_MESSAGE):
        raise ValidationFailed([("q", refusal)])
    matches = (
        PageLocalization.objects.filter(name__icontains=query)
        .exclude(page__status=Status.DELETED)
        .values_list("page_id", flat=True)
        .distinct()[:MAX_SEARCH_MATCHES]
    )
    found = set(matches)
    if not found:
        return []
    ids = found | set(_ancestor_rows(_parent_ids(found)))
    records = {
        record["id"]: record
        for record in _records(f"p.id IN ({_sql_ids(ids)})", locale=locale, user=user, detail=False)
    }
    # A match under a deleted page is not in the tree either: keep the others and their paths.
    shown: set[int] = set()
    for page_id in found:
        path = [page_id, *(ancestor["id"] for ancestor in records[page_id]["ancestors"])]
        if all(records[step]["status"] != Status.DELETED for step in path):
            shown.update(path)
    return [record for page_id, record in records.items() if page_id in shown]


def records_by_id(page_ids: Iterable[int], *, locale: str, user: Any) -> list[dict]:
    """Return the given pages in the tree's shape (a move's answer)."""
    ids = _sql_ids(page_ids)
    return _records(f"p.id IN ({ids})", locale=locale, user=user, detail=False)


# --- The shared cache's fragments -----------------------------------------------------------


def _fragment_builder(locale: str) -> tree_cache.BuildFragments:
    return lambda page_ids, parents: _fragments(page_ids, parents, locale=locale)


def _fragments(page_ids: list[int] | None, parents: dict[int, int | None], *, locale: str) -> tree_cache.Fragments:
    """Build the given pages' records (None: all) as tree_cache keeps them: JSON without
    `permissions` and without the closing brace, which the cache joins in per reader.
    `parents`: every page's parent, as the cache has just read them (no query for ancestors)."""
    where = "1 = 1" if page_ids is None else f"p.id IN ({_sql_ids(page_ids)})"
    records = _records(where, locale=locale, user=None, detail=False, all_pages=page_ids is None, parents=parents)
    fragments = {}
    for record in records:
        del record["permissions"]
        fragments[record["id"]] = dumps(record)[:-1]
    return fragments


# --- Reading -------------------------------------------------------------------------------


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Hold off Python's cycle collector while thousands of records are built.

    Records are plain dicts without cycles, freed by reference counting; but creating 100,000
    containers makes the collector walk them again and again, which costs more than the build.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _records(
    where: str, *, locale: str, user: Any, detail: bool, all_pages: bool = False,
    parents: Mapping[int, int | None] | None = None,
) -> list[dict]:  # fmt: skip
    """Read the pages matching `where` (SQL over alias p) and build their records.

    `parents`: every page's parent id when the caller has them, else they are read.
    """
    with _collector_paused():
        return _read_records(where, locale=locale, user=user, detail=detail, all_pages=all_pages, known_parents=parents)


def _read_records(
    where: str, *, locale: str, user: Any, detail: bool, all_pages: bool,
    known_parents: Mapping[int, int | None] | None,
) -> list[dict]:  # fmt: skip
    get_locale(locale)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {_page_columns(detail, count_children=not all_pages)}"
            f" FROM {PAGE_T} p"
            # Top-level pages first on every database (PostgreSQL sorts NULLs last unless told),
            # in the order of the page_tree_order index.
            f" WHERE {where} ORDER BY p.parent_id NULLS FIRST, p.position, p.id"
        )
        rows = [PageRow(*row) for row in cursor.fetchall()]
    if not rows:
        return []
    # Every page's parent chain: known from the rows when all pages are read, else read upwards.
    if all_pages:
        parents = {}
    elif known_parents is not None:
        parents = _ancestry_in(known_parents, _parent_ids_of(rows))
    else:
        parents = _ancestor_rows(_parent_ids_of(rows))
    parents.update((row.id, row.parent_id) for row in rows if row.id is not None)
    # The pages by their condition, not their ids: 1,000 ids cost PostgreSQL more to plan than to run.
    pages_sql = texts_sql = None
    if not all_pages:
        ancestors = parents.keys() - {row.id for row in rows}
        pages_sql = f"SELECT p.id FROM {PAGE_T} p WHERE {where}"
        texts_sql = f"SELECT p.id FROM {PAGE_T} p WHERE ({where}) OR p.id IN ({_sql_ids(ancestors)})"
    texts = _texts(texts_sql, detail=detail)
    file_url = _file_urls()
    links = _links(pages_sql)
    images = _images(links, rows, file_url)
    counts = _shown_child_counts(rows) if all_pages else {row.id: row.child_count for row in rows if row.id}
    builder = _Builder(
        locale=locale, texts=texts, parents=parents, detail=detail, links=links,
        pool=suggestion_pool() if detail else None, child_counts=counts, images=images,
    )  # fmt: skip
    records = [builder.record(row) for row in rows]
    return records if user is None else _with_permissions(records, user)


def _shown_child_counts(rows: list[PageRow]) -> dict[int, int]:
    counts: dict[int, int] = defaultdict(int)
    for row in rows:
        if row.parent_id is not None and row.status != Status.DELETED:
            counts[row.parent_id] += 1
    return counts


def _with_permissions(records: list[dict], user: Any) -> list[dict]:
    """Set each record's `permissions`: what the user holds on the page (cms.pages.rights)."""
    reader = rights.rights_of(user)
    for record in records:
        lineage = [ancestor["id"] for ancestor in record["ancestors"]]
        record["permissions"] = reader.on([*lineage, record["id"]] if record["id"] else lineage)
    return records


def _parent_ids_of(rows: list[PageRow]) -> list[int]:
    return [row.parent_id for row in rows if row.parent_id is not None]


def _parent_ids(page_ids: Iterable[int]) -> list[int]:
    return [pid for pid in Page.objects.filter(pk__in=page_ids).values_list("parent_id", flat=True) if pid]


def _ancestry_in(parents: Mapping[int, int | None], start_ids: list[int]) -> dict[int, int | None]:
    """What _ancestor_rows reads, taken from every page's known parent instead."""
    found: dict[int, int | None] = {}
    for page_id in start_ids:
        while page_id is not None and page_id not in found and page_id in parents:
            found[page_id] = parent = parents[page_id]
            page_id = parent  # type: ignore[assignment]
    return found


def _ancestor_rows(start_ids: list[int]) -> dict[int, int | None]:
    """Return id -> parent id for the given pages and all their ancestors, in one query."""
    if not start_ids:
        return {}
    ids = _sql_ids(set(start_ids))
    sql = (
        "WITH RECURSIVE up(id, parent_id, depth) AS ("
        f" SELECT id, parent_id, 0 FROM {PAGE_T} WHERE id IN ({ids})"
        " UNION ALL"
        f" SELECT p.id, p.parent_id, up.depth + 1 FROM {PAGE_T} p JOIN up ON p.id = up.parent_id"
        f" WHERE up.depth < {tree.MAX_DEPTH}"
        ") SELECT DISTINCT id, parent_id FROM up"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return dict(cursor.fetchall())


def _texts(pages_sql: str | None, *, detail: bool) -> Texts:
    """Read names and segments (and localized blocks for detail) of the pages that `pages_sql`
    (ids, or a query of them) names (None: all)."""
    where = "" if pages_sql is None else f" WHERE page_id IN ({pages_sql})"
    columns = "page_id, locale, name, path_segment" + (", blocks" if detail else "")
    texts = Texts()
    with connection.cursor() as cursor:
        # Ordered by page so SQLite reads the covering index instead of the rows with block text.
        cursor.execute(f"SELECT {columns} FROM {LOC_T}{where} ORDER BY page_id")
        for page_id, code, name, segment, *blocks in cursor.fetchall():
            texts.names[page_id][code] = name
            if segment:
                texts.segments[page_id][code] = segment
            if blocks:
                texts.blocks[page_id][code] = _json(blocks[0])
    return texts


@dataclass
class Links:
    images: dict[int, list] = field(default_factory=lambda: defaultdict(list))
    files: dict[int, list] = field(default_factory=lambda: defaultdict(list))
    tags: dict[int, list] = field(default_factory=lambda: defaultdict(list))


def _links(pages_sql: str | None) -> Links:
    """Read the image links, file links (with their attachment) and tags of the pages that
    `pages_sql` (ids, or a query of them) names (None: all), in one query."""
    where = "" if pages_sql is None else f" WHERE {{page}} IN ({pages_sql})"
    sql = (
        "SELECT 'i', l.page_id, l.id, l.image_id, CASE WHEN l.\"primary\" THEN 1 ELSE 0 END, l.position,"
        f" NULL, NULL, NULL, NULL FROM {PageImage._meta.db_table} l" + where.format(page="l.page_id") + " UNION ALL"
        " SELECT 'f', l.page_id, l.id, l.attachment_id, a.byte_size, l.position,"
        " a.filename, a.content_type, CAST(a.name AS TEXT), CAST(a.description AS TEXT)"
        f" FROM {PageFile._meta.db_table} l JOIN {Attachment._meta.db_table} a ON a.id = l.attachment_id"
        + where.format(page="l.page_id")
        + " UNION ALL SELECT 't', pt.page_id, t.id, 0, 0, 0, t.name, NULL, NULL, NULL"
        f" FROM {Page.tags.through._meta.db_table} pt JOIN {Tag._meta.db_table} t ON t.id = pt.tag_id"
        + where.format(page="pt.page_id")
    )  # Unordered: sorting thousands of rows in SQL costs more than each page's few below.
    links = Links()
    with connection.cursor() as cursor:
        cursor.execute(sql)
        rows = cursor.fetchall()
    attachments: dict[int, dict] = {}  # one attachment is linked from many pages: built once
    # `number` is an image link's primary flag, an attachment's size; `kind_text` its type.
    for kind, page_id, row_id, ref_id, number, position, text, kind_text, name, description in rows:
        if kind == "i":
            links.images[page_id].append(
                {"id": row_id, "image_id": ref_id, "primary": bool(number), "position": position}
            )
        elif kind == "f":
            attachment = attachments.get(ref_id)
            if attachment is None:
                attachment = attachments[ref_id] = attachment_record_from_row({
                    "id": ref_id, "filename": text, "content_type": kind_text, "byte_size": number,
                    "name": _json(name), "description": _json(description),
                })  # fmt: skip
            links.files[page_id].append(
                {"id": row_id, "attachment_id": ref_id, "position": position, "attachment": attachment}
            )
        else:
            links.tags[page_id].append(text)
    for page_links in (*links.images.values(), *links.files.values()):
        page_links.sort(key=_by_position)
    for tags in links.tags.values():
        tags.sort(key=tag_order)
    return links


_by_position = itemgetter("position", "id")


def _images(links: Links, rows: list[PageRow], file_url: Callable[[str | None], str]) -> dict[int, dict]:
    """Read the records of the images the pages show (linked, or their meta image) in one
    query, and put each into its links. One image shown by many pages is built once."""
    linked = [link for page_links in links.images.values() for link in page_links]
    ids = {link["image_id"] for link in linked} | {row.meta_image_id for row in rows if row.meta_image_id}
    images = image_records(ids, file_url=file_url)
    for link in linked:
        link["image"] = images[link["image_id"]]
    return images


def _file_urls() -> Callable[[str | None], str]:
    """Return the storage's `url` remembering each name: one file is linked from many pages, and
    the storage's `url` is not free (20,000 calls take ~100 ms)."""
    known: dict[str, str] = {}

    def file_url(name: str | None) -> str:
        name = name or ""
        if name not in known:
            known[name] = default_storage.url(name)
        return known[name]

    return file_url


def _sql_ids(ids: Iterable[int]) -> str:
    """Ids for an SQL `IN (…)`, each made an int (so nothing else gets into the statement)."""
    return ",".join(str(int(i)) for i in ids) or "NULL"


# --- Building --------------------------------------------------------------------------------


class _Builder:
    """Turns rows into records; one method per derived part of the shape."""

    def __init__(
        self, *, locale: str, texts: Texts, parents: dict[int, int | None], detail: bool,
        links: Links | None = None, pool: list[str] | None = None, child_counts: dict[int, int] | None = None,
        images: dict[int, dict] | None = None,
    ) -> None:  # fmt: skip
        self.locale, self.texts, self.parents, self.detail = locale, texts, parents, detail
        self.links = links or Links()
        self.pool = pool
        self.child_counts = child_counts or {}
        self.images = images or {}
        self.codes = locale_codes()
        self._chains: dict[int | None, list[dict]] = {None: []}
        self._urls: dict[int | None, dict[str, str]] = {None: {code: f"/{code}" for code in self.codes}}

    def record(self, row: PageRow) -> dict[str, Any]:
        page_id = row.id
        own_segments = self.texts.segments.get(page_id, {}) if page_id else {}
        tags = self.links.tags.get(page_id, []) if page_id else []
        return {
            "id": page_id,
            "locale": self.locale,
            "parent_page_id": row.parent_id,
            "position": row.position,
            "status": row.status,
            "published_at": _iso(row.published_at),
            "starts_at": _iso(row.starts_at),
            "ends_at": _iso(row.ends_at),
            "all_day": bool(row.all_day),
            "pinned": bool(row.pinned),
            "template": row.template,
            "unique_name": row.unique_name,
            "feed_enabled": bool(row.feed_enabled),
            "news_page": bool(row.news_page),
            "user_id": row.user_id,
            "redirect_to": row.redirect_to,
            "path_segment": own_segments.get(self.locale, ""),
            "meta_image": self.meta_image(row),
            "skip_index": bool(row.skip_index),
            "blocks": self.blocks(row),
            "ancestors": self.ancestors(row.parent_id),
            "urls": self.urls(page_id) if page_id else {},
            "page_files": self.links.files.get(page_id, []) if page_id else [],
            "page_images": self.links.images.get(page_id, []) if page_id else [],
            "tags_and_suggestions": with_suggestions(tags, self.pool) if self.pool is not None else tags,
            "enabled_tags": tags,
            "errors": [],
            "permissions": [],
            "lock_version": row.lock_version,
            "child_count": self.child_counts.get(page_id, 0) if page_id else 0,
        }

    def blocks(self, row: PageRow) -> dict[str, Any]:
        """Block name -> text (not localized) or -> {locale: text} (localized).

        The tree reads only the localized name; the editor reads every block.
        """
        names = self.texts.names.get(row.id, {}) if row.id else {}
        if not self.detail:
            return {NAME_BLOCK: names}
        known = registry().blocks
        blocks: dict[str, Any] = {
            name: value
            for name, value in _json(row.blocks).items()
            if not (name in known and known[name].localized)  # a block that became localized: old value hidden
        }
        blocks[NAME_BLOCK] = {}
        for code, name in names.items():
            localized = {NAME_BLOCK: name, **self.texts.blocks.get(row.id or 0, {}).get(code, {})}
            for block, value in localized.items():
                if block in known and not known[block].localized:
                    continue
                blocks.setdefault(block, {})[code] = value
        return blocks

    def ancestors(self, parent_id: int | None) -> list[dict]:
        """The chain from the top level down to the parent, each {id, path_segment, name}."""
        chain = self._chains.get(parent_id)
        if chain is None:
            assert parent_id is not None
            entry = {
                "id": parent_id,
                "path_segment": self.texts.segments.get(parent_id, {}),
                "name": self.texts.names.get(parent_id, {}),
            }
            chain = self._chains[parent_id] = [*self.ancestors(self.parents.get(parent_id)), entry]
        return chain

    def urls(self, page_id: int | None) -> dict[str, str]:
        """Public address per locale; a locale is missing where a segment on the way is."""
        urls = self._urls.get(page_id)
        if urls is None:
            assert page_id is not None
            parent_urls = self.urls(self.parents.get(page_id))
            own = self.texts.segments.get(page_id, {})
            urls = self._urls[page_id] = {
                code: f"{url}/{own[code]}" for code, url in parent_urls.items() if code in own
            }
        return urls

    def meta_image(self, row: PageRow) -> dict[str, Any] | None:
        return self.images.get(row.meta_image_id) if row.meta_image_id else None


def _json(value: Any) -> Any:
    """JSON columns: text on SQLite, already decoded on PostgreSQL."""
    if value is None:
        return {}
    return json.loads(value) if isinstance(value, str) else value


def _datetime_sql(column: str) -> str:
    # SQLite's driver would parse 10,000 dates only for them to be written out again; the
    # stored text (UTC, "2026-11-22 10:00:00.5") becomes ISO 8601 ("2026-11-22T10:00:00.5Z") in SQL.
    return f"replace({column}, ' ', 'T') || 'Z'" if connection.vendor == "sqlite" else column


def _iso(value: datetime | str | None) -> datetime | str | None:
    if isinstance(value, datetime) and timezone.is_naive(value):
        return value.replace(tzinfo=UTC)  # an unsaved page's time set without a zone
    return value
