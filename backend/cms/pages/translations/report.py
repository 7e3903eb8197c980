"""The translation report (issues 22 and 28): per locale, the pages to update (outdated) or to
translate (missing: no name there, or blocks empty or copied), newest source change first, 50 a
page; each with its blocks to update, to translate and copied, apart."""

from dataclasses import astuple
from typing import Any

from django.db import connection

from cms.core.locales import locale_codes
from cms.pages.models import Page, PageLocalization, PageRevision
from cms.pages.translations.counted_sql import outdated_sql, to_translate_sql
from cms.pages.translations.selection import ConditionParts, condition_parts, state_condition
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
    rows, total = _outdated(locale, start) if state == OUTDATED else _missing(locale, start)
    ids = [row[0] for row in rows]
    names: dict[int, dict[str, str]] = {}
    localizations = PageLocalization.objects.filter(page_id__in=ids).exclude(name="")
    for page_id, code, name in localizations.values_list("page_id", "locale", "name"):
        names.setdefault(page_id, {})[code] = name
    revisions = {row[1] for row in rows if row[1]}
    times = dict(PageRevision.objects.filter(pk__in=revisions).values_list("pk", "at")) if revisions else {}
    reader = StateReader()  # the page's 50 rows alone are decoded
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


def _outdated(locale: str, start: int) -> tuple[list[Row], int]:
    """The pages with a block behind in the locale, counted and paged by the database."""
    parts = _with_params(condition_parts(locale))
    behind, params = outdated_sql(locale)
    # The stored locales first: their partial index finds the few candidates the JSON is read of.
    return _paged(f"{parts.outdated} AND {behind} AND {parts.shown} AND {parts.named}", params, start)


def _missing(locale: str, start: int) -> tuple[list[Row], int]:
    """The pages without a name in the locale, and the named ones with a block to translate and
    none behind (those are outdated), counted and paged by the database."""
    parts = _with_params(condition_parts(locale))
    behind, behind_params = outdated_sql(locale)
    todo, todo_params = to_translate_sql(locale)
    condition = (
        f"{parts.shown} AND (NOT {parts.named} OR ({parts.untranslated} AND {todo}"
        f" AND NOT ({parts.outdated} AND {behind}) AND {parts.named}))"
    )
    return _paged(condition, todo_params + behind_params, start)


def _with_params(parts: ConditionParts | None) -> ConditionParts:
    """The parts, to be run with parameters: their own '%' (of LIKE) escaped."""
    assert parts is not None
    return ConditionParts(*(part.replace("%", "%%") for part in astuple(parts)))


COLUMNS = "p.id, p.source_revision, p.template, p.translation_outdated, p.translation_todo"


def _paged(condition: str, params: list[Any], start: int) -> tuple[list[Row], int]:
    """The report's page of the pages matching `condition` (newest source change first) and
    their count: whatever the site holds, the rows read are the page's."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {PAGE_TABLE} p WHERE {condition}", params)
        total = cursor.fetchone()[0]
        cursor.execute(
            f"SELECT {COLUMNS} FROM {PAGE_TABLE} p WHERE {condition}"
            f" ORDER BY p.source_revision DESC, p.id DESC LIMIT {PER_PAGE} OFFSET {int(start)}",
            params,
        )
        return list(cursor.fetchall()), total


__all__ = ["MISSING", "OUTDATED", "PER_PAGE", "report"]
