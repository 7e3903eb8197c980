"""The translation states' SQL (cms.pages.translations; issue 29, item 4): which pages are in a
state in a locale, read from the stored marks' JSON (the ORM has no JSON list membership on both
databases) through the partial indexes of the derived locale lists; the report's page of them
and the tree's filter. The pages app's other SQL is cms.pages.sql.

The locale is checked by cms.pages.translations.selection before it is written into a fragment.
Each fragment says which parameters (`%s`) it takes, in order; the functions at the end run them
(the package's other modules hold no cursor).
"""

from collections.abc import Iterable
from typing import Any

from django.db import connection

from cms.pages.models import Status
from cms.pages.sql import LOCALIZATION, MAX_DEPTH, PAGE

Sql = tuple[str, list[Any]]  # a fragment and its parameters, in order


NOT_DELETED = f"p.status != {int(Status.DELETED)}"


def named_in(locale: str) -> str:
    """The page has a name in `locale`: one index probe per page."""
    return f"EXISTS (SELECT 1 FROM {LOCALIZATION} l WHERE l.page_id = p.id AND l.locale = '{locale}' AND l.name != '')"


def locale_listed(column: str, locale: str) -> str:
    """`locale` is in the derived list `column` (",nb,ar,"). The range from '' is the partial
    indexes' own condition: the database reads that index (the few pages with such a locale).
    (A '_' in a code matches any character: a superset, which the JSON conditions narrow.)"""
    return f"p.{column} > '' AND p.{column} LIKE '%,{locale},%'"


def json_holds_any(column: str, path: list[str], shape: str, blocks: Iterable[str]) -> Sql:
    """The JSON at `path` in `column` is a list (shape "array") holding, or an object ("object")
    keyed by, one of `blocks`. Never NULL: NOT of it is what it says."""
    names = sorted(blocks)
    if connection.vendor == "postgresql":
        at = column + "".join(" -> %s" for _ in path)
        return (
            f"COALESCE(jsonb_typeof({at}) = %s AND ({at}) ?| %s::text[], FALSE)",
            [*path, shape, *path, names],
        )
    # SQLite: a path of quoted keys ('$."nb"'); the array's elements, or the object's keys.
    json_path = "$" + "".join(f'."{key}"' for key in path)
    member = "j.type = 'text' AND j.value" if shape == "array" else "j.key"
    return (
        f"EXISTS (SELECT 1 FROM json_each({column}, %s) j"
        f" WHERE json_type({column}, %s) = %s AND {member} IN ({_marks(names)}))",
        [json_path, json_path, shape, *names],
    )


def either(*conditions: Sql) -> Sql:
    return f"({' OR '.join(sql for sql, _ in conditions)})", [param for _, params in conditions for param in params]


def per_template(cases: list[tuple[list[str], Sql]], others: tuple[list[str], Sql] | None) -> Sql:
    """Each case's condition for the pages of its templates, and `others`' for the pages of a
    template none of its names is (None: those match nothing)."""
    parts: list[str] = []
    params: list[Any] = []
    for names, (sql, sql_params) in cases:
        parts.append(f"(p.template IN ({_marks(names)}) AND {sql})")
        params += [*names, *sql_params]
    if others is not None:
        names, (sql, sql_params) = others
        parts.append(f"(p.template NOT IN ({_marks(names)}) AND {sql})")
        params += [*names, *sql_params]
    return (f"({' OR '.join(parts)})" if parts else "(1 = 0)"), params


def in_state(*, shown: str, named: str, outdated: str, untranslated: str, behind: Sql, todo: Sql | None) -> Sql:
    """Pages in a state, exactly (cms.pages.translations.states' rule): outdated when `todo` is
    None (named, a counted block `behind`), else missing (no name; or named, none behind and a
    block to translate). `outdated` and `untranslated` are the derived lists' partial-index
    candidates; `behind` and `todo` the JSON conditions that narrow them."""
    shown, named, outdated, untranslated = (part.replace("%", "%%") for part in (shown, named, outdated, untranslated))
    if todo is None:
        return f"{outdated} AND {behind[0]} AND {shown} AND {named}", behind[1]
    return (
        f"{shown} AND (NOT {named} OR ({untranslated} AND {todo[0]} AND NOT {behind[0]} AND {named}))",
        todo[1] + behind[1],
    )


def count_pages(condition: str) -> str:
    """How many pages `condition` (over `p`, with its parameters) matches."""
    return f"SELECT COUNT(*) FROM {PAGE} p WHERE {condition}"


# The translation report's rows: the page, the source's latest change, its template, its stored
# outdated blocks and blocks to translate.
REPORT_COLUMNS = ("id", "source_revision", "template", "translation_outdated", "translation_todo")


def report_page(condition: str, *, limit: int, offset: int) -> str:
    """REPORT_COLUMNS of one page of the pages `condition` matches (with its parameters), newest
    change of the source first."""
    return (
        f"SELECT {', '.join(f'p.{name}' for name in REPORT_COLUMNS)} FROM {PAGE} p WHERE {condition}"
        f" ORDER BY p.source_revision DESC, p.id DESC LIMIT {int(limit)} OFFSET {int(offset)}"
    )


ANCESTRY_COLUMNS = ("id", "parent_id")


def shown_with_ancestors(condition: str) -> str:
    """ANCESTRY_COLUMNS of the pages `condition` matches (over `p`, with its parameters) that are
    not under a deleted page, and of their ancestors: what the tree shows of a filter, in one
    statement (a walk up from each match, as deep as pages nest)."""
    return (
        "WITH RECURSIVE up(start, id, parent_id, deleted, depth) AS ("
        f" SELECT p.id, p.id, p.parent_id, CASE WHEN p.status = {Status.DELETED} THEN 1 ELSE 0 END, 0"
        f" FROM {PAGE} p WHERE {condition}"
        " UNION ALL"
        f" SELECT up.start, a.id, a.parent_id, CASE WHEN a.status = {Status.DELETED} THEN 1 ELSE 0 END,"
        f" up.depth + 1 FROM {PAGE} a JOIN up ON a.id = up.parent_id WHERE up.depth <= {MAX_DEPTH}"
        "), kept(start) AS (SELECT start FROM up GROUP BY start HAVING MAX(deleted) = 0)"
        " SELECT DISTINCT up.id, up.parent_id FROM up JOIN kept ON kept.start = up.start"
    )


def _marks(values: list[str]) -> str:
    return ", ".join(["%s"] * len(values))


# --- Running them: the package's only cursor ----------------------------------------------------


def counted_page(condition: str, params: list[Any], *, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
    """report_page's rows, each by REPORT_COLUMNS' names (a page of them: 50), and how many pages
    `condition` (with its `params`) matches in all (count_pages)."""
    with connection.cursor() as cursor:
        cursor.execute(count_pages(condition), params)
        (total,) = cursor.fetchone()
        cursor.execute(report_page(condition, limit=limit, offset=offset), params)
        return [dict(zip(REPORT_COLUMNS, row, strict=True)) for row in cursor.fetchall()], total


def read_shown_with_ancestors(condition: str, params: list[Any]) -> dict[int, int | None]:
    """shown_with_ancestors' rows as id -> parent id (ANCESTRY_COLUMNS)."""
    with connection.cursor() as cursor:
        cursor.execute(shown_with_ancestors(condition), params)
        return dict(cursor.fetchall())
