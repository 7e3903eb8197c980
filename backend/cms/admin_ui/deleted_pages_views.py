"""The Deleted pages screen (issue 31, item 1): who deleted what and when, how many pages went
with it, search and paging (`?q=`, `?page=` in the address), restore and purge."""

import re

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from cms.admin_ui.views import _screen, admin_screen
from cms.core.input_types import unstorable_text_message
from cms.pages.trash.api import MAX_PAGE
from cms.pages.trash.listing import deleted_pages
from cms.pages.trash.schemas import DeletedPagesOut

PAGE = re.compile(r"[1-9][0-9]{0,5}")


@admin_screen
def deleted_pages_screen(request: HttpRequest, locale: str) -> HttpResponse:
    q = request.GET.get("q", "")[:200]
    q = "" if unstorable_text_message(q) else q.strip()
    page = request.GET.get("page", "")
    number = min(int(page), MAX_PAGE) if PAGE.fullmatch(page) else 1
    listed = deleted_pages(locale=locale, q=q, page=number, reader=request.user)
    data = {
        "screen": "deleted_pages",
        "deleted": DeletedPagesOut.model_validate(listed).model_dump(mode="json", context={"request": request}),
        "filters": {"q": q, "page": number},
    }
    return _screen(request, entry="deletedPages.tsx", locale=locale, title=_("Deleted pages"), data=data)
