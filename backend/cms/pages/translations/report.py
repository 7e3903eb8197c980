"""The translation report (issue 22, item 2): per locale, the pages to do, newest source change
first, 50 a page."""

from typing import Any

from django.db import connection

from cms.core.locales import in_locale, locale_codes
from cms.pages.models import Page, PageLocalization, PageRevision
from cms.pages.translations.selection import state_condition
from cms.pages.translations.states import MISSING, OUTDATED, counted_blocks, decoded

PER_PAGE = 50
PAGE_TABLE = Page._meta.db_table


def report(locale: str, state: str, *, page: int = 1) -> dict[str, Any]:
    """{"items": [{page_id, name, state, outdated_blocks, source_changed_at}], "total"}: the
    pages in `state` in `locale` (not deleted), newest change of the source first; `name` in the
    default locale (any other when the page has none there)."""
    condition = state_condition(state, locale)
    if condition is None:
        return {"items": [], "total": 0}
    start = (page - 1) * PER_PAGE
    if state == OUTDATED:
        rows, total = _outdated(condition, locale, start)
    else:
        rows, total = _missing(condition, start)
    ids = [page_id for page_id, _revision, _blocks in rows]
    names: dict[int, dict[str, str]] = {}
    localizations = PageLocalization.objects.filter(page_id__in=ids).values_list("page_id", "locale", "name")
    for page_id, code, name in localizations:
        names.setdefault(page_id, {})[code] = name
    revisions = {revision for _page, revision, _blocks in rows if revision}
    times = dict(PageRevision.objects.filter(pk__in=revisions).values_list("pk", "at")) if revisions else {}
    items = [
        {
            "page_id": page_id,
            "name": in_locale(names.get(page_id), locale_codes()[0]),
            "state": state,
            "outdated_blocks": blocks,
            "source_changed_at": times.get(revision),
        }
        for page_id, revision, blocks in rows
    ]
    return {"items": items, "total": total}


Row = tuple[int, int, list[str]]  # page id, the source's latest change, the outdated blocks


def _outdated(condition: str, locale: str, start: int) -> tuple[list[Row], int]:
    """Every candidate is read (few: only pages with an outdated locale), as the page's template
    decides which of its blocks count."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT p.id, p.source_revision, p.template, p.translation_outdated FROM {PAGE_TABLE} p WHERE {condition}"
        )
        found = cursor.fetchall()
    counted: dict[str, frozenset[str]] = {}
    rows: list[Row] = []
    for page_id, revision, template, stored in found:
        if template not in counted:
            counted[template] = counted_blocks(template)
        blocks = [block for block in (decoded(stored) or {}).get(locale, []) if block in counted[template]]
        if blocks:
            rows.append((page_id, revision, blocks))
    rows.sort(key=lambda row: (row[1], row[0]), reverse=True)
    return rows[start : start + PER_PAGE], len(rows)


def _missing(condition: str, start: int) -> tuple[list[Row], int]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {PAGE_TABLE} p WHERE {condition}")
        total = cursor.fetchone()[0]
        cursor.execute(
            f"SELECT p.id, p.source_revision FROM {PAGE_TABLE} p WHERE {condition}"
            f" ORDER BY p.source_revision DESC, p.id DESC LIMIT {PER_PAGE} OFFSET {int(start)}"
        )
        return [(page_id, revision, []) for page_id, revision in cursor.fetchall()], total


__all__ = ["MISSING", "OUTDATED", "PER_PAGE", "report"]
