"""The index of external content (cms.pages.models.ExternalReference), kept by the page save.

The unit of work (cms.pages.saving.unit) calls `record_external_references` when a write changed
a block's text or the page's template, in the save's transaction, as it records the media a page
shows (cms.pages.media_uses): the report then reads this table alone.
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cms.pages.models import ExternalReference, Page, PageLocalization
from cms.pages.reports.parsing import family, references
from cms.pages.templates_registry import registry

# (locale, block, kind, host, url); locale "" for a block every locale shares.
Row = tuple[str, str, str, str, str]


def wanted_rows(template_name: str, shared: Mapping[str, Any], localized: Iterable[tuple[str, Any]]) -> set[Row]:
    """The rows a page of this template and these texts has: per text block of its template
    (what the website renders), shared once and localized per locale."""
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
                for ref in references(blocks.get(block.name)):
                    rows.add((locale, block.name, ref.kind, ref.host, ref.url))
    return rows


def references_differ(
    template_name: str, before: Mapping[str, Mapping[str, Any]], after: Mapping[str, Mapping[str, Any]]
) -> bool:
    """Whether a write changed what its locales' texts name: each maps a locale to the page's
    blocks there (shared and localized together). False for most edits of a text, which then
    cost the index no statement at all."""
    return rows_differ(wanted_rows, template_name, before, after)


def rows_differ(
    rows_of: Callable[[str, Mapping[str, Any], Iterable[tuple[str, Any]]], set[Any]],
    template_name: str,
    before: Mapping[str, Mapping[str, Any]],
    after: Mapping[str, Mapping[str, Any]],
) -> bool:
    """Whether an index's rows (`rows_of`: a page's wanted rows from its texts) differ between
    the texts before and after a write, locale by locale (the link index's too)."""
    return any(
        rows_of(template_name, before.get(locale, {}), [(locale, before.get(locale, {}))])
        != rows_of(template_name, blocks, [(locale, blocks)])
        for locale, blocks in after.items()
    )


def record_external_references(page: Page) -> None:
    """Write the page's rows afresh from its texts now (inside the save's transaction)."""
    localized = PageLocalization.objects.filter(page=page).values_list("locale", "blocks")
    wanted = wanted_rows(page.template, page.blocks or {}, localized)
    stored: dict[Row, int] = {
        (locale, block, kind, host, url): pk
        for pk, locale, block, kind, host, url in ExternalReference.objects.filter(page=page).values_list(
            "pk", "locale", "block", "kind", "host", "url"
        )
    }
    gone = [pk for row, pk in stored.items() if row not in wanted]
    if gone:
        ExternalReference.objects.filter(pk__in=gone).delete()
    new = sorted(wanted - stored.keys())
    if new:
        ExternalReference.objects.bulk_create(build(ExternalReference, page.pk, new))


def build(model: Any, page_id: int, rows: Iterable[Row]) -> list[Any]:
    """The model's rows (the migration passes its historical model) for a page's wanted rows."""
    return [
        model(page_id=page_id, locale=locale, block=block, kind=kind, host=host, family=family(host), url=url)
        for locale, block, kind, host, url in rows
    ]


def rebuild_all(
    page_model: Any = Page, localization_model: Any = PageLocalization, model: Any = ExternalReference
) -> int:
    """Write every page's rows afresh (the migration's backfill; after a change of the site's
    own hosts). Reads the pages in batches; returns how many rows it wrote."""
    model.objects.all().delete()
    written = 0
    batch: list[Any] = []
    pages = page_model.objects.order_by("pk").values_list("pk", "template", "blocks")
    for page_id, template_name, blocks in pages.iterator(chunk_size=500):
        localized = localization_model.objects.filter(page_id=page_id).values_list("locale", "blocks")
        batch += build(model, page_id, sorted(wanted_rows(template_name, blocks or {}, localized)))
        if len(batch) >= 500:
            model.objects.bulk_create(batch)
            written += len(batch)
            batch = []
    model.objects.bulk_create(batch)
    return written + len(batch)
