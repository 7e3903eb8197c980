"""What a selection of pages shows besides its own columns, each part read in one query:
ancestors, localized texts, image and file links with tags, and the images they show."""

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from operator import itemgetter

from django.core.files.storage import default_storage
from django.db import connection

from cms.media.models import Attachment
from cms.media.records import attachment_record_from_row, image_records
from cms.pages import tree
from cms.pages.models import Page, PageFile, PageImage, Tag
from cms.pages.read_model.rows import LOCALIZATION_TABLE, PAGE_TABLE, PageRow, json_value, sql_ids
from cms.pages.tags import tag_order

FileUrl = Callable[[str | None], str]


@dataclass
class Texts:
    """Localized texts by page id: names and path segments per locale (and blocks, for detail)."""

    names: dict[int, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    segments: dict[int, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    blocks: dict[int, dict[str, dict[str, str]]] = field(default_factory=lambda: defaultdict(dict))

    def add(self, page_id: int, code: str, name: str, segment: str, blocks: object = None) -> None:
        self.names[page_id][code] = name
        if segment:
            self.segments[page_id][code] = segment
        if blocks is not None:
            self.blocks[page_id][code] = json_value(blocks)


@dataclass
class Links:
    images: dict[int, list] = field(default_factory=lambda: defaultdict(list))
    files: dict[int, list] = field(default_factory=lambda: defaultdict(list))
    tags: dict[int, list] = field(default_factory=lambda: defaultdict(list))

    def image_links(self) -> list[dict]:
        return [link for page_links in self.images.values() for link in page_links]

    def attachments(self) -> dict[int, dict]:
        return {link["attachment_id"]: link["attachment"] for page_links in self.files.values() for link in page_links}


def ancestor_parents(start_ids: Iterable[int]) -> dict[int, int | None]:
    """Return id -> parent id for the given pages and all their ancestors, in one query."""
    ids = sql_ids(set(start_ids))
    if ids == "NULL":
        return {}
    sql = (
        "WITH RECURSIVE up(id, parent_id, depth) AS ("
        f" SELECT id, parent_id, 0 FROM {PAGE_TABLE} WHERE id IN ({ids})"
        " UNION ALL"
        f" SELECT p.id, p.parent_id, up.depth + 1 FROM {PAGE_TABLE} p JOIN up ON p.id = up.parent_id"
        f" WHERE up.depth < {tree.MAX_DEPTH}"
        ") SELECT DISTINCT id, parent_id FROM up"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return dict(cursor.fetchall())


def ancestry_in(parents: Mapping[int, int | None], start_ids: Iterable[int]) -> dict[int, int | None]:
    """What ancestor_parents reads, taken from every page's known parent instead."""
    found: dict[int, int | None] = {}
    for start in start_ids:
        page_id: int | None = start
        while page_id is not None and page_id not in found and page_id in parents:
            found[page_id] = parent = parents[page_id]
            page_id = parent
    return found


def parent_ids_of(rows: Iterable[PageRow]) -> list[int]:
    return [row.parent_id for row in rows if row.parent_id is not None]


def read_texts(pages_sql: str | None, *, detail: bool) -> Texts:
    """Read names and segments (and localized blocks for detail) of the pages that `pages_sql`
    (ids, or a query of them) names (None: all)."""
    where = "" if pages_sql is None else f" WHERE page_id IN ({pages_sql})"
    columns = "page_id, locale, name, path_segment" + (", blocks" if detail else "")
    texts = Texts()
    with connection.cursor() as cursor:
        # Ordered by page so SQLite reads the covering index instead of the rows with block text.
        cursor.execute(f"SELECT {columns} FROM {LOCALIZATION_TABLE}{where} ORDER BY page_id")
        for row in cursor.fetchall():
            texts.add(*row)
    return texts


def read_links(pages_sql: str | None) -> Links:
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
                    "name": json_value(name), "description": json_value(description),
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


def read_images(links: Links, rows: Iterable[PageRow], file_url: FileUrl, also: Iterable[int] = ()) -> dict[int, dict]:
    """Read the records of the images the pages show (linked, their meta image, and `also`) in
    one query, and put each into its links. One image shown by many pages is built once."""
    linked = links.image_links()
    ids = {link["image_id"] for link in linked} | {row.meta_image_id for row in rows if row.meta_image_id} | set(also)
    images = image_records(ids, file_url=file_url)
    for link in linked:
        link["image"] = images.get(link["image_id"])
    return images


def file_urls() -> FileUrl:
    """Return the storage's `url` remembering each name: one file is linked from many pages, and
    the storage's `url` is not free (20,000 calls take ~100 ms)."""
    known: dict[str, str] = {}

    def file_url(name: str | None) -> str:
        name = name or ""
        if name not in known:
            known[name] = default_storage.url(name)
        return known[name]

    return file_url
