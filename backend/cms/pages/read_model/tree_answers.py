"""The tree screen's answers as JSON: the whole tree, nodes' children, and what it embeds
before anything is opened — from the shared cache (cms.pages.tree.cache) when there is one."""

from django.db.models import Count, Q

from cms.core.json import dumps
from cms.core.locales import get_locale
from cms.core.types import Visitor
from cms.pages import rights, sql
from cms.pages.models import Page, Status
from cms.pages.read_model.selectors import children_of_records, records_where, tree_records
from cms.pages.tree import cache as tree_cache

# How many rows the tree screen embeds at most, top level included (issue 8: its HTML ≤ 300 KB
# before compression). An embedded row takes ~400 bytes with three locales and short names, ~700
# with names and segments of 40 characters (its public URLs repeat the parent's segments): 300
# rows make 120 to 210 KB, room to spare for longer ones, and are still ten screenfuls (a 36 px row,
# ~30 to a screen). The top level is embedded whatever its size: the tree treats it as loaded.
FIRST_PAINT_ROWS = 300


def tree_json(*, locale: str, user: Visitor | None) -> bytes:
    """Return tree_records() as JSON, from the shared cache when there is one."""
    get_locale(locale)
    if not tree_cache.is_shared():
        return dumps(tree_records(locale=locale, user=user))
    return tree_cache.tree_bytes(locale, fragment_builder(locale), rights.rights_of(user))


def children_json(parent_ids: list[int | None], *, locale: str, user: Visitor | None) -> bytes:
    """Return the children of each of `parent_ids` (None: the top level) as a JSON list in the
    tree's shape, grouped in the order asked: from the shared cache when there is one."""
    get_locale(locale)
    if not tree_cache.is_shared():
        records = children_of_records(parent_ids, locale=locale, user=user)
        groups: dict[int | None, list[dict]] = {parent: [] for parent in parent_ids}
        for record in records:
            groups[record["parent_page_id"]].append(record)
        return dumps([record for group in groups.values() for record in group])
    return tree_cache.children_bytes(locale, fragment_builder(locale), rights.rights_of(user), parent_ids)


def first_paint_records(*, locale: str, user: Visitor | None) -> list[dict]:
    """Return what the tree shows before anything is opened (spec §4: news pages and pages with
    a parent start collapsed): the top level and the children of the top-level pages that start
    open, as long as they fit in FIRST_PAINT_ROWS. Deleted pages are left out: the tree never
    shows them.

    A page's children come whole or not at all (the client counts a node as loaded when all its
    child_count children are there), in the order the tree shows the top level, up to the first
    open page whose children do not fit: the rows embedded are the top of the screen. Open pages
    from there on come without children; the tree loads them as it starts (pages.json?parent_ids=).
    """
    top_level = list(
        Page.objects.filter(parent=None)
        .exclude(status=Status.DELETED)
        .annotate(shown_children=Count("children", filter=~Q(children__status=Status.DELETED)))
        .order_by("position", "id")
        .values("id", "news_page", "shown_children")
    )
    rows, embedded = len(top_level), []
    for page in top_level:
        if page["news_page"] or not page["shown_children"]:
            continue  # starts collapsed, or shows no children
        if rows + page["shown_children"] > FIRST_PAINT_ROWS:
            break
        rows += page["shown_children"]
        embedded.append(page["id"])
    records = children_of_records([None, *embedded], locale=locale, user=user)
    return [record for record in records if record["status"] != Status.DELETED]


def fragment_builder(locale: str) -> tree_cache.BuildFragments:
    return lambda page_ids, parents: fragments(page_ids, parents, locale=locale)


def fragments(page_ids: list[int] | None, parents: dict[int, int | None], *, locale: str) -> tree_cache.Fragments:
    """Build the given pages' records (None: all) as tree_cache keeps them: JSON without
    `permissions` and without the closing brace, which the cache joins in per reader.
    `parents`: every page's parent, as the cache has just read them (no query for ancestors)."""
    where = sql.ALL_PAGES if page_ids is None else sql.pages_in(page_ids)
    records = records_where(where, locale=locale, user=None, detail=False, all_pages=page_ids is None, parents=parents)
    built = {}
    for record in records:
        del record["permissions"]
        built[record["id"]] = dumps(record)[:-1]
    return built
