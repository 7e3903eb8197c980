"""The link index's SQL, where the ORM cannot say it: walks of the tree (recursive CTEs), down a
subtree or up from the linked pages."""

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models.expressions import RawSQL

from cms.pages.models import Page, PageLink, PageLocalization, Status
from cms.pages.sql import MAX_DEPTH, reachable, up_to_unshown

PAGE = Page._meta.db_table
LOCALIZATION = PageLocalization._meta.db_table
LINK = PageLink._meta.db_table

# The descendants of a page (its id the one parameter), each with its parent, and its segment
# per locale (a page without localizations: one row, locale NULL), the shallowest first.
SUBTREE_SEGMENTS = (
    "WITH RECURSIVE below(id, parent_id, depth) AS ("
    f" SELECT id, parent_id, 0 FROM {PAGE} WHERE id = %s"
    " UNION ALL"
    f" SELECT p.id, p.parent_id, b.depth + 1 FROM {PAGE} p JOIN below b ON p.parent_id = b.id"
    f" WHERE b.depth < {MAX_DEPTH}"
    f") SELECT b.id, b.parent_id, l.locale, l.path_segment FROM below b LEFT JOIN {LOCALIZATION} l ON l.page_id = b.id"
    " WHERE b.depth > 0 ORDER BY b.depth, b.id"
)
SUBTREE_SEGMENTS_COLUMNS = ("id", "parent_id", "locale", "path_segment")


def subtree_segments(page_id: int) -> list[tuple[int, int, str | None, str | None]]:
    """(id, parent_id, locale, path_segment) of each descendant of a page, parents first."""
    with connection.cursor() as cursor:
        cursor.execute(SUBTREE_SEGMENTS, [int(page_id)])
        return [(row[0], row[1], row[2], row[3]) for row in cursor.fetchall()]


# The ids of a page and its descendants (its id the one parameter), to nest in `IN (…)`.
SUBTREE_IDS = (
    "WITH RECURSIVE below(id, depth) AS ("
    f" SELECT id, 0 FROM {PAGE} WHERE id = %s"
    " UNION ALL"
    f" SELECT p.id, b.depth + 1 FROM {PAGE} p JOIN below b ON p.parent_id = b.id WHERE b.depth < {MAX_DEPTH}"
    ") SELECT id FROM below"
)


def in_subtree(page_id: int) -> RawSQL:
    """The ids of a page and its descendants, as a subquery for the ORM's `__in`."""
    return RawSQL(SUBTREE_IDS, [int(page_id)])


def unreachable_link_urls(source_id: int, shown: str, now: Any) -> set[str]:
    """The addresses (as written) of a page's links to pages visitors can't reach: removed for
    good, or the page itself or a page above it not `shown` (1 or 0 over `p`, whose one parameter
    is `now`: cms.pages.visibility.shown_sql). One statement: the walk up runs from the link rows'
    targets."""
    targets = f"SELECT target_id FROM {LINK} WHERE source_id = %s AND target_id IS NOT NULL"
    # Or to a page removed for good: no target, and no address a page could come to live at
    # (a missing link's address_hash; a purge leaves it empty).
    statement = (
        f"SELECT DISTINCT url FROM {LINK} WHERE source_id = %s AND (target_id IS NULL AND address_hash = ''"
        f" OR target_id IS NOT NULL AND target_id NOT IN ({reachable(targets, shown)}))"
    )
    with connection.cursor() as cursor:
        # In the statement's order: the links' page, then `shown`'s, the targets', `shown`'s again.
        cursor.execute(statement, [int(source_id), now, int(source_id), now])
        return {url for (url,) in cursor.fetchall()}


# The link rows of `links` (an SQL query of index rows with the columns id, source_id, locale,
# block, url and target_id, by those names: the ORM's, cms.pages.text_links.services) that lead
# nowhere on the website: to no page, or to a page that it or a page above it is not `shown` (an
# SQL expression over `p`, 1 or 0, whose parameters come twice: for the page, then each step up).
# `dead` holds each such target with the status of its nearest page not shown (the target itself
# first): a target's walk stops there (what lies above can't make the link any deader), so it has
# one at most.
#
# The walk runs up from the linked pages, not down from the pages visitors can't reach: it costs
# (pages the rows link to) x (their depth), bounded by the links asked for (one page's: a few
# steps), where a walk down costs every page below every draft and deleted page, however few
# links the report is asked for (a trash of 5,000 subtrees walked for one editor's page).
#
# `links` is read twice rather than held in a CTE read twice: PostgreSQL would materialize that
# one, every row and its address (at 50,000 rows, half the statement's time). And `dead` is
# asked with `IN (…)`, not joined: its size unknown to the planner, a join under the rows' ORDER
# BY … LIMIT became a nested loop over the walk for every link row (200 ms for the first page
# of a 10,000-page site); `IN` is one hashed lookup, on both databases. Inside a CASE, not as
# `IS NULL OR … IN`: SQLite answers that OR through the target index, one look-up per dead page
# and a sort after (half as fast again).
def broken_links(links: str, shown: str, select: str) -> str:
    """`select` over the broken rows of `links` (alias `l`). Parameters: those of `links`,
    `shown`'s twice, those of `links` again (then those of `select`'s own, if any)."""
    # `targets` first, so the parameters come in the order the docstring says.
    return (
        f"WITH RECURSIVE targets(id) AS (SELECT s.target_id FROM ({links}) s),"
        f" {up_to_unshown('SELECT id FROM targets', shown)},"
        " dead(id, status) AS (SELECT start, status FROM up WHERE shown = 0)"
        f" SELECT {select} FROM ({links}) l"
        " WHERE CASE WHEN l.target_id IS NULL THEN 1 WHEN l.target_id IN (SELECT id FROM dead) THEN 1 ELSE 0 END = 1"
    )


# Of a broken row (broken_links's `l`): NULL when it names no page, else 1 when the page that
# stops visitors is deleted, 0 when it is not published.
BLOCKED_BY_DELETED = (
    "CASE WHEN l.target_id IS NULL THEN NULL"
    f" WHEN l.target_id IN (SELECT id FROM dead WHERE status = {Status.DELETED}) THEN 1 ELSE 0 END"
)


def count_broken_links(links: str, params: Sequence[Any], shown: str, now: Any) -> int:
    """How many rows of `links` (with its `params`) lead nowhere: the rows of broken_link_rows."""
    statement = broken_links(links, shown, "COUNT(*)")
    with connection.cursor() as cursor:
        cursor.execute(statement, [*params, now, now, *params])
        return int(cursor.fetchone()[0])


def broken_link_rows(links: str, params: Sequence[Any], shown: str, now: Any, offset: int, limit: int
                     ) -> list[tuple[int, str, str, str, bool | None]]:  # fmt: skip
    """(source_id, locale, block, url, blocked_by_deleted) of the rows of `links` that lead
    nowhere, in the linking page's order (then locale, block, index row); `shown`: 1 or 0 over
    `p`, whose one parameter is `now` (cms.pages.visibility.shown_sql)."""
    select = f"l.source_id, l.locale, l.block, l.url, {BLOCKED_BY_DELETED}"
    statement = broken_links(links, shown, select)
    statement += " ORDER BY l.source_id, l.locale, l.block, l.id LIMIT %s OFFSET %s"
    with connection.cursor() as cursor:
        cursor.execute(statement, [*params, now, now, *params, int(limit), int(offset)])
        return [(row[0], row[1], row[2], row[3], None if row[4] is None else bool(row[4])) for row in cursor.fetchall()]
