"""The external half of the broken-link report (issue 33, item 4): the links of the pages' texts
whose last check failed, for the report (cms.pages.reports / broken_links.json) to list beside
the internal ones, in its row shape `{page_id, locale, block, url, reason, checked_at}`.

A row per link in a block (cms.pages.models.ExternalReference, kind "link"), of the pages not
deleted, in the locale asked or in a block every locale shares (locale ""), whose address's
LinkCheck says broken (cms.pages.linkcheck.models.is_broken: `blocked_address`, a 429 or a link
never checked are not). Ordered by page, locale, block and the link's row; paged by offset and limit.
"""

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from cms.pages.linkcheck.models import LinkCheck, url_key
from cms.pages.models import ExternalReference, Status

MAX_LIMIT = 500


def broken_external_links(
    *, locale: str, pages: Iterable[int] | QuerySet | None = None
) -> "QuerySet[ExternalReference]":
    """The broken external links (rows of ExternalReference), of the pages in `pages` when given
    (ids, or a query of ids to nest: a subtree), in the report's order (the index external_ref_page's)."""
    rows = (
        ExternalReference.objects.filter(kind="link", locale__in=[locale, ""])
        .exclude(page__status=Status.DELETED)
        .filter(url__in=LinkCheck.objects.filter(broken=True).values("url"))
    )
    if pages is not None:
        rows = rows.filter(page_id__in=pages)
    return rows.order_by("page_id", "locale", "block", "id")


def external_broken_links(
    *, locale: str, pages: Iterable[int] | QuerySet | None = None, offset: int = 0, limit: int = 50
) -> dict[str, Any]:
    """{"links": [{page_id, locale, block, url, reason, status, checked_at}], "total"}: one page of
    the broken external links (see broken_external_links), `limit` at most MAX_LIMIT."""
    offset, limit = max(0, offset), max(0, min(limit, MAX_LIMIT))
    rows = broken_external_links(locale=locale, pages=pages)
    found = list(rows.values("page_id", "locale", "block", "url")[offset : offset + limit])
    # Their checks by the unique key (one indexed read), not per row by the unindexed address.
    checks = {
        check["url"]: check
        for check in LinkCheck.objects.filter(url_hash__in={url_key(row["url"]) for row in found}).values(
            "url", "reason", "status", "checked_at"
        )
    }
    links = [
        {**row, "reason": check["reason"], "status": check["status"], "checked_at": check["checked_at"]}
        for row in found
        if (check := checks.get(row["url"])) is not None  # None: pruned since, as its last link went
    ]
    return {"links": links, "total": rows.count()}
