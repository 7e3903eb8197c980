"""The link index's two reads (DESIGN §3, Links): what links to a page, and which internal links
are broken; each one bounded read of the index (cms.pages.models.PageLink) whatever the site holds.

A deleted linking page links nowhere any more (its text is shown nowhere), so it is left out of
both. A link is broken when the page it names, or a page above it, is deleted or not published (a
draft, reviewed, or published with a date still to come: cms.pages.visibility), as the website
judges it (it shows such a link as plain text), or when it names no page (no page has its
address, or the page was removed for good). A hidden page is reachable by its address: a link to
it, or to a published page below it, works.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from django.db.models import QuerySet
from django.utils import timezone

from cms.core.exceptions import NotFound
from cms.core.locales import get_locale
from cms.core.messages import message
from cms.pages import visibility
from cms.pages.linkcheck.services import broken_external_links, external_broken_links
from cms.pages.models import Page, PageLink, Status
from cms.pages.reports.services import page_names
from cms.pages.saving.validation import PAGE_MISSING
from cms.pages.text_links import sql

PER_PAGE = 50
MAX_PAGE = 10_000  # times 50: half a million rows, deeper than anyone pages

DELETED, UNPUBLISHED, MISSING = "deleted", "unpublished", "missing"


def linked_from(locale: str, page_id: int, page: int = 1) -> dict[str, Any]:
    """{"pages": [{id, name}], "total"}: the pages (not deleted, not itself) whose text in any
    locale links to the page, in id order, 50 a page; names in `locale` (with the fallback)."""
    get_locale(locale)
    _require_page(page_id)
    sources = (
        PageLink.objects.filter(target_id=page_id)
        .exclude(source_id=page_id)
        .exclude(source__status=Status.DELETED)
        .order_by("source_id")
        .values_list("source_id", flat=True)
        .distinct()
    )
    total = sources.count()
    start = (page - 1) * PER_PAGE
    ids = list(sources[start : start + PER_PAGE])
    names = page_names(ids, locale)
    return {"pages": [{"id": source_id, "name": names[source_id]["name"]} for source_id in ids], "total": total}


def dead_link_targets(source_id: int, now: datetime) -> set[str]:
    """The addresses (as written) of the page's links that the website shows as plain text: to a
    page visitors can't reach — deleted, unpublished, or under a page that is (the visibility
    rule, cms.pages.visibility); one read, cms.site renders it."""
    return sql.unreachable_link_urls(source_id, visibility.shown_sql("p"), visibility.sql_time(now))


def linked_into(page_id: int) -> bool:
    """Whether any text links to the page or a page below it (a rename then rewrites them)."""
    return PageLink.objects.filter(target_id__in=sql.in_subtree(page_id)).exists()


def linking_pages_of_subtree(page_id: int) -> "QuerySet[Page]":
    """The pages whose text links to the page or a page below it (visitors reach those only
    through it: its status decides whether their links are links)."""
    below = PageLink.objects.filter(target_id__in=sql.in_subtree(page_id)).values("source_id")
    return Page.objects.filter(pk__in=below)


class BrokenLinkSource(Protocol):
    """Broken links of one kind, in a fixed order: how many, and a slice of them as answer rows."""

    def count(self) -> int: ...

    def rows(self, offset: int, limit: int) -> list[dict[str, Any]]: ...


@dataclass
class InternalBrokenLinks:
    """The internal links to deleted, unpublished or missing pages, or to pages below a deleted or
    unpublished one (the website shows them all as plain text: dead_link_targets), written in
    `locale` or in a shared block; of the pages in the subtree of `under` (itself included), of
    page `page_id`. One statement each for count() and rows(), over the same rows."""

    locale: str
    under: int | None = None
    page_id: int | None = None
    now: datetime | None = None

    def _links(self) -> tuple[str, Sequence[Any]]:
        """The SQL of the index rows asked for, broken or not, and its parameters."""
        links = PageLink.objects.filter(locale__in=[self.locale, ""]).exclude(source__status=Status.DELETED)
        if self.page_id is not None:
            links = links.filter(source_id=self.page_id)
        if self.under is not None:
            links = links.filter(source_id__in=sql.in_subtree(self.under))
        fields = ("id", "source_id", "locale", "block", "url", "target_id")  # sql.broken_links's order
        return links.order_by().values_list(*fields).query.sql_with_params()

    def _rule(self) -> tuple[str, Any]:
        """Who visitors see (cms.pages.visibility's SQL, the website's) and when."""
        return visibility.shown_sql("p"), visibility.sql_time(self.now or timezone.now())

    def count(self) -> int:
        return sql.count_broken_links(*self._links(), *self._rule())

    def rows(self, offset: int, limit: int) -> list[dict[str, Any]]:
        found = sql.broken_link_rows(*self._links(), *self._rule(), offset, limit)
        return [
            {"page_id": source_id, "locale": locale, "block": block, "url": url, "reason": _reason(by_deleted),
             "checked_at": None}
            for source_id, locale, block, url, by_deleted in found
        ]  # fmt: skip


def _reason(blocked_by_deleted: bool | None) -> str:
    """Why a link is broken: the page that stops visitors (the target, else the nearest page
    above it) is deleted, or not published; None: the link names no page."""
    if blocked_by_deleted is None:
        return MISSING
    return DELETED if blocked_by_deleted else UNPUBLISHED


@dataclass
class ExternalBrokenLinks:
    """The external links whose last check failed (cms.pages.linkcheck), with the same filters as
    InternalBrokenLinks; each row says when the address was checked."""

    locale: str
    under: int | None = None
    page_id: int | None = None

    def _pages(self) -> "QuerySet[Page, Any] | list[int] | None":
        if self.page_id is not None:
            return [self.page_id]
        if self.under is not None:
            return Page.objects.filter(pk__in=sql.in_subtree(self.under)).values("pk")
        return None

    def count(self) -> int:
        return broken_external_links(locale=self.locale, pages=self._pages()).count()

    def rows(self, offset: int, limit: int) -> list[dict[str, Any]]:
        found = external_broken_links(locale=self.locale, pages=self._pages(), offset=offset, limit=limit)
        fields = ("page_id", "locale", "block", "url", "reason", "checked_at")
        return [{field: link[field] for field in fields} for link in found["links"]]


def broken_links(locale: str, *, page: int = 1, under: int | None = None, page_id: int | None = None) -> dict[str, Any]:
    """{"links": [{page_id, locale, block, url, reason}], "total"}, 50 a page: the internal
    broken links (InternalBrokenLinks), then those of any other source added to `sources`
    (the external checker's, cms.pages.linkcheck)."""
    get_locale(locale)
    for asked in (under, page_id):
        if asked is not None:
            _require_page(asked)
    sources: list[BrokenLinkSource] = [
        InternalBrokenLinks(locale, under=under, page_id=page_id),
        ExternalBrokenLinks(locale, under=under, page_id=page_id),
    ]
    answer = paged(sources, page)
    # The linking pages named as the other reports name them (one read for the page of rows).
    names = page_names(sorted({link["page_id"] for link in answer["links"]}), locale)
    answer["links"] = [{**link, **names[link["page_id"]]} for link in answer["links"]]
    return answer


def paged(sources: Sequence[BrokenLinkSource], page: int) -> dict[str, Any]:
    """One page of the sources' rows, one source after the other (each counted once)."""
    counts = [source.count() for source in sources]
    start, links = (page - 1) * PER_PAGE, list[dict[str, Any]]()
    for source, count in zip(sources, counts, strict=True):
        if start < count and len(links) < PER_PAGE:
            links += source.rows(start, PER_PAGE - len(links))
        start = max(0, start - count)
    return {"links": links, "total": sum(counts)}


def _require_page(page_id: int) -> None:
    if not Page.objects.filter(pk=page_id).exists():
        raise NotFound(message(PAGE_MISSING, id=page_id))
