"""HTTP layer of the news archive and the calendar (issue 31, items 5 and 6)."""

import re
from typing import Any

from ninja import Query, Router

from cms.core.exceptions import NotFound
from cms.core.http import AuthenticatedRequest
from cms.core.locales import get_locale
from cms.core.schemas import ValidationErrorOut
from cms.pages.api import READ_ERRORS
from cms.pages.dated import services
from cms.pages.dated.schemas import CalendarOut, NewsArchiveOut

router = Router(tags=["dated pages"])
MONTH = re.compile(r"([0-9]{4})-(0[1-9]|1[0-2])")
NOT_FOUND = {404: {"description": "Unknown locale, or a year outside 1900-2999"}}


@router.get(
    "/{locale}/news_archive.json",
    response={200: NewsArchiveOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="getNewsArchive",
    openapi_extra={"responses": {**NOT_FOUND, 422: {"description": "A parameter is not a whole number in range"}}},
)
def get_news_archive(
    request: AuthenticatedRequest,
    locale: str,
    year: int = Query(..., ge=1, le=9999),
    month: int | None = Query(None, ge=1, le=12),
    page: int = Query(1, ge=1, le=services.MAX_PAGE, description=f"{services.PER_PAGE} articles a page"),
) -> dict[str, Any]:
    """The news archive: the articles (children of news pages, not deleted) published in the
    year or month (the site's time zone), newest first, with counts per year and month."""
    get_locale(locale)
    return services.news_archive(locale, year, month, page=page)


@router.get(
    "/{locale}/calendar.json",
    response={200: CalendarOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="getCalendarMonth",
    openapi_extra={
        "responses": {**NOT_FOUND, 422: {"description": "`month` is not YYYY-MM, or `offset` out of range"}}
    },
)
def get_calendar_month(
    request: AuthenticatedRequest,
    locale: str,
    month: str = Query(..., pattern=MONTH.pattern, max_length=7, description="YYYY-MM"),
    offset: int = Query(
        0,
        ge=-services.MAX_OFFSET_MINUTES,
        le=services.MAX_OFFSET_MINUTES,
        description="The viewer's time zone's offset east of UTC in minutes at the month's start",
    ),
) -> dict[str, Any]:
    """The pages with dates whose span meets the month (one month; at most `cap` pages)."""
    get_locale(locale)
    found = MONTH.fullmatch(month)
    if not found:
        raise NotFound(services.NO_MONTH)
    return services.calendar_month(locale, int(found[1]), int(found[2]), offset_minutes=offset)
