"""The writes of the tree to page rows: gapless sibling positions (tree.py has the reads and
the rules), and the counters the tree cache keys a page's record by (cms.pages.tree.cache).

Part of the one unit every page write goes through (cms.pages.saving): no page row is written
anywhere else.
"""

from typing import Any, cast

from django.db.models import Case, F, Field, QuerySet, Value, When

from cms.pages.models import Page, PageLocalization, Status
from cms.pages.tree.services import insertion_position


def place(page: Page, parent_id: int | None, position: int, **changes: Any) -> None:
    """Move a stored page to a position among the shown children of `parent_id`, setting `changes`
    on its row in the same UPDATE; both sibling lists stay gapless."""
    deleted = page.status == Status.DELETED
    if parent_id == page.parent_id:
        position = insertion_position(parent_id, position, deleted=deleted, excluding=page.pk)
        _reorder(page, position, changes)
    else:
        close_gap(page.parent_id, page.position)
        position = insertion_position(parent_id, position, deleted=deleted, excluding=page.pk)
        open_gap(parent_id, position, excluding=page.pk)
        Page.objects.filter(pk=page.pk).update(parent_id=parent_id, position=position, **changes)
        PageLocalization.objects.filter(page_id=page.pk).update(parent_key=parent_id or 0)
        children_changed(page.parent_id, parent_id)
    page.parent_id, page.position = parent_id, position


def children_changed(*parent_ids: int | None) -> None:
    """Mark the parents whose shown children changed in number (cms.pages.tree.cache keys).

    Like every change to what a page's cached record is keyed by, it moves a counter forward:
    a key must never come back to an earlier value, or a record built from a state in between
    could be served under it."""
    ids = [parent_id for parent_id in parent_ids if parent_id is not None]
    if ids:
        Page.objects.filter(pk__in=ids).update(links_version=F("links_version") + 1)


def _reorder(page: Page, position: int, changes: dict[str, Any]) -> None:
    """Move a page among its own siblings: the page and the siblings between its old and new
    place, in one UPDATE (closing one gap and opening another would take two)."""
    low, high, step = (position, page.position, 1) if position < page.position else (page.position, position, -1)

    def for_the_page(value: Any, otherwise: Any, name: str) -> Case:
        field = cast(Field, Page._meta.get_field(name))
        return Case(When(pk=page.pk, then=value), default=otherwise, output_field=field)

    Page.objects.filter(parent_id=page.parent_id, position__gte=low, position__lte=high).update(
        position=for_the_page(Value(position), F("position") + step, "position"),
        links_version=F("links_version") + 1,  # a new position: see children_changed
        **{name: for_the_page(value, F(name), name) for name, value in changes.items()},
    )


def close_gap(parent_id: int | None, position: int) -> None:
    """Shift the later siblings up by one, with one UPDATE however many there are."""
    Page.objects.filter(parent_id=parent_id, position__gt=position).update(
        position=F("position") - 1, links_version=F("links_version") + 1
    )


def open_gap(parent_id: int | None, position: int, *, excluding: int | None = None) -> None:
    """Shift the siblings at and after `position` down by one, with one UPDATE."""
    siblings = Page.objects.filter(parent_id=parent_id, position__gte=position)
    if excluding is not None:
        siblings = siblings.exclude(pk=excluding)
    siblings.update(position=F("position") + 1, links_version=F("links_version") + 1)


def linked_records_changed(pages: QuerySet[Page]) -> None:
    """Mark these pages (an image, attachment, tag or user they show changed), so the cached
    tree rebuilds their records: one UPDATE, their ids read inside it."""
    Page.objects.filter(pk__in=pages.values("pk")).update(links_version=F("links_version") + 1)
