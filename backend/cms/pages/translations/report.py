"""The translation report (issues 22 and 28): per locale, the pages to update (outdated) or to
translate (missing: no name there, or blocks empty or copied), newest source change first, 50 a
page; each with its blocks to update, to translate and copied, apart."""

from typing import Any

from django.db import connection

from cms.core.locales import locale_codes
from cms.pages.models import Page, PageLocalization, PageRevision
from cms.pages.translations.selection import condition_parts, state_condition
from cms.pages.translations.states import MISSING, OUTDATED, StateReader, decoded

PER_PAGE = 50
PAGE_TABLE = Page._meta.db_table

# Page id, the source's latest change, its template, its stored outdated blocks and blocks to translate.
Row = tuple[int, int, str, Any, Any]


def report(locale: str, state: str, *, page: int = 1) -> dict[str, Any]:
    """{"items": [{page_id, name, name_locale, state, outdated_blocks, missing_blocks,
    copied_blocks, source_changed_at}], "total"}: the pages in `state` in `locale` (not deleted),
    newest change of the source first; `name` in `locale`, else in the default locale (then
    `name_locale` says which), else in any."""
    condition = state_condition(state, locale)
    if condition is None:
        return {"items": [], "total": 0}
    start = (page - 1) * PER_PAGE
    reader = StateReader()
    rows, total = _outdated(reader, locale, start) if state == OUTDATED else _missing(reader, locale, start)
    ids = [row[0] for row in rows]
    names: dict[int, dict[str, str]] = {}
    localizations = PageLocalization.objects.filter(page_id__in=ids).exclude(name="")
    for page_id, code, name in localizations.values_list("page_id", "locale", "name"):
        names.setdefault(page_id, {})[code] = name
    revisions = {row[1] for row in rows if row[1]}
    times = dict(PageRevision.objects.filter(pk__in=revisions).values_list("pk", "at")) if revisions else {}
    items = []
    for page_id, revision, template, outdated, todo in rows:
        states = reader.states(template, names.get(page_id, {}), decoded(outdated), decoded(todo))
        name, name_locale = _name(names.get(page_id, {}), locale)
        items.append(
            {
                "page_id": page_id,
                "name": name,
                "name_locale": name_locale,
                "state": state,
                "outdated_blocks": states.outdated_blocks[locale],
                "missing_blocks": states.missing_blocks[locale],
                "copied_blocks": states.copied_blocks[locale],
                "source_changed_at": times.get(revision),
            }
        )
    return {"items": items, "total": total}


def _name(names: dict[str, str], locale: str) -> tuple[str, str]:
    """The page's name in the report's locale; else the default locale's (the source's), else
    any; with the locale it is in ("" for none)."""
    for code in [locale, *locale_codes()]:
        if names.get(code):
            return names[code], code
    return "", ""


def _outdated(reader: StateReader, locale: str, start: int) -> tuple[list[Row], int]:
    """Every candidate is read (few: only pages with an outdated locale), as the page's template
    decides which of its blocks count."""
    rows = [
        row for row in _candidates(state_condition(OUTDATED, locale) or "") if _in_state(reader, row, locale, OUTDATED)
    ]
    rows.sort(key=lambda row: (row[1], row[0]), reverse=True)
    return rows[start : start + PER_PAGE], len(rows)


def _missing(reader: StateReader, locale: str, start: int) -> tuple[list[Row], int]:
    """The pages without a name in the locale (maybe all: counted and paged by the database),
    and the named ones with a block to translate (read and narrowed as _outdated's)."""
    parts = condition_parts(locale)
    assert parts is not None
    unnamed = f"{parts.shown} AND NOT {parts.named}"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {PAGE_TABLE} p WHERE {unnamed}")
        unnamed_total = cursor.fetchone()[0]
        cursor.execute(
            f"SELECT {COLUMNS} FROM {PAGE_TABLE} p WHERE {unnamed}"
            f" ORDER BY p.source_revision DESC, p.id DESC LIMIT {int(start) + PER_PAGE}"
        )
        rows: list[Row] = list(cursor.fetchall())
    found = _candidates(f"{parts.untranslated} AND {parts.shown} AND {parts.named}")
    named = [row for row in found if _in_state(reader, row, locale, MISSING)]
    rows += named
    rows.sort(key=lambda row: (row[1], row[0]), reverse=True)
    return rows[start : start + PER_PAGE], unnamed_total + len(named)


COLUMNS = "p.id, p.source_revision, p.template, p.translation_outdated, p.translation_todo"


def _candidates(condition: str) -> list[Row]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {COLUMNS} FROM {PAGE_TABLE} p WHERE {condition}")
        return list(cursor.fetchall())


def _in_state(reader: StateReader, row: Row, locale: str, state: str) -> bool:
    """Whether a candidate page that has a name in the locale is in `state` there."""
    _id, _revision, template, outdated, todo = row
    return reader.states(template, {locale: "named"}, decoded(outdated), decoded(todo)).translations[locale] == state


__all__ = ["MISSING", "OUTDATED", "PER_PAGE", "report"]
