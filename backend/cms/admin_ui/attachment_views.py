"""The file library screen (issue 11, beyond the spec): every attachment, searched by name in any
locale and by filename, a page at a time, with the pages using each file.

Like the image library it is not under a locale in the address (files belong to every locale):
`?locale=` chooses whose names it shows and which editors its page links open, the default locale
without one. The search and the page are read from the address, so a reload opens the same results.
"""

import re

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from cms.accounts.decorators import staff_required
from cms.admin_ui.views import _screen
from cms.core.exceptions import ValidationFailed
from cms.core.locales import default_locale, locale_codes
from cms.media import library

PAGE_NUMBER = re.compile(r"[1-9][0-9]{0,8}")


@staff_required
def file_library(request: HttpRequest) -> HttpResponse:
    codes = locale_codes()
    locale = request.GET.get("locale", "")
    locale = locale if locale in codes else default_locale().code
    page = request.GET.get("page", "")
    q = request.GET.get("q", "")[: library.MAX_QUERY_LENGTH]
    number = min(int(page), library.MAX_PAGE) if PAGE_NUMBER.fullmatch(page) else 1
    try:
        results = library.attachment_library(q=q, page=number)
    except ValidationFailed:  # text the database cannot hold: show the whole library instead
        q, number = "", 1
        results = library.attachment_library(q=q, page=number)
    data = {"screen": "fileLibrary", "library": results, "filters": {"q": q, "page": number}}
    return _screen(request, entry="fileLibrary.tsx", locale=locale, title=_("Files"), data=data)
