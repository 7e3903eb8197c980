"""What a selection of pages shows besides its own columns, each part read in one query:
ancestors, localized texts, image and file links with tags, and the images they show."""

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from operator import itemgetter

from django.core.files.storage import default_storage

from cms.media.records import attachment_record_from_row, image_records, record_from_row
from cms.pages import sql
from cms.pages.read_model.rows import PageRow, json_value
from cms.pages.saving.tags import tag_order

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
    return sql.read_ancestor_parents(ids)


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
    texts = Texts()
    for row in sql.read_texts(pages, detail=detail):
        texts.add(*row)  # Texts.add's parameters are sql.TEXT_COLUMNS, then the blocks
    return texts


assert sql.TEXT_COLUMNS == ("page_id", "locale", "name", "path_segment")


def read_links(pages: Collection[int] | None) -> Links:
    """Read the image links, file links (with their attachment) and tags of the pages with the
    ids `pages` (None: all), in one query."""
    return _links_of(sql.read_links(pages))


# The part rows' columns, as _links_of and read_parts unpack them.
assert sql.PART_COLUMNS == (
    "kind",
    "page_id",
    "row_id",
    "ref_id",
    "number",
    "position",
    "text",
    "kind_text",
    "name",
    "description",
), "unpack cms.pages.sql's part rows by their new columns"
_KIND, _PAGE, _TEXT, _KIND_TEXT, _NAME = (sql.PART_COLUMNS.index(name) for name in
                                          ("kind", "page_id", "text", "kind_text", "name"))  # fmt: skip


def _links_of(rows: Iterable[tuple]) -> Links:
    """Links from the part rows of sql.links (rows of other kinds are left out)."""
    links = Links()
    attachments: dict[int, dict] = {}  # one attachment is linked from many pages: built once
    # `number` is an image link's primary flag, an attachment's size; `kind_text` its type.
    for kind, page_id, row_id, ref_id, number, position, text, kind_text, name, description, *_images in rows:
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


def read_parts(
    pages: Collection[int], texts_of: Collection[int], rows: Iterable[PageRow], file_url: FileUrl
) -> tuple[Texts, Links, dict]:
    """What read_texts (without blocks) reads of the pages `texts_of`, and read_links and
    read_images of the pages `pages`, in one statement (sql.parts): for a selection of pages,
    each round trip costs more than the padded rows (the tree cache rebuilds a few pages after
    each change)."""
    found = sql.read_parts(pages, texts_of, {row.meta_image_id for row in rows if row.meta_image_id})
    texts = Texts()
    # In the order read_texts reads them (its index's): a page's names keep their locales' order.
    for row in sorted((row for row in found if row[_KIND] == "n"), key=_text_order):
        texts.add(row[_PAGE], row[_TEXT], row[_KIND_TEXT], row[_NAME])  # page, locale, name, segment
    links = _links_of(found)
    images = {}
    for row in found:
        if row[_KIND] == "m":
            _, _, image_id, _, width, height, file, filename, content_type, alternative, *extra = row
            columns = {
                "id": image_id, "file": file, "filename": filename, "content_type": content_type,
                "real_width": width, "real_height": height, "alternative": json_value(alternative),
                **dict(zip(sql.IMAGE_COLUMNS, extra, strict=True)),
            }  # fmt: skip
            columns["caption"] = json_value(columns["caption"])
            images[image_id] = record_from_row(columns, file_url=file_url)
    for link in links.image_links():
        link["image"] = images.get(link["image_id"])
    return texts, links, images


_text_order = itemgetter(_PAGE, _TEXT)


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
