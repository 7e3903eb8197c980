"""The translation report screen (issue 22): per locale, the pages whose translation is outdated
or missing, newest change of the source first, a page of them at a time.

Like the tree it is under a locale in the address (the locale to translate into); `?state=`
and `?page=` choose the list and its page, so a reload or a shared link opens the same one.
"""

import re

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cms.admin_ui.views import _screen, admin_screen
from cms.pages.templates_registry import registry
from cms.pages.translations import report

STATES = ("outdated", "missing")
PAGE = re.compile(r"[1-9][0-9]{0,6}")
MAX_PAGE = 1_000_000


@admin_screen
def translations_screen(request: HttpRequest, locale: str) -> HttpResponse:
    state = request.GET.get("state", "")
    state = state if state in STATES else STATES[0]
    page = request.GET.get("page", "")
    number = min(int(page), MAX_PAGE) if PAGE.fullmatch(page) else 1
    data = {
        "screen": "translations",
        "report": report.report(locale, state, page=number),
        "filters": {"state": state, "page": number},
        # Block titles (and the rest) in the interface language, as the editor gets them.
        "templates": registry().as_dicts(get_language()),
    }
    return _screen(request, entry="translations.tsx", locale=locale, title=_("Translations"), data=data)
