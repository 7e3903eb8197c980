"""Which pages a reader asks for — one, a node's children, the whole tree, a search — read in
a fixed number of queries whatever the selection's size, and built into records."""

import gc
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import NotFound, ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.locales import get_locale
from cms.core.messages import message
from cms.core.types import Visitor
from cms.media.records import attachment_records
from cms.pages import rights, sql
from cms.pages.models import Page, PageLocalization, Status
from cms.pages.read_model.builder import UNSAVED, RecordBuilder
from cms.pages.read_model.loaders import (
    Links,
    ancestor_parents,
    ancestry_in,
    file_urls,
    parent_ids_of,
    read_images,
    read_links,
    read_parts,
    read_texts,
)
from cms.pages.read_model.rows import PageRow, page_columns, row_of, row_of_page
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.tags import suggestion_pool
from cms.pages.saving.validation import PAGE_MISSING
from cms.pages.templates_registry import NAME_BLOCK, registry

MAX_SEARCH_MATCHES = 100
SEARCH_BLANK_MESSAGE = _("must not be blank")
Errors = list[tuple[str, str]] | None


def page_record(page_id: int, *, locale: str, user: Visitor | None, errors: Errors = None) -> dict:
    """Return the full Page shape of one stored page (the editor's and the write calls' answer)."""
    records = records_where(sql.page_is(page_id), locale=locale, user=user, detail=True)
    if not records:
        raise NotFound(message(PAGE_MISSING, id=page_id))
    records[0]["errors"] = [list(error) for error in errors or []]
    return records[0]


def unsaved_page_record(
    page: Page, *, locale: str, user: Visitor | None, errors: Errors = None, changes: PageChanges | None = None
) -> dict:
    """Return the Page shape of a page not stored (the new-page editor, a refused create, the
    preview): its own fields, its ancestors and meta image, and what `changes` (a payload for
    `locale`) gives it: blocks, tags, image and file links in their order."""
    get_locale(locale)
    lineage = ancestor_parents([page.parent_id]) if page.parent_id else {}
    texts = read_texts(lineage.keys(), detail=False)
    row = row_of_page(page)
    links = _unsaved_links(changes) if changes else Links()
    if links.files:
        attachments = attachment_records({link["attachment_id"] for link in links.files[UNSAVED]})
        links.files[UNSAVED] = [{**link, "attachment": attachments[link["attachment_id"]]}
                          for link in links.files[UNSAVED] if link["attachment_id"] in attachments]  # fmt: skip
    images = read_images(links, [row], file_urls()) if page.meta_image_id or links.images else {}
    links.images[UNSAVED] = [link for link in links.images[UNSAVED] if link["image"]]
    if changes:
        if changes.path_segment:
            texts.segments[UNSAVED][locale] = changes.path_segment
        for name, value in changes.blocks.items():
            if name == NAME_BLOCK:
                texts.names[UNSAVED][locale] = value
            elif (block := registry().blocks.get(name)) and block.localized:
                texts.blocks[UNSAVED].setdefault(locale, {})[name] = value
            else:
                row.blocks[name] = value
    builder = RecordBuilder(locale=locale, texts=texts, parents=lineage, detail=True, pool=suggestion_pool(),
                            images=images, links=links)  # fmt: skip
    record = builder.record(replace(row, id=UNSAVED))
    record["id"] = None
    record["errors"] = [list(error) for error in errors or []]
    return with_permissions([record], user)[0]


def _unsaved_links(changes: PageChanges) -> Links:
    """The links and tags a payload gives a page not stored, under the id 0, in their order."""
    links = Links()
    kept_images = [link for link in changes.image_links or () if link.image_id and not link.destroy]
    links.images[UNSAVED] = [
        {"id": link.id, "image_id": link.image_id, "primary": link.primary, "position": position}
        for position, link in enumerate(kept_images, start=1)
    ]
    kept_files = [link for link in changes.file_links or () if link.attachment_id and not link.destroy]
    links.files[UNSAVED] = [
        {"id": link.id, "attachment_id": link.attachment_id, "position": position}
        for position, link in enumerate(kept_files, start=1)
    ]
    links.tags[UNSAVED] = list(changes.tags or ())
    return links


def tree_records(*, locale: str, user: Visitor | None) -> list[dict]:
    """Return every page, deleted ones too (the tree hides them), in the tree's shape."""
    return records_where(sql.ALL_PAGES, locale=locale, user=user, detail=False, all_pages=True)


def children_of_records(parent_ids: Iterable[int | None], *, locale: str, user: Visitor | None) -> list[dict]:
    """Return the children of several nodes at once (None: the top level), in the tree's shape."""
    where = sql.children_of(parent_ids)
    if where is None:
        return []
    return records_where(where, locale=locale, user=user, detail=False)


def children_records(parent_id: int | None, *, locale: str, user: Visitor | None) -> list[dict]:
    """Return one node's children (the top level for None) in the tree's shape."""
    return children_of_records([parent_id], locale=locale, user=user)


def records_by_id(page_ids: Iterable[int], *, locale: str, user: Visitor | None, detail: bool = False) -> list[dict]:
    """Return the given pages in the tree's shape (a move's answer), or in full (detail)."""
    return records_where(sql.pages_in(page_ids), locale=locale, user=user, detail=detail)


def search_records(query: str, *, locale: str, user: Visitor | None) -> list[dict]:
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
    parents = Page.objects.filter(pk__in=found).exclude(parent_id=None).values_list("parent_id", flat=True)
    ids = found | set(ancestor_parents(parents))
    records = {record["id"]: record for record in records_by_id(ids, locale=locale, user=user)}
    # A match under a deleted page is not in the tree either: keep the others and their paths.
    shown: set[int] = set()
    for page_id in found:
        path = [page_id, *(ancestor["id"] for ancestor in records[page_id]["ancestors"])]
        if all(records[step]["status"] != Status.DELETED for step in path):
            shown.update(path)
    return [record for page_id, record in records.items() if page_id in shown]


def with_permissions(records: list[dict], user: Visitor | None) -> list[dict]:
    """Set each record's `permissions`: what the user holds on the page (cms.pages.rights)."""
    reader = rights.rights_of(user)
    for record in records:
        lineage = [ancestor["id"] for ancestor in record["ancestors"]]
        record["permissions"] = reader.on([*lineage, record["id"]] if record["id"] else lineage)
    return records


# --- Reading --------------------------------------------------------------------------------


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


def records_where(
    where: str, *, locale: str, user: Visitor | None, detail: bool, all_pages: bool = False,
    parents: Mapping[int, int | None] | None = None,
) -> list[dict]:  # fmt: skip
    """Read the pages matching `where` (SQL over alias p, ids only: never a value from outside)
    and build their records; `user` None leaves `permissions` empty (the shared cache's case).

    `parents`: every page's parent id when the caller has them, else they are read.
    """
    get_locale(locale)
    with _collector_paused():
        return _read_records(where, locale=locale, user=user, detail=detail, all_pages=all_pages, known=parents)


def _read_records(
    where: str, *, locale: str, user: Visitor | None, detail: bool, all_pages: bool,
    known: Mapping[int, int | None] | None,
) -> list[dict]:  # fmt: skip
    rows = [
        row_of(values)
        for values in sql.read_page_rows(page_columns(detail=detail, count_children=not all_pages), where)
    ]
    if not rows:
        return []
    # Every page's parent chain: known from the rows when all pages are read, else read upwards.
    if all_pages:
        parents: dict[int, int | None] = {}
    elif known is not None:
        parents = ancestry_in(known, parent_ids_of(rows))
    else:
        parents = ancestor_parents(parent_ids_of(rows))
    parents.update((row.id, row.parent_id) for row in rows if row.id is not None)
    # The pages by the ids just read (rows.id_in): their texts, those of their ancestors too.
    pages = texts_of = None
    if not all_pages:
        pages = [row.id for row in rows if row.id is not None]
        texts_of = parents.keys()
    if pages is not None and texts_of is not None and not detail:  # the tree's shape: one round trip
        texts, links, images = read_parts(pages, texts_of, rows, file_urls())
    else:
        texts = read_texts(texts_of, detail=detail)
        links = read_links(pages)
        images = read_images(links, rows, file_urls())
    counts = _shown_child_counts(rows) if all_pages else {row.id: row.child_count for row in rows if row.id}
    builder = RecordBuilder(
        locale=locale, texts=texts, parents=parents, detail=detail, links=links,
        pool=suggestion_pool() if detail else None, child_counts=counts, images=images,
        home_id=next((row.id for row in rows if row.is_home), None),
    )  # fmt: skip
    records = [builder.record(row) for row in rows]
    return records if user is None else with_permissions(records, user)


def _shown_child_counts(rows: list[PageRow]) -> dict[int, int]:
    counts: dict[int, int] = defaultdict(int)
    for row in rows:
        if row.parent_id is not None and row.status != Status.DELETED:
            counts[row.parent_id] += 1
    return counts
