"""What changed in the page tree between two generations of cms.pages.tree.cache, told from one
short row per page read for every page at once (a set difference in C, not a key per page in
Python): which records must be rebuilt, and whether the tree's shape stayed the same."""

from dataclasses import dataclass
from itertools import chain, compress, count
from operator import ne
from typing import Final

from cms.pages import sql
from cms.pages.models import Status

# A page's row as the cache compares it (sql.TREE_KEY_COLUMNS): (id, parent id, place,
# versions), read for every page at once in the tree's order, compared as tuples (in C).
KeyRow = tuple[int, int | None, int, int]
STATUS_BITS = sql.STATUS_BITS
ID: Final = 0
PARENT: Final = 1
PLACE: Final = 2
VERSIONS: Final = 3
assert sql.TREE_KEY_COLUMNS == ("id", "parent_id", "place", "versions"), "KeyRow: the tree's keys changed"


def key_rows() -> list[KeyRow]:
    """Every page's KeyRow, in the tree's order (that of the records, cms.pages.read_model)."""
    return sql.read_tree_keys()


@dataclass
class Change:
    """How the pages' rows differ between two generations."""

    changed: set[int]  # pages whose row changed, and new pages
    gone: set[int]  # pages no longer there
    counts: set[int]  # parents whose shown children may have changed in number
    lineage: set[int]  # pages whose texts or place changed: their descendants show them
    same_shape: bool  # the same pages in the same order under the same parents

    def stale(self, children: dict[int | None, list[int]]) -> set[int]:
        """The pages whose records must be rebuilt, given the new tree's children."""
        below, descendants = list(self.lineage), set()
        while below:
            for child in children.get(below.pop(), ()):
                if child not in descendants:
                    descendants.add(child)
                    below.append(child)
        stale = self.changed | self.counts | descendants
        return stale - self.gone


def changed(before: list[KeyRow], after: list[KeyRow]) -> Change:
    """Compare the pages' rows of two generations.

    A page's record shows its own row's values and texts, tags and links (any change of which
    moves its `lock_version` or `links_version` forward), its shown children's number and, for
    each ancestor, its name and path segment (`lock_version` again). So a record is rebuilt
    when its row changed, when a child came, went, moved or was deleted or restored, and when
    an ancestor's row changed its versions or its parent.
    """
    if before == after:
        return Change(set(), set(), set(), set(), True)
    # The rows that differ at the same index, and those past the shorter list's end (in C: most
    # rows are the same). A row that only moved in the list is on both sides: it cancels out.
    differ = list(compress(count(), map(ne, before, after)))
    ends = min(len(before), len(after))
    old = {row[ID]: row for row in chain(map(before.__getitem__, differ), before[ends:])}
    new = {row[ID]: row for row in chain(map(after.__getitem__, differ), after[ends:])}
    moved = [page_id for page_id, row in new.items() if old.get(page_id) == row]
    for page_id in moved:
        del old[page_id], new[page_id]
    change = Change(set(new), old.keys() - new.keys(), set(), set(), not moved and len(before) == len(after))
    for page_id in old.keys() | new.keys():
        was, now = old.get(page_id), new.get(page_id)
        if was is None or now is None or was[PARENT] != now[PARENT]:  # came, went or moved elsewhere
            change.same_shape = False
            change.counts.update(row[PARENT] for row in (was, now) if row is not None and row[PARENT] is not None)
            change.lineage.add(page_id)
            continue
        if was[PLACE] >> STATUS_BITS != now[PLACE] >> STATUS_BITS:
            change.same_shape = False  # moved among its siblings: the order differs
        if _deleted(was) != _deleted(now):
            change.counts.update(row[PARENT] for row in (was, now) if row[PARENT] is not None)
        if was[VERSIONS] != now[VERSIONS]:
            change.lineage.add(page_id)
    return change


def _deleted(row: KeyRow) -> bool:
    return row[PLACE] & ((1 << STATUS_BITS) - 1) == Status.DELETED
