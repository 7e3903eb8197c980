"""The link index's SQL, where the ORM cannot say it: walks of the tree (recursive CTEs)."""

from typing import Any

from django.db import connection
from django.db.models.expressions import RawSQL

from cms.pages.models import Page, PageLink, PageLocalization
from cms.pages.sql import MAX_DEPTH, reachable

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


def unreachable_link_urls(source_id: int, visible: str, now: Any) -> set[str]:
    """The addresses (as written) of a page's links to pages visitors can't reach: removed for
    good, or the page itself or a page above it not `visible` (an SQL condition over `p` whose one parameter is
    `now`: cms.pages.visibility's). One statement: the walk up runs from the link rows' targets."""
    shown = f"CASE WHEN {visible} THEN 1 ELSE 0 END"
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
