"""The external half of the broken-link report (issue 33, item 4): the links of the pages' texts
whose last check failed, for the report (cms.pages.reports / broken_links.json) to list beside
the internal ones, in its row shape `{page_id, locale, block, url, reason, checked_at}`.

A row per link in a block (cms.pages.models.ExternalReference, kind "link"), of the pages not
deleted, in the locale asked or in a block every locale shares (locale ""), whose address's
LinkCheck says broken (cms.pages.linkcheck.models.is_broken: `blocked_address`, a 429 or a link
never checked are not). Ordered by page, locale, block and address; paged by offset and limit.
"""

from collections.abc import Iterable
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery

from cms.pages.linkcheck.models import LinkCheck
from cms.pages.models import ExternalReference, Status

MAX_LIMIT = 500


def broken_external_links(
    *, locale: str, pages: Iterable[int] | QuerySet | None = None
) -> "QuerySet[ExternalReference]":
    """The broken external links (rows of ExternalReference annotated with `reason`, `status`
    and `checked_at` of their check), of the pages in `pages` when given (ids, or a query of
    ids to nest: a subtree), in the report's order."""
    check = LinkCheck.objects.filter(broken=True, url=OuterRef("url"))
    rows = (
        ExternalReference.objects.filter(kind="link", locale__in=[locale, ""])
        .exclude(page__status=Status.DELETED)
        .filter(url__in=LinkCheck.objects.filter(broken=True).values("url"))
        .annotate(
            reason=Subquery(check.values("reason")[:1]),
            status=Subquery(check.values("status")[:1]),
            checked_at=Subquery(check.values("checked_at")[:1]),
        )
    )
    if pages is not None:
        rows = rows.filter(page_id__in=pages)
    return rows.order_by("page_id", "locale", "block", "url", "id")


def external_broken_links(
    *, locale: str, pages: Iterable[int] | QuerySet | None = None, offset: int = 0, limit: int = 50
) -> dict[str, Any]:
    """{"links": [{page_id, locale, block, url, reason, status, checked_at}], "total"}: one page of
    the broken external links (see broken_external_links), `limit` at most MAX_LIMIT."""
    offset, limit = max(0, offset), max(0, min(limit, MAX_LIMIT))
    rows = broken_external_links(locale=locale, pages=pages)
    fields = ("page_id", "locale", "block", "url", "reason", "status", "checked_at")
    return {"links": list(rows.values(*fields)[offset : offset + limit]), "total": rows.count()}
