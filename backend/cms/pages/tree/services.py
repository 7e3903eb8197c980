"""Tree operations on the adjacency list: ancestry look-ups and gapless sibling positions.

Among siblings the pages the tree shows come first and deleted ones (status 4, kept for
restoring) after them, so a position the tree asks for — an index among what it shows — is
the stored position itself, with no translation on any read.

The writes that change positions are the page writes' own (cms.pages.saving.tree_writes).
Every change to a sibling list (create, move, a deletion or restoration, a new path segment)
runs under that list's parent lock inside its transaction, and moves under the move lock too,
so concurrent requests cannot interleave their position shifts or make a cycle; which locks,
and the one order they are taken in, is cms.pages.locks's docstring.
"""

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_lazy as _

from cms.core.input_types import INT64_MAX
from cms.core.messages import message
from cms.pages import sql
from cms.pages.models import Page, PageLocalization, Status

MAX_DEPTH = sql.MAX_DEPTH  # how deep pages may nest: create and move refuse to go deeper
DEPTH_MESSAGE = message(_("would put pages more than %(depth)d levels deep"), depth=MAX_DEPTH)
LAST = INT64_MAX  # a position past any end: appends


def lineage_ids(page_id: int) -> list[int]:
    """Return the ids from the root down to and including the page (empty if it does not exist)."""
    return sql.read_ancestry_ids(page_id)


def subtree_height(page_id: int) -> int:
    """Return how many levels a page's subtree has (1 for a page without children)."""
    return sql.read_subtree_height(page_id)


def lineage_localizations(page_id: int) -> list[tuple[int, str | None, str, str]]:
    """Return (id, locale, name, path_segment) for the page and each ancestor, root first.

    One query however deep the page lies; a page without localizations yields one row with
    locale None.
    """
    return sql.read_lineage_localizations(page_id)


def sibling_count(parent_id: int | None, *, excluding: int | None = None, shown: bool = False) -> int:
    siblings = Page.objects.filter(parent_id=parent_id)
    if shown:
        siblings = siblings.exclude(status=Status.DELETED)
    if excluding is not None:
        siblings = siblings.exclude(pk=excluding)
    return siblings.count()


def insertion_position(
    parent_id: int | None, position: int = LAST, *, deleted: bool, excluding: int | None = None
) -> int:
    """Return where a page goes for a requested position among the shown children of a parent.

    A shown page lands within or just after the shown siblings; a deleted one after them all.
    """
    if deleted:
        return sibling_count(parent_id, excluding=excluding) + 1
    return max(1, min(position, sibling_count(parent_id, excluding=excluding, shown=True) + 1))


def segment_clash(page_id: int, parent_id: int | None) -> bool:
    """Return whether a page's path segment equals a would-be sibling's in the same locale."""
    mine = PageLocalization.objects.filter(
        page_id=page_id, locale=OuterRef("locale"), path_segment=OuterRef("path_segment")
    ).exclude(path_segment="")
    theirs = PageLocalization.objects.filter(page__parent_id=parent_id).exclude(page_id=page_id)
    return theirs.filter(Exists(mine)).exists()
