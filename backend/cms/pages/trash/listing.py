"""The list of deleted pages: one entry per delete, newest first, a page of them at a time."""

from typing import Any

from django.db.models import Exists, OuterRef

from cms.core.people import display_name
from cms.core.types import User, Visitor
from cms.pages.models import Page, PageDeletion, PageLocalization, Status

PAGE_SIZE = 50


def deleted_pages(*, locale: str, q: str, page: int, reader: Visitor) -> dict[str, Any]:
    """`{pages, total}`: the deletions whose page is still deleted (whose name contains `q`, in
    any locale, when given), newest first, the `page`th PAGE_SIZE of them: two index reads and
    the names of the 50 answered."""
    # A row is kept only while its page is deleted (a restore or a purge removes it): no join.
    rows = PageDeletion.objects.all()
    if q:
        named = PageLocalization.objects.filter(page_id=OuterRef("page_id"), name__icontains=q)
        rows = rows.filter(Exists(named))
    total = rows.count()
    offset = (page - 1) * PAGE_SIZE
    chosen = list(
        rows.order_by("-deleted_at", "-page_id")
        .select_related("user", "page")
        .only("page_id", "deleted_at", "descendants", "status_before", "user", "page__parent_id")[
            offset : offset + PAGE_SIZE
        ]
    )
    ids = {row.page_id for row in chosen} | {row.page.parent_id for row in chosen if row.page.parent_id}
    names = _names(ids, locale)
    parents_shown = _shown(ids)
    pages = []
    for row in chosen:
        parent = row.page.parent_id
        user = row.user
        pages.append(
            {
                "id": row.page_id,
                "name": names.get(row.page_id, ""),
                "deleted_at": row.deleted_at,
                "user": None if user is None else _actor(user, reader),
                "parent_page_id": parent,
                "parent_name": names.get(parent) if parent else None,
                "parent_shown": parent is None or parent in parents_shown,
                "descendants": row.descendants,
                "status_before": row.status_before,
            }
        )
    return {"pages": pages, "total": total}


def _names(ids: set[int], locale: str) -> dict[int, str]:
    """Each page's name in the locale, else the first it has (one query)."""
    names: dict[int, str] = {}
    rows = PageLocalization.objects.filter(page_id__in=ids).exclude(name="").values_list("page_id", "locale", "name")
    for page_id, _locale, name in sorted(rows, key=lambda row: row[1] != locale):
        names.setdefault(page_id, name)
    return names


def _shown(ids: set[int]) -> set[int]:
    """Those of the pages that are there and not deleted (their ancestors aside)."""
    return set(Page.objects.filter(pk__in=ids).exclude(status=Status.DELETED).values_list("pk", flat=True))


def _actor(user: User, reader: Visitor) -> dict[str, Any]:
    return {"id": user.pk, "username": user.get_username(), "name": display_name(user, reader)}
