"""The site's SQL: the statements the ORM can't write as fast, each named (issue 29, item 4).

Each is on a path a visitor waits on (every public page, a news page's list, the sitemap) and
is kept as SQL for the reason beside it; what the ORM writes as well is written with it where
it is used. The fragments they share come from their owners: who is listed from
cms.pages.visibility, the home page from cms.pages.addresses, dates as text from the read model.
"""

from typing import Any

from django.db import connection

from cms.pages import visibility
from cms.pages.addresses import is_home_sql
from cms.pages.read_model import LOCALIZATION_TABLE, PAGE_TABLE, datetime_sql, sql_ids

# The page has a path segment in the locale (one `%s`: the locale): an address to list it by.
HAS_ADDRESS = (
    f"EXISTS (SELECT 1 FROM {LOCALIZATION_TABLE} l WHERE l.page_id = p.id AND l.locale = %s AND l.path_segment != '')"
)


def texts_and_menu(chain_ids: list[int]) -> str:
    """Names and segments of the chain's pages and the top-level ones, the page's own blocks
    (one `%s`: its id) and the top-level pages' status, date and whether one is the home page.

    SQL: on every public page. The same read through values() (Q for the OR, Case for the two
    marks) took 9 ms against this statement's 0.16 ms (10,000 pages, SQLite, issue 29); and the
    dates come as text (datetime_sql), not parsed only to be written out again."""
    return (
        f"SELECT l.page_id, l.locale, l.name, l.path_segment, CASE WHEN l.page_id = %s THEN l.blocks END,"
        f" p.parent_id, p.status, {datetime_sql('p.published_at')}, CASE WHEN {is_home_sql('p')} THEN 1 ELSE 0 END"
        f" FROM {PAGE_TABLE} p JOIN {LOCALIZATION_TABLE} l ON l.page_id = p.id"
        f" WHERE p.id IN ({sql_ids(chain_ids)}) OR p.parent_id IS NULL ORDER BY p.parent_id, p.position, p.id"
    )


def _listed_children() -> str:
    # Params: the parent's id, now, the locale.
    return f"p.parent_id = %s AND {visibility.listed_sql('p')} AND {HAS_ADDRESS}"


def listed_children_page(order: str) -> str:
    """One page of a page's listed children with an address in a locale, and how many there are
    in all, in one statement (params: parent, now, locale, limit, offset).

    SQL: the count rides along as a window (COUNT(*) OVER ()), which the ORM writes only with a
    second query or a subquery per row; who is listed is cms.pages.visibility's SQL fragment."""
    return (
        f"SELECT id, COUNT(*) OVER () FROM {PAGE_TABLE} p WHERE {_listed_children()}"
        f" ORDER BY {order} LIMIT %s OFFSET %s"
    )


def listed_children_count() -> str:
    """How many listed children there are (params: parent, now, locale): for the pager when a
    page past the end is asked for (the same filter as listed_children_page)."""
    return f"SELECT COUNT(*) FROM {PAGE_TABLE} p WHERE {_listed_children()}"


def sitemap_rows() -> str:
    """Every page's row as the sitemap weighs it, parents first.

    SQL: 10,000 rows as tuples with the dates as text (no datetime objects built only to be
    compared), and the home page's mark from cms.pages.addresses' fragment."""
    return (
        f"SELECT p.id, p.parent_id, p.status, {datetime_sql('p.published_at')}, p.skip_index, p.redirect_to,"
        f" {datetime_sql('p.updated_at')}, CASE WHEN {is_home_sql('p')} THEN 1 ELSE 0 END"
        f" FROM {PAGE_TABLE} p ORDER BY COALESCE(p.parent_id, 0), p.position, p.id"
    )


# The readers: each runs its statement and gives its rows (their columns as named above each).


def read_texts_and_menu(chain_ids: list[int], page_id: int) -> list[tuple[Any, ...]]:
    """texts_and_menu's rows: (id, locale, name, segment, blocks, parent_id, status, published_at, is_home)."""
    with connection.cursor() as cursor:
        cursor.execute(texts_and_menu(chain_ids), [page_id])
        return cursor.fetchall()


def read_listed_children(
    order: str, parent_id: int, when: Any, locale: str, limit: int, offset: int
) -> list[tuple[int, int]]:
    """listed_children_page's rows: (id, how many in all)."""
    with connection.cursor() as cursor:
        cursor.execute(listed_children_page(order), [parent_id, when, locale, limit, offset])
        return cursor.fetchall()


def read_listed_children_count(parent_id: int, when: Any, locale: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(listed_children_count(), [parent_id, when, locale])
        return int(cursor.fetchone()[0])


def read_sitemap_rows() -> list[tuple[Any, ...]]:
    """sitemap_rows' rows (columns as named there)."""
    with connection.cursor() as cursor:
        cursor.execute(sitemap_rows())
        return cursor.fetchall()
