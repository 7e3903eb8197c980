"""The pages app's SQL, where the ORM cannot say it or says it too slowly (issue 29, item 4):

- walks of the tree (recursive CTEs) and PostgreSQL's advisory locks, here;
- the read model's and the tree cache's reads of many pages (cms.pages.read_model,
  cms.pages.tree.changes): the hottest reads there are (the tree reads 10,000 pages at once),
  where compiling and iterating the ORM's query costs more than the query — rows as plain
  tuples, each with its columns named once beside its statement (`*_COLUMNS`), so its readers
  unpack them by those names and a column added can't shift them;
- which pages are in a translation state (the stored marks' JSON, read per database), the
  report's page of them and the tree's filter: cms.pages.translations.sql, that package's own
  (in one module with these it would pass the house's 450 lines).

Every other query of the app is the ORM's. Each fragment is named for what it answers and says
which parameters (`%s`) it takes, in order; the functions at the end run them (the app's modules
hold no cursor: a test reads the source for it) and give their rows in the columns named beside
each statement.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection
from django.db.models.expressions import RawSQL

from cms.media.models import Attachment, Image
from cms.media.records import CROP_FIELDS
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, Status, Tag

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


def lineage_localizations() -> str:
    """(id, locale, name, path_segment) of a page (its id the one parameter) and each ancestor, the
    root first; a page without localizations gives one row with locale NULL."""
    return ancestry("a.id, l.locale, l.name, l.path_segment", f"LEFT JOIN {LOCALIZATION} l ON l.page_id = a.id")


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


def up_to_unshown(ids: str, shown: str) -> str:
    """The CTE `up(start, id, parent_id, status, shown, depth)`: each page of `ids` (integers or a
    subquery), then the pages above it up to the first not `shown` (an SQL expression over `p`,
    1 or 0: visibility.shown_sql), which its parameters take twice (the page, then each step)."""
    return (
        "up(start, id, parent_id, status, shown, depth) AS ("
        f" SELECT p.id, p.id, p.parent_id, p.status, {shown}, 0 FROM {PAGE} p WHERE p.id IN ({ids})"
        " UNION ALL"
        f" SELECT up.start, p.id, p.parent_id, p.status, {shown}, up.depth + 1 FROM {PAGE} p"
        f" JOIN up ON p.id = up.parent_id WHERE up.shown = 1 AND up.depth <= {MAX_DEPTH})"
    )


def reachable(ids: str, shown: str) -> str:
    """The pages of `ids` whose every step up is `shown` (parameters: up_to_unshown's)."""
    return f"WITH RECURSIVE {up_to_unshown(ids, shown)} SELECT start FROM up GROUP BY start HAVING MIN(shown) = 1"


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


# --- Values in statements --------------------------------------------------------------------


def id_list(ids: Iterable[int]) -> str:
    """Ids for an SQL `IN (…)`, each made an int (so nothing else gets into the statement)."""
    return ",".join(str(int(i)) for i in ids) or "NULL"


def id_in(column: str, ids: Iterable[int]) -> str:
    """`column` is one of `ids` (each made an int).

    PostgreSQL gets one array constant, which it plans in less time than an IN list of as many
    ids (0.15 ms against 0.4 for 671), and the link tables take it on their own page_id: given
    a query of the pages instead (`page_id IN (SELECT p.id …)`), it estimated a hash join over
    all 200,000 image links (100,000 file links) cheaper than 671 index lookups, and took
    25-30 ms a table where the index takes 1-2 ms. SQLite has no arrays; it looks an IN list's
    ids up in the index.
    """
    numbers = ",".join(str(int(i)) for i in ids)
    if connection.vendor == "postgresql":
        return f"{column} = ANY('{{{numbers}}}'::bigint[])"
    return f"{column} IN ({numbers or 'NULL'})"


def datetime_text(column: str) -> str:
    """A date column as the read model takes it. SQLite's driver would parse 10,000 dates only
    for them to be written out again: the stored text (UTC, "2026-11-22 10:00:00.5") becomes
    ISO 8601 ("2026-11-22T10:00:00.5Z") in SQL. PostgreSQL's driver gives datetimes."""
    return f"replace({column}, ' ', 'T') || 'Z'" if connection.vendor == "sqlite" else column


# --- The read model's rows (cms.pages.read_model) ----------------------------------------------

# A page's row, in cms.pages.read_model.rows.PageRow's field order (it checks them equal): the
# stored columns every read takes, then the detail's blocks, the children the tree shows and
# whether it is the home page.
PAGE_ROW_STORED = (
    "id", "parent_id", "position", "status", "published_at", "starts_at", "ends_at", "all_day", "pinned",
    "template", "unique_name", "feed_enabled", "news_page", "user_id", "redirect_to", "skip_index",
    "lock_version", "meta_image_id", "translation_outdated", "translation_todo",
)  # fmt: skip
PAGE_ROW_COLUMNS = (*PAGE_ROW_STORED, "blocks", "child_count", "is_home")
_DATES = frozenset({"published_at", "starts_at", "ends_at"})
# The tree's order: top-level pages first on every database (PostgreSQL sorts NULLs last unless
# told), in the order of the page_tree_order index.
TREE_ORDER = "ORDER BY p.parent_id NULLS FIRST, p.position, p.id"


def page_row_columns(*, detail: bool, count_children: bool, home: str, alias: str = "p") -> str:
    """The select list of PAGE_ROW_COLUMNS over the page table as `alias`; `home` is the SQL
    that is true for the home page (cms.pages.addresses.is_home_sql). No parameters."""
    own = [datetime_text(f"{alias}.{name}") if name in _DATES else f"{alias}.{name}" for name in PAGE_ROW_STORED]
    # The children the tree shows under each page: one index lookup each.
    shown_children = (
        f"(SELECT COUNT(*) FROM {PAGE} c WHERE c.parent_id = {alias}.id AND c.status != {Status.DELETED})"
        if count_children
        else "0"
    )
    blocks = f"{alias}.blocks" if detail else "NULL"
    return ", ".join([*own, blocks, shown_children, f"CASE WHEN {home} THEN 1 ELSE 0 END"])


# Which pages page_rows reads (over `p`): all, one, some by id, the children of some nodes.
ALL_PAGES = "1 = 1"


def page_is(page_id: int) -> str:
    return f"p.id = {int(page_id)}"


def pages_in(ids: Iterable[int]) -> str:
    return id_in("p.id", ids)


def children_of(parent_ids: Iterable[int | None]) -> str | None:
    """The children of the pages of `parent_ids` (None: the top level); None when it is empty."""
    parent_ids = list(parent_ids)
    ids = [parent for parent in parent_ids if parent is not None]
    conditions = (["p.parent_id IS NULL"] if None in parent_ids else []) + (
        [f"p.parent_id IN ({id_list(ids)})"] if ids else []
    )
    return " OR ".join(conditions) or None


def page_rows(columns: str, where: str) -> str:
    """`columns` (page_row_columns) of the pages matching `where` (over `p`, ids only), in the
    tree's order. No parameters."""
    return f"SELECT {columns} FROM {PAGE} p WHERE {where} {TREE_ORDER}"


# A page found by a visitor (cms.pages.read_model.chains): when the last page became listed and
# when the next will, then the page row.
CHAIN_COLUMNS = ("last_due", "next_due", *PAGE_ROW_COLUMNS)


def chain(walk: str, columns: str, *, listed: str, due_later: str) -> str:
    """CHAIN_COLUMNS of the pages of `walk` (walk_up, walk_down_segments: its parameters come
    first), the top level first. `columns`: page_row_columns; `listed` and `due_later`: who is
    listed and who will be (cms.pages.visibility over alias `d`), then one `%s` each: now."""
    last_due = f"SELECT MAX(d.published_at) FROM {PAGE} d WHERE {listed}"
    next_due = f"SELECT MIN(d.published_at) FROM {PAGE} d WHERE {due_later}"
    return (
        f"{walk} SELECT ({last_due}), ({next_due}), {columns} FROM walk w JOIN {PAGE} p ON p.id = w.id ORDER BY w.depth"
    )


ANCESTOR_PARENT_COLUMNS = ("id", "parent_id")


def ancestor_parents(ids: Iterable[int]) -> str:
    """ANCESTOR_PARENT_COLUMNS of the pages of `ids` and of all their ancestors. No parameters."""
    return (
        "WITH RECURSIVE up(id, parent_id, depth) AS ("
        f" SELECT id, parent_id, 0 FROM {PAGE} WHERE {id_in('id', ids)}"
        " UNION ALL"
        f" SELECT p.id, p.parent_id, up.depth + 1 FROM {PAGE} p JOIN up ON p.id = up.parent_id"
        f" WHERE up.depth < {MAX_DEPTH}"
        ") SELECT DISTINCT id, parent_id FROM up"
    )


TEXT_COLUMNS = ("page_id", "locale", "name", "path_segment")  # and `blocks` for detail


def texts(pages: Iterable[int] | None, *, detail: bool) -> str:
    """TEXT_COLUMNS (and the localized blocks for detail) of the pages of `pages` (None: all).
    Ordered by page so SQLite reads the covering index instead of the rows with block text."""
    where = "" if pages is None else f" WHERE {id_in('page_id', pages)}"
    columns = ", ".join(TEXT_COLUMNS) + (", blocks" if detail else "")
    return f"SELECT {columns} FROM {LOCALIZATION}{where} ORDER BY page_id"


# The rows of a page's parts, every kind in the same columns (one UNION ALL). What a column holds
# depends on `kind`: "i" an image link (ref_id its image, number 1 when primary), "f" a file
# link with its attachment (ref_id, number its size, text its filename, kind_text its type),
# "t" a tag (text its name), "n" a localization (text its locale, kind_text its name, name its
# path segment), "m" an image shown (row_id its id, number and position its width and height,
# text its file, kind_text its filename, name its content type, description its alternative
# text; and IMAGE_COLUMNS, which only its rows fill).
PART_COLUMNS = ("kind", "page_id", "row_id", "ref_id", "number", "position", "text", "kind_text", "name", "description")
IMAGE_COLUMNS = (*CROP_FIELDS, "has_alpha", "caption")
# Typed: PostgreSQL types a UNION's columns pair by pair, and two NULLs would make text.
_NO_IMAGE = ", CAST(NULL AS INTEGER)" * (len(IMAGE_COLUMNS) - 1) + ", CAST(NULL AS TEXT)"


def links(pages: Iterable[int] | None, *, with_images: bool = False) -> list[str]:
    """The SELECTs of the image links, file links (with their attachment) and tags of the pages
    of `pages` (None: all) in PART_COLUMNS, to join with UNION ALL (`with_images`: and the empty
    IMAGE_COLUMNS). Each link table by its own page_id: through a query of the pages, PostgreSQL
    scanned the whole table (id_in). Unordered: sorting thousands of rows in SQL costs more than
    each page's few, sorted by the reader."""
    padding = _NO_IMAGE if with_images else ""
    ids = None if pages is None else list(pages)

    def where(page: str) -> str:
        return "" if ids is None else f" WHERE {id_in(page, ids)}"

    return [
        "SELECT 'i', l.page_id, l.id, l.image_id, CASE WHEN l.\"primary\" THEN 1 ELSE 0 END, l.position,"
        f" NULL, NULL, NULL, NULL{padding} FROM {PageImage._meta.db_table} l" + where("l.page_id"),
        "SELECT 'f', l.page_id, l.id, l.attachment_id, a.byte_size, l.position, a.filename, a.content_type,"
        f" CAST(a.name AS TEXT), CAST(a.description AS TEXT){padding} FROM {PageFile._meta.db_table} l"
        f" JOIN {Attachment._meta.db_table} a ON a.id = l.attachment_id" + where("l.page_id"),
        f"SELECT 't', pt.page_id, t.id, 0, 0, 0, t.name, NULL, NULL, NULL{padding}"
        f" FROM {Page.tags.through._meta.db_table} pt JOIN {Tag._meta.db_table} t ON t.id = pt.tag_id"
        + where("pt.page_id"),
    ]


def union(selects: Iterable[str]) -> str:
    return " UNION ALL ".join(selects)


def parts(pages: Iterable[int], texts_of: Iterable[int], meta_images: Iterable[int]) -> str:
    """In PART_COLUMNS + IMAGE_COLUMNS: the names and segments of the pages `texts_of`, the links
    and tags of the pages `pages`, and the images they link or show as meta image, in one
    statement. No parameters."""
    pages = list(pages)
    images = (
        "SELECT 'm', NULL, id, NULL, real_width, real_height, file, filename, content_type,"
        f" CAST(alternative AS TEXT), {', '.join(CROP_FIELDS)}, CASE WHEN has_alpha THEN 1 ELSE 0 END,"
        " CAST(caption AS TEXT)"
        f" FROM {Image._meta.db_table} WHERE id IN (SELECT image_id FROM {PageImage._meta.db_table}"
        f" WHERE {id_in('page_id', pages)}) OR {id_in('id', meta_images)}"
    )
    return union([
        f"SELECT 'n', page_id, NULL, NULL, NULL, NULL, locale, name, path_segment, NULL{_NO_IMAGE}"
        f" FROM {LOCALIZATION} WHERE {id_in('page_id', texts_of)}",
        *links(pages, with_images=True),
        images,
    ])  # fmt: skip


# --- The tree cache's rows (cms.pages.tree.changes) --------------------------------------------

# A page's row as the cache compares it. Two values stand for four, as each value fetched costs
# (~1 ms per 10,000 rows): `place` is position * 2**STATUS_BITS + status, `versions` is
# lock_version + links_version (both only ever move forward, so their sum moves whenever one does).
TREE_KEY_COLUMNS = ("id", "parent_id", "place", "versions")
STATUS_BITS = 3
assert max(Status) < 1 << STATUS_BITS


def tree_keys() -> str:
    """TREE_KEY_COLUMNS of every page, in the tree's order: that of the page_tree_order index,
    which holds every column read, so SQLite scans the index alone. No parameters."""
    return (
        f"SELECT id, parent_id, CAST(position AS BIGINT) * {1 << STATUS_BITS} + status,"
        f" CAST(lock_version AS BIGINT) + links_version FROM {PAGE} ORDER BY parent_id NULLS FIRST, position, id"
    )


# --- Running them: the app's only cursors ------------------------------------------------------


def _rows(statement: str, params: Sequence[Any] = ()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall()


def _value(statement: str, params: Sequence[Any] = ()) -> Any:
    """The first column of the first row (a count, a maximum)."""
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchone()[0]


def read_ancestry_ids(page_id: int) -> list[int]:
    """ancestry_ids' ids: the page's and its ancestors', the root first."""
    return [page for (page,) in _rows(ancestry_ids(), [page_id])]


def ancestry_ids_query(page_id: int) -> RawSQL:
    """ancestry_ids as a subquery of the ORM's (`pk__in=`)."""
    return RawSQL(ancestry_ids(), [page_id])


def read_subtree_height(page_id: int) -> int:
    return int(_value(subtree_height(), [page_id]) or 0)


def read_lineage_localizations(page_id: int) -> list[tuple[int, str | None, str, str]]:
    """lineage_localizations' rows, a missing name or segment as ""."""
    return [
        (page, locale, name or "", segment or "")
        for page, locale, name, segment in _rows(lineage_localizations(), [page_id])
    ]


def count_addressed_below(page_id: int, locale: str) -> int:
    return int(_value(addressed_below(), [page_id, locale]))


def read_reachable(ids: str, shown: str, params: Sequence[Any]) -> set[int]:
    """The `start` ids reachable() keeps; `params`: those `shown` takes, twice."""
    return {start for (start,) in _rows(reachable(ids, shown), params)}


def take_advisory_locks(keys: Sequence[int], *, shared: bool = False) -> None:
    """advisory_locks of `keys`, in one statement, in their order."""
    _rows(advisory_locks(len(keys), shared=shared), keys)


def locking_own_parent(base: int) -> RawSQL:
    """LOCK_OWN_PARENT as an expression of the ORM's query of pages; `base`: the parent locks'."""
    return RawSQL(LOCK_OWN_PARENT, [base, base])


def read_page_rows(columns: str, where: str) -> list[tuple]:
    """page_rows' rows: `columns` (page_row_columns, PAGE_ROW_COLUMNS) in the tree's order."""
    return _rows(page_rows(columns, where))


def read_chain(walk: str, columns: str, params: Sequence[Any], *, listed: str, due_later: str) -> list[tuple]:
    """chain's rows in CHAIN_COLUMNS; `params`: the walk's, then now twice."""
    return _rows(chain(walk, columns, listed=listed, due_later=due_later), params)


def read_ancestor_parents(ids: Iterable[int]) -> dict[int, int | None]:
    """ANCESTOR_PARENT_COLUMNS as id -> parent id."""
    return dict(_rows(ancestor_parents(ids)))


def read_texts(pages: Iterable[int] | None, *, detail: bool) -> list[tuple]:
    """texts' rows: TEXT_COLUMNS (and the blocks for detail), by page."""
    return _rows(texts(pages, detail=detail))


def read_links(pages: Iterable[int] | None) -> list[tuple]:
    """links' rows, in PART_COLUMNS."""
    return _rows(union(links(pages)))


def read_parts(pages: Iterable[int], texts_of: Iterable[int], meta_images: Iterable[int]) -> list[tuple]:
    """parts' rows, in PART_COLUMNS + IMAGE_COLUMNS."""
    return _rows(parts(pages, texts_of, meta_images))


def read_tree_keys() -> list[tuple[int, int | None, int, int]]:
    """tree_keys' rows: TREE_KEY_COLUMNS, in the tree's order."""
    return _rows(tree_keys())
