"""The pages app's SQL where the ORM cannot say it: walks of the tree (recursive CTEs) and
PostgreSQL's advisory locks. Every other query of the app is the ORM's, except the read
model's and the tree cache's reads of every page (cms.pages.read_model, cms.pages.tree.changes),
kept in SQL because compiling and iterating them through the ORM costs more than the query.

Each fragment is named for what it answers and says which parameters (`%s`) it takes, in order.
"""

from cms.pages.models import Page, PageLocalization, Status

PAGE = Page._meta.db_table
LOCALIZATION = PageLocalization._meta.db_table

# How deep pages may nest (a real site rarely goes past ten levels). Every walk below is bounded
# by it, and create and move refuse to go deeper (cms.pages.tree.services), so a walk can never be cut
# short and miss a cycle, and even a corrupted (cyclic) tree can never make a query loop.
MAX_DEPTH = 100


def ancestry(select: str, join: str = "") -> str:
    """`select` over a page (its id the one parameter) and its ancestors (alias `a`, with `id`,
    `parent_id`, `depth` 0 for the page), the root first; `join` joins more tables to `a`."""
    return (
        "WITH RECURSIVE ancestry(id, parent_id, depth) AS ("
        f" SELECT id, parent_id, 0 FROM {PAGE} WHERE id = %s"
        " UNION ALL"
        f" SELECT p.id, p.parent_id, a.depth + 1 FROM {PAGE} p JOIN ancestry a ON p.id = a.parent_id"
        f" WHERE a.depth <= {MAX_DEPTH}"
        f") SELECT {select} FROM ancestry a {join} ORDER BY a.depth DESC"
    )


def ancestry_ids() -> str:
    """The ids of a page (its id the one parameter) and of its ancestors, to nest in another query."""
    return ancestry("a.id")


def subtree_height() -> str:
    """How many levels a page's subtree has (1 for a page without children); one parameter: its id."""
    return (
        "WITH RECURSIVE below(id, depth) AS ("
        f" SELECT id, 1 FROM {PAGE} WHERE id = %s"
        " UNION ALL"
        f" SELECT p.id, b.depth + 1 FROM {PAGE} p JOIN below b ON p.parent_id = b.id WHERE b.depth <= {MAX_DEPTH}"
        ") SELECT MAX(depth) FROM below"
    )


def addressed_below() -> str:
    """How many pages have an address in a locale through a page: itself and each descendant (not
    deleted) reached through pages with a segment there. Parameters: the page's id, the locale."""
    return (
        "WITH RECURSIVE below(id, depth) AS ("
        f" SELECT id, 0 FROM {PAGE} WHERE id = %s"
        " UNION ALL"
        f" SELECT p.id, b.depth + 1 FROM {PAGE} p JOIN below b ON p.parent_id = b.id AND p.status <> {Status.DELETED}"
        f" JOIN {LOCALIZATION} l ON l.page_id = p.id AND l.locale = %s AND l.path_segment <> ''"
        f" WHERE b.depth < {MAX_DEPTH}"
        ") SELECT COUNT(*) FROM below"
    )


def reachable(ids: str, shown: str) -> str:
    """The pages of `ids` (a list of integers) whose every step up is `shown` (an SQL expression
    over `p`, 1 or 0): the parameters `shown` takes, twice (for the page, then each step)."""
    return (
        "WITH RECURSIVE up(start, id, parent_id, shown, depth) AS ("
        f" SELECT p.id, p.id, p.parent_id, {shown}, 0 FROM {PAGE} p WHERE p.id IN ({ids})"
        " UNION ALL"
        f" SELECT up.start, p.id, p.parent_id, {shown}, up.depth + 1 FROM {PAGE} p"
        f" JOIN up ON p.id = up.parent_id WHERE up.depth <= {MAX_DEPTH}"
        ") SELECT start FROM up GROUP BY start HAVING MIN(shown) = 1"
    )


def walk_up(start: str) -> str:
    """`walk(depth, id)`: the page `start` (an SQL expression) and its ancestors, the root the
    lowest depth; to begin a query that reads `walk`. No parameters but those of `start`."""
    return (
        "WITH RECURSIVE up(depth, id, parent_id) AS ("
        f" SELECT 0, id, parent_id FROM {PAGE} WHERE id = {start}"
        " UNION ALL"
        f" SELECT up.depth - 1, p.id, p.parent_id FROM {PAGE} p JOIN up ON p.id = up.parent_id"
        f" WHERE up.depth > -{MAX_DEPTH}"
        "), walk(depth, id) AS (SELECT depth, id FROM up)"
    )


def walk_down_segments(count: int) -> str:
    """`walk(depth, id)`: the pages along `count` path segments from the top level, as deep as
    they match. Parameters: the segments, then the locale twice."""
    values = ", ".join(f"({depth}, %s)" for depth in range(1, count + 1))
    return (
        f"WITH RECURSIVE segs(depth, seg) AS (VALUES {values}),"
        " walk(depth, id) AS ("
        f" SELECT 1, p.id FROM {LOCALIZATION} l JOIN {PAGE} p ON p.id = l.page_id"
        " WHERE l.locale = %s AND l.path_segment = (SELECT seg FROM segs WHERE depth = 1) AND p.parent_id IS NULL"
        " UNION ALL"
        # CROSS JOIN keeps SQLite's order: from the page found, the next segment, then its page
        # (by the index on (locale, path_segment)), never a scan of the locale's segments.
        f" SELECT w.depth + 1, p.id FROM walk w CROSS JOIN {LOCALIZATION} l CROSS JOIN {PAGE} p"
        " WHERE l.locale = %s AND l.path_segment = (SELECT seg FROM segs WHERE segs.depth = w.depth + 1)"
        " AND p.id = l.page_id AND p.parent_id = w.id"
        ")"
    )


def advisory_locks(count: int, *, shared: bool = False) -> str:
    """PostgreSQL: take `count` transaction-level advisory locks, one parameter (the key) each, in
    the order given (PostgreSQL evaluates the select list left to right)."""
    function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    return "SELECT " + ", ".join(f"{function}(%s)" for _key in range(count))


# PostgreSQL: as a page row is read, take the advisory lock of its parent's sibling list.
# Parameters: the base of the parent locks, twice (cms.pages.locks.parent_key).
LOCK_OWN_PARENT = "pg_advisory_xact_lock(%s + MOD(COALESCE(parent_id, 0), %s)) IS NULL"
