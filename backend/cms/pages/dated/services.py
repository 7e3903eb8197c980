"""The admin's dated views of pages (issue 31 items 5 and 6): the news archive, the articles of
the news pages by their publishing date, and the calendar of pages with `starts_at`/`ends_at`.

Both show what a back-office user sees in the tree (every page that is not deleted, under a news
page that is not deleted), each entry linking to its editor; both are bounded: the archive is
paged (PER_PAGE), the calendar one month at a time, at most CALENDAR_CAP entries. Months are
the site's time zone's (settings.TIME_ZONE) for the archive; the calendar's month is asked for
in the browser's time zone (the admin keeps none per user) as a UTC range.
"""

from calendar import monthrange
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import connection
from django.db.models import Count, Q, Window
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import NotFound
from cms.core.locales import default_locale
from cms.pages.dated import sql
from cms.pages.models import Page, PageLocalization, Status

PER_PAGE = 25
MAX_PAGE = 10_000
FIRST_YEAR, LAST_YEAR = 1900, 2999
CALENDAR_CAP = 500
MAX_OFFSET_MINUTES = 14 * 60
NO_MONTH = _("No such month.")


def articles() -> Any:
    """The articles: children of news pages, neither deleted (indexed: page_news_pages, then
    page_parent_published for each news page)."""
    news_pages = Page.objects.filter(news_page=True).exclude(status=Status.DELETED).values("id")
    return Page.objects.filter(parent_id__in=news_pages).exclude(status=Status.DELETED)


def _month_range(year: int, month: int | None) -> tuple[datetime, datetime]:
    zone = timezone.get_current_timezone()
    start = datetime(year, month or 1, 1, tzinfo=zone)
    if month is None or month == 12:
        end = datetime(year + 1, 1, 1, tzinfo=zone)
    else:
        end = datetime(year, month + 1, 1, tzinfo=zone)
    return start, end


def check_period(year: int, month: int | None, page: int = 1) -> None:
    if not FIRST_YEAR <= year <= LAST_YEAR or (month is not None and not 1 <= month <= 12):
        raise NotFound(NO_MONTH)
    if not 1 <= page <= MAX_PAGE:
        raise NotFound(_("No such page of the archive."))


def news_archive(locale: str, year: int, month: int | None = None, *, page: int = 1) -> dict[str, Any]:
    """One page of the articles published in the year (or its month), newest first, with the
    counts per year and per month of that year for the navigation: three queries (the page of
    articles with their total, their names, the counts), however many articles there are."""
    check_period(year, month, page)
    start, end = _month_range(year, month)
    offset = (page - 1) * PER_PAGE
    rows = list(
        articles()
        .filter(published_at__gte=start, published_at__lt=end)
        .annotate(total=Window(Count("id")))
        .order_by("-published_at", "-id")
        .values_list("id", "parent_id", "status", "published_at", "pinned", "total")[offset : offset + PER_PAGE]
    )
    ids = [row[0] for row in rows] + [row[1] for row in rows]
    names = _names(ids, locale)
    years: dict[int, int] = {}
    months = dict.fromkeys(range(1, 13), 0)
    for counted_year, counted_month, count in _month_counts():
        years[counted_year] = years.get(counted_year, 0) + count
        if counted_year == year:
            months[counted_month] += count
    total = rows[0][5] if rows else sum(months.values()) if month is None else months[month]
    items = [
        {
            "id": page_id,
            "name": names.get(page_id, ""),
            "news_page_id": parent_id,
            "news_page_name": names.get(parent_id, ""),
            "status": status,
            "published_at": published_at,
            "pinned": pinned,
        }
        for page_id, parent_id, status, published_at, pinned, _ in rows
    ]
    return {
        "year": year,
        "month": month,
        "page": page,
        "per_page": PER_PAGE,
        "total": total,
        "items": items,
        "years": [{"year": y, "count": n} for y, n in sorted(years.items(), reverse=True)],
        "months": [{"month": m, "count": n} for m, n in months.items()],
    }


def _names(ids: list[int], locale: str) -> dict[int, str]:
    """The pages' names in `locale`, else in the default locale, else in any (one query)."""
    if not ids:
        return {}
    found = (
        PageLocalization.objects.filter(page_id__in=set(ids)).exclude(name="").values_list("page_id", "locale", "name")
    )
    rank = {locale: 0, default_locale().code: 1}
    best: dict[int, tuple[int, str]] = {}
    for page_id, code, name in found:
        order = rank.get(code, 2)
        if page_id not in best or order < best[page_id][0]:
            best[page_id] = (order, name)
    return {page_id: name for page_id, (_, name) in best.items()}


def _month_counts() -> list[tuple[int, int, int]]:
    """(year, month, articles) for every month with articles, in the site's time zone."""
    inner, params = articles().order_by().values("published_at").query.sql_with_params()
    zone = timezone.get_current_timezone()
    offset = timezone.now().astimezone(zone).utcoffset() or timedelta(0)
    first = str(zone) if connection.vendor == "postgresql" else f"{int(offset.total_seconds() // 60):+d} minutes"
    return [
        (int(m[:4]), int(m[5:7]), int(n)) for m, n in sql.read_month_counts(inner, [first, *params], utc=not offset)
    ]


def calendar_month(locale: str, year: int, month: int, *, offset_minutes: int = 0) -> dict[str, Any]:
    """The pages (not deleted) with a `starts_at` whose span meets the month, the month taken
    in a zone `offset_minutes` east of UTC (the browser's, at the month's start); starts first,
    at most CALENDAR_CAP (`truncated` says when more were left off). Two queries."""
    check_period(year, month)
    if not -MAX_OFFSET_MINUTES <= offset_minutes <= MAX_OFFSET_MINUTES:
        raise NotFound(_("No such time zone offset."))
    shift = timedelta(minutes=offset_minutes)
    start = datetime(year, month, 1, tzinfo=UTC) - shift
    end = start + timedelta(days=monthrange(year, month)[1])
    # A page without an end lasts its start's day (an all-day one) or is a moment.
    meets = Q(starts_at__lt=end) & (
        Q(ends_at__gte=start) | Q(ends_at__isnull=True, starts_at__gte=start - timedelta(days=1))
    )
    rows = list(
        Page.objects.filter(meets, starts_at__isnull=False, status__lt=Status.DELETED)
        .order_by("starts_at", "id")
        .values_list("id", "status", "starts_at", "ends_at", "all_day")[: CALENDAR_CAP + 1]
    )
    truncated = len(rows) > CALENDAR_CAP
    rows = rows[:CALENDAR_CAP]
    names = _names([row[0] for row in rows], locale)
    items = [
        {"id": page_id, "name": names.get(page_id, ""), "status": status, "starts_at": starts, "ends_at": ends,
         "all_day": all_day}
        for page_id, status, starts, ends, all_day in rows
    ]  # fmt: skip
    return {"month": f"{year:04d}-{month:02d}", "items": items, "truncated": truncated, "cap": CALENDAR_CAP}
