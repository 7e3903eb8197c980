"""The link index (cms.pages.models.PageLink), kept by the page save.

The unit of work (cms.pages.saving.unit) calls `record_page_links` when a write changed the
internal links its texts write (or its template), in the save's transaction, as it keeps the
external references' index (cms.pages.reports.index): a save that changes no link reads and
writes nothing here. Rows that stay keep the page they named; only new ones are resolved
(cms.pages.text_links.addresses). A page that comes to live at an address missing links named
claims them (`claim_missing`), so an index row is right whichever of the two came first.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from cms.pages import locks
from cms.pages.addresses import stored_paths
from cms.pages.models import Page, PageLink, PageLocalization
from cms.pages.reports.index import rows_differ
from cms.pages.saving.redirects import path_hash
from cms.pages.templates_registry import registry
from cms.pages.text_links import sql
from cms.pages.text_links.addresses import resolve
from cms.pages.text_links.parsing import link_urls, read_address

# (locale, block, url); locale "" for a block every locale shares.
Row = tuple[str, str, str]


def wanted_rows(template_name: str, shared: Mapping[str, Any], localized: Iterable[tuple[str, Any]]) -> set[Row]:
    """The links a page of this template and these texts writes: per text block of its template,
    shared once and localized per locale."""
    template = registry().shown(template_name)
    text_blocks = [block for block in template.all_blocks if block.type == "text"]
    rows: set[Row] = set()
    sources: list[tuple[str, Any, bool]] = [("", shared, False)]
    sources += [(locale, blocks, True) for locale, blocks in localized]
    for locale, blocks, localized_source in sources:
        if not isinstance(blocks, dict):
            continue
        for block in text_blocks:
            if block.localized == localized_source:
                rows.update((locale, block.name, url) for url in link_urls(blocks.get(block.name)))
    return rows


def links_differ(
    template_name: str, before: Mapping[str, Mapping[str, Any]], after: Mapping[str, Mapping[str, Any]]
) -> bool:
    """Whether a write changed the links its locales' texts write (each maps a locale to the
    page's blocks there, shared and localized together): false for most edits, which then cost
    the index no statement."""
    return rows_differ(wanted_rows, template_name, before, after)


def record_page_links(page: Page) -> None:
    """Write the page's rows afresh from its texts now (inside the save's transaction)."""
    localized = PageLocalization.objects.filter(page=page).values_list("locale", "blocks")
    wanted = wanted_rows(page.template, page.blocks or {}, localized)
    stored: dict[Row, int] = {
        (locale, block, url): pk
        for pk, locale, block, url in PageLink.objects.filter(source=page).values_list("pk", "locale", "block", "url")
    }
    gone = [pk for row, pk in stored.items() if row not in wanted]
    if gone:
        PageLink.objects.filter(pk__in=gone).delete()
    new = sorted(wanted - stored.keys())
    if new:
        PageLink.objects.bulk_create(build({page.pk: new}))


def build(rows_by_source: Mapping[int, Iterable[Row]], model: Any = PageLink) -> list[Any]:
    """The index rows of pages' links, each with the page its address names now (resolved for
    all the pages at once: a few reads, cms.pages.text_links.addresses)."""
    rows = {source_id: list(rows) for source_id, rows in rows_by_source.items()}
    written = {url: read_address(url) for source_rows in rows.values() for _locale, _block, url in source_rows}
    targets = resolve(w.target for w in written.values() if w is not None)
    links = []
    for source_id, source_rows in rows.items():
        for locale, block, url in source_rows:
            address = written[url]
            if address is None:
                continue
            target = address.target
            page_id = targets.get(target)
            missing_at = path_hash(target.locale, target.path) if page_id is None and target.page_id is None else ""
            links.append(
                model(
                    source_id=source_id, locale=locale, block=block, url=url, target_id=page_id,
                    permalink=target.page_id is not None, address_hash=missing_at,
                )
            )  # fmt: skip
    return links


def claim_missing(page_id: int, *, descendants: bool = True) -> dict[int, dict[str, str]]:
    """A page came to live at new addresses (created, renamed, moved, restored): the missing
    links that name one of them, or (`descendants`) one of its descendants', now name that page.
    One read when no link names them (the usual case). Returns the pages' paths it worked out."""
    paths = subtree_paths(page_id) if descendants else {page_id: stored_paths(page_id)}
    by_hash = {path_hash(locale, path): pid for pid, own in paths.items() for locale, path in own.items()}
    if not by_hash:
        return paths
    hashes, named = sorted(by_hash), set[str]()
    for start in range(0, len(hashes), 2000):  # a moved subtree of thousands of pages: bounded lists
        missing = PageLink.objects.filter(target=None, address_hash__in=hashes[start : start + 2000])
        named.update(missing.values_list("address_hash", flat=True))
    for address_hash in sorted(named):
        PageLink.objects.filter(target=None, address_hash=address_hash).update(
            target_id=by_hash[address_hash], address_hash=""
        )
    return paths


def subtree_paths(page_id: int) -> dict[int, dict[str, str]]:
    """Each page of a subtree (the page and its descendants) -> its path per locale, in two reads."""
    paths = {page_id: stored_paths(page_id)}
    for child_id, parent_id, locale, segment in sql.subtree_segments(page_id):
        own = paths.setdefault(child_id, {})
        if locale and segment and (above := paths.get(parent_id, {}).get(locale)) is not None:
            own[locale] = f"{above}/{segment}"
    return paths


def rebuild(
    *, from_id: int = 0, batch_size: int = 500, progress: Any = None, page_model: Any = Page, model: Any = PageLink
) -> int:
    """Write every page's rows afresh, from page id `from_id` on, a batch of pages at a time
    (keyset: memory stays one batch's, whatever the site holds). Each batch is its own
    transaction, so a rebuild stopped halfway resumes from the last id `progress` was told.
    Returns how many rows it wrote."""
    written, after = 0, from_id - 1
    while True:
        # The batch's texts are read in the transaction that writes their rows, with the pages'
        # rows locked (PostgreSQL): a save meanwhile waits, and never has its fresh rows
        # replaced by ones built from the text it replaced.
        with transaction.atomic():
            batch = page_model.objects.filter(pk__gt=after).order_by("pk")
            if locks.takes_locks():
                batch = batch.select_for_update()
            pages = list(batch.values_list("pk", "template", "blocks")[:batch_size])
            if not pages:
                return written
            ids = [pk for pk, _template, _blocks in pages]
            localized: dict[int, list[tuple[str, Any]]] = {pk: [] for pk in ids}
            for pk, locale, blocks in PageLocalization.objects.filter(page_id__in=ids).values_list(
                "page_id", "locale", "blocks"
            ):
                localized[pk].append((locale, blocks))
            wanted = {
                pk: sorted(wanted_rows(template_name, blocks or {}, localized[pk]))
                for pk, template_name, blocks in pages
            }
            rows = build(wanted, model)
            model.objects.filter(source_id__in=ids).delete()
            model.objects.bulk_create(rows)
        written += len(rows)
        after = ids[-1]
        if progress is not None:
            progress(after, written)
