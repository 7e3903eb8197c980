"""What a selection of pages shows besides its own columns, each part read in one query:
ancestors, localized texts, image and file links with tags, and the images they show."""

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from operator import itemgetter

from django.core.files.storage import default_storage
from django.db import connection

from cms.media.models import Attachment, Image
from cms.media.records import CROP_FIELDS, attachment_record_from_row, image_records, record_from_row
from cms.pages.models import Page, PageFile, PageImage, Tag
from cms.pages.read_model.rows import LOCALIZATION_TABLE, PAGE_TABLE, PageRow, id_in, json_value
from cms.pages.saving.tags import tag_order
from cms.pages.tree import services as tree

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
    ids = set(start_ids)
    if not ids:
        return {}
    sql = (
        "WITH RECURSIVE up(id, parent_id, depth) AS ("
        f" SELECT id, parent_id, 0 FROM {PAGE_TABLE} WHERE {id_in('id', ids)}"
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


def read_texts(pages: Collection[int] | None, *, detail: bool) -> Texts:
    """Read names and segments (and localized blocks for detail) of the pages with the ids
    `pages` (None: all)."""
    where = "" if pages is None else f" WHERE {id_in('page_id', pages)}"
    columns = "page_id, locale, name, path_segment" + (", blocks" if detail else "")
    texts = Texts()
    with connection.cursor() as cursor:
        # Ordered by page so SQLite reads the covering index instead of the rows with block text.
        cursor.execute(f"SELECT {columns} FROM {LOCALIZATION_TABLE}{where} ORDER BY page_id")
        for row in cursor.fetchall():
            texts.add(*row)
    return texts


def read_links(pages: Collection[int] | None) -> Links:
    """Read the image links, file links (with their attachment) and tags of the pages with the
    ids `pages` (None: all), in one query."""
    with connection.cursor() as cursor:
        # Unordered: sorting thousands of rows in SQL costs more than each page's few below.
        cursor.execute(" UNION ALL ".join(_links_selects(pages)))
        return _links_of(cursor.fetchall())


def _links_selects(pages: Collection[int] | None, padding: str = "") -> list[str]:
    """The SELECTs of read_links' UNION ALL, each row ended by `padding` (more columns)."""

    def where(page: str) -> str:
        # Each link table by its own page_id: through a query of the pages, PostgreSQL
        # scanned the whole table (rows.id_in).
        return "" if pages is None else f" WHERE {id_in(page, pages)}"

    return [
        "SELECT 'i', l.page_id, l.id, l.image_id, CASE WHEN l.\"primary\" THEN 1 ELSE 0 END, l.position,"
        f" NULL, NULL, NULL, NULL{padding} FROM {PageImage._meta.db_table} l" + where("l.page_id"),
        "SELECT 'f', l.page_id, l.id, l.attachment_id, a.byte_size, l.position, a.filename, a.content_type,"
        f" CAST(a.name AS TEXT), CAST(a.description AS TEXT){padding} FROM {PageFile._meta.db_table} l"
        f" JOIN {Attachment._meta.db_table} a ON a.id = l.attachment_id" + where("l.page_id"),
        f"SELECT 't', pt.page_id, t.id, 0, 0, 0, t.name, NULL, NULL, NULL{padding}"
        f" FROM {Page.tags.through._meta.db_table} pt JOIN {Tag._meta.db_table} t ON t.id = pt.tag_id"
        + where("pt.page_id"),
    ]


def _links_of(rows: Iterable[tuple]) -> Links:
    """Links from the rows of _links_selects (rows of other kinds are left out)."""
    links = Links()
    attachments: dict[int, dict] = {}  # one attachment is linked from many pages: built once
    # `number` is an image link's primary flag, an attachment's size; `kind_text` its type.
    for kind, page_id, row_id, ref_id, number, position, text, kind_text, name, description, *_ in rows:
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
        elif kind == "t":
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


# The image columns of read_parts' image rows, after the ten columns every kind of row has.
_IMAGE_EXTRA = (*CROP_FIELDS, "has_alpha", "caption")


def read_parts(
    pages: Collection[int], texts_of: Collection[int], rows: Iterable[PageRow], file_url: FileUrl
) -> tuple[Texts, Links, dict]:
    """What read_texts (without blocks) reads of the pages `texts_of`, and read_links and
    read_images of the pages `pages`, in one statement: for a selection of pages, each round
    trip costs more than the padded rows (the tree cache rebuilds a few pages after each change).

    One UNION ALL, every kind of row in the same columns (on PostgreSQL each column keeps one
    type): ten as read_links has them, then the image columns only image rows fill.
    """
    rows = list(rows)
    # Typed: PostgreSQL types a UNION's columns pair by pair, and two NULLs would make text.
    padding = ", CAST(NULL AS INTEGER)" * (len(_IMAGE_EXTRA) - 1) + ", CAST(NULL AS TEXT)"
    images_sql = (
        "SELECT 'm', NULL, id, NULL, real_width, real_height, file, filename, content_type,"
        f" CAST(alternative AS TEXT), {', '.join(CROP_FIELDS)}, CASE WHEN has_alpha THEN 1 ELSE 0 END,"
        " CAST(caption AS TEXT)"
        f" FROM {Image._meta.db_table} WHERE id IN (SELECT image_id FROM {PageImage._meta.db_table}"
        f" WHERE {id_in('page_id', pages)}) OR {id_in('id', {row.meta_image_id for row in rows if row.meta_image_id})}"
    )
    sql = " UNION ALL ".join([
        f"SELECT 'n', page_id, NULL, NULL, NULL, NULL, locale, name, path_segment, NULL{padding}"
        f" FROM {LOCALIZATION_TABLE} WHERE {id_in('page_id', texts_of)}",
        *_links_selects(pages, padding),
        images_sql,
    ])  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(sql)
        found = cursor.fetchall()
    texts = Texts()
    # In the order read_texts reads them (its index's): a page's names keep their locales' order.
    for row in sorted((row for row in found if row[0] == "n"), key=_text_order):
        texts.add(row[1], row[6], row[7], row[8])
    links = _links_of(found)
    images = {}
    for row in found:
        if row[0] == "m":
            _, _, image_id, _, width, height, file, filename, content_type, alternative, *extra = row
            columns = {
                "id": image_id, "file": file, "filename": filename, "content_type": content_type,
                "real_width": width, "real_height": height, "alternative": json_value(alternative),
                **dict(zip(_IMAGE_EXTRA, extra, strict=True)),
            }  # fmt: skip
            columns["caption"] = json_value(columns["caption"])
            images[image_id] = record_from_row(columns, file_url=file_url)
    for link in links.image_links():
        link["image"] = images.get(link["image_id"])
    return texts, links, images


_text_order = itemgetter(1, 6)


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
