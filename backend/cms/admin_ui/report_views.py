"""The reports screen (issue 31, item 7): which pages use each template, and the external
content the pages' texts embed, in two tabs.

Under a locale in the address, as the tree (the locale the page names are shown in and the
editor links open); `?tab=`, `?template=`, `?host=` and `?page=` choose what is shown, so a
reload or a shared link opens the same list. The data is the reports' calls' answers
(cms.pages.reports.services), the first page embedded.
"""

import re

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cms.admin_ui.views import _screen, admin_screen
from cms.pages.reports import services

TABS = ("templates", "external")
PAGE = re.compile(r"[1-9][0-9]{0,6}")
TEXT = re.compile(r"[^\x00-\x1f\x7f<>\"'\\]{1,253}")
TEMPLATE = re.compile(r"[^\x00-\x1f\x7f<>\"'\\]{1,64}")


@admin_screen
def reports_screen(request: HttpRequest, locale: str) -> HttpResponse:
    tab = request.GET.get("tab", "")
    tab = tab if tab in TABS else TABS[0]
    page = request.GET.get("page", "")
    number = min(int(page), services.MAX_PAGE) if PAGE.fullmatch(page) else 1
    host = request.GET.get("host", "")
    host = host if TEXT.fullmatch(host) else ""
    template = request.GET.get("template", "")
    chosen = template if TEMPLATE.fullmatch(template) else None
    language = get_language()
    data = {
        "screen": "reports",
        "filters": {"tab": tab, "template": chosen or "", "host": host, "page": number},
        "templates_report": services.templates_report(locale, language, chosen if tab == "templates" else None, number),
        "external_content": services.external_content(locale, language, host, number) if tab == "external" else None,
    }
    return _screen(request, entry="reports.tsx", locale=locale, title=_("Reports"), data=data)
