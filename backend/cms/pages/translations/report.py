"""The translation report (issues 22 and 28): per locale, the pages to update (outdated) or to
translate (missing: no name there, or blocks empty or copied), newest source change first, 50 a
page; each with its blocks to update, to translate and copied, apart."""

from typing import Any

from cms.core.locales import locale_codes
from cms.pages.models import PageLocalization, PageRevision
from cms.pages.translations import sql
from cms.pages.translations.selection import state_condition
from cms.pages.translations.states import MISSING, OUTDATED, StateReader, decoded

PER_PAGE = 50

# A page's row by sql.REPORT_COLUMNS: id, the source's latest change (source_revision), its
# template, its stored outdated blocks (translation_outdated) and blocks to translate (translation_todo).
Row = dict[str, Any]


def report(locale: str, state: str, *, page: int = 1) -> dict[str, Any]:
    """{"items": [{page_id, name, name_locale, state, outdated_blocks, missing_blocks,
    copied_blocks, source_changed_at}], "total"}: the pages in `state` in `locale` (not deleted),
    newest change of the source first; `name` in `locale`, else in the default locale (then
    `name_locale` says which), else in any."""
    condition = state_condition(state, locale)
    if condition is None:
        return {"items": [], "total": 0}
    rows, total = _paged(*condition, start=(page - 1) * PER_PAGE)
    ids = [row["id"] for row in rows]
    names: dict[int, dict[str, str]] = {}
    localizations = PageLocalization.objects.filter(page_id__in=ids).exclude(name="")
    for page_id, code, name in localizations.values_list("page_id", "locale", "name"):
        names.setdefault(page_id, {})[code] = name
    revisions = {row["source_revision"] for row in rows if row["source_revision"]}
    times = dict(PageRevision.objects.filter(pk__in=revisions).values_list("pk", "at")) if revisions else {}
    reader = StateReader()  # the page's 50 rows alone are decoded
    items = []
    for row in rows:
        page_id, outdated, todo = row["id"], decoded(row["translation_outdated"]), decoded(row["translation_todo"])
        states = reader.states(row["template"], names.get(page_id, {}), outdated, todo)
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
                "source_changed_at": times.get(row["source_revision"]),
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


def _paged(condition: str, params: list[Any], start: int) -> tuple[list[Row], int]:
    """The report's page of the pages matching `condition` (newest source change first) and
    their count: whatever the site holds, the rows read are the page's."""
    return sql.counted_page(condition, params, limit=PER_PAGE, offset=start)


__all__ = ["MISSING", "OUTDATED", "PER_PAGE", "report"]
