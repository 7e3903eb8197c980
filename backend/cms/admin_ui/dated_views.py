"""The news archive and calendar screens (issue 31, items 5 and 6).

The archive is /admin/{locale}/pages/news/{year}[/{month}] (DESIGN §3), `?page=` its page:
server-rendered with its data, so every year, month and page is a link. A year or month out of
range, or a page past what can be asked, answers 404. The calendar
(/admin/{locale}/calendar?month=YYYY-MM) reads its month in the browser, which knows the user's
time zone (the admin keeps none per user).
"""

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from cms.admin_ui.views import _screen, admin_screen
from cms.core.exceptions import NotFound
from cms.pages.dated import services

PAGE = re.compile(r"[1-9][0-9]{0,5}")
MONTH = re.compile(r"([0-9]{4})-(0[1-9]|1[0-2])")


@admin_screen
def news_archive_screen(request: HttpRequest, locale: str, year: int, month: int | None = None) -> HttpResponse:
    page = request.GET.get("page", "1")
    try:
        if not PAGE.fullmatch(page):
            raise NotFound(services.NO_MONTH)
        archive = services.news_archive(locale, year, month, page=int(page))
    except NotFound as error:
        return render(request, "admin_ui/not_found.html", {"message": str(error.message)}, status=404)
    data = {"screen": "newsArchive", "archive": archive}
    return _screen(request, entry="newsArchive.tsx", locale=locale, title=_("News archive"), data=data)


@admin_screen
def news_archive_now(request: HttpRequest, locale: str) -> HttpResponse:
    return news_archive_screen(request, locale, year=timezone.localdate().year)


@admin_screen
def calendar_screen(request: HttpRequest, locale: str) -> HttpResponse:
    asked = MONTH.fullmatch(request.GET.get("month", ""))
    month = asked[0] if asked else timezone.now().strftime("%Y-%m")
    data = {"screen": "calendar", "month": month}
    return _screen(request, entry="calendar.tsx", locale=locale, title=_("Calendar"), data=data)
