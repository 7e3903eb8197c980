"""`/{locale}/search?q=…&page=N`: the website's search, in its locale (cms.search finds; the
site shows). Only pages visitors could find otherwise: listed (published, their date come, not
hidden), not `skip_index`, under visible pages; each at its address in that locale.

Bounded (issue 28): a visitor starts at most CMS_SEARCHES_PER_MINUTE searches a minute (429 with
Retry-After, cms.search.throttle; answers from the cache and revalidations are not counted), `page` runs to
MAX_RESULT_PAGE (past it the 404 page, before any search), at most CMS_SEARCH_SLOTS searches run
at once on a machine (others wait a moment, then answer 503 with Retry-After), and a search
stopped at its time limit answers 503 with Retry-After.

Caching as the pages do (cms.site.caching): the ETag covers the site's version (any committed
change of a page), when the last page became due, and what was asked, so a visitor's browser
revalidates with one query and a CDN keeps an answer a minute; the rendered answer is kept in a
shared cache too, under a key of the words, which a changed site leaves behind.
"""

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from cms.core.locales import get_locale, locale_codes
from cms.pages.read_model import records_by_id
from cms.pages.scheduling.applying import apply_if_due
from cms.search import services
from cms.search.throttle import search_retry_after, search_slot
from cms.site import caching
from cms.site.public_pages import home_entry, localized, menu_entries
from cms.site.views import HTML, not_found
from cms.site.words import words

MAX_RESULT_PAGE = services.MAX_MATCHES // services.PUBLIC_PER_PAGE  # past it: the 404 page, nothing searched
# A search stopped at its time limit: the moment a visitor would wait before trying again.
RETRY_AFTER_SLOW_S = 5
# Every search slot of the machine taken (cms.search.throttle): a moment later one is free.
RETRY_AFTER_BUSY_S = 1


def search(request: HttpRequest, locale: str) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    if locale not in locale_codes():
        return not_found(request, locale_codes()[0])
    text = request.GET.get("q", "")[: services.MAX_QUERY_LENGTH * 2]
    number = _page_number(request.GET.get("page", "1"))
    if number is None:
        return not_found(request, locale)
    now = timezone.now()
    apply_if_due(now)
    version = caching.site_version()
    key = caching.key_of(version.token, request, "search", locale, text, number)
    if (kept := caching.cached(key, now)) is not None:
        return caching.respond(request, kept, now)
    # No other validator to compare: the answer depends on the whole site, whose version changes
    # with any committed change of a page.
    etag = caching.etag_of(version.token, "search", locale, text, number, now.replace(second=0, microsecond=0))
    last_modified = version.changed_at
    valid_until = now.timestamp() + caching.SHARED_SECONDS
    if caching.not_modified(request, etag, last_modified):  # the visitor's copy is current: no search
        return caching.respond(request, caching.Answer(b"", HTML, etag, last_modified, valid_until, True), now)
    if services.query_refusal(text) is None and (wait := search_retry_after(request)) is not None:
        return _refused(request, locale, text, "search_busy", 429, wait)
    with search_slot() as searching:
        if not searching:
            return _refused(request, locale, text, "search_busy", 503, RETRY_AFTER_BUSY_S)
        try:
            found = services.public_search(text, locale=locale, page=number, now=now)
        except services.SearchTooSlow:
            return _refused(request, locale, text, "search_slow", 503, RETRY_AFTER_SLOW_S)
    said = words(locale)
    menu = menu_entries(locale, now)
    per_page = services.PUBLIC_PER_PAGE
    pages = max(1, -(-found.total // per_page))
    context = {
        "locale": get_locale(locale),
        "words": said,
        "menu": menu,
        "noindex": True,  # search results are no page of their own for search engines
        "q": text,
        "results": _shown(found.results, locale),
        "total": found.total,
        "count_text": _count_text(found.total, said),
        "too_short": bool(text.strip()) and services.query_refusal(text) is not None,
        "pager": _pager(locale, text, number, pages, said),
    }
    context["home"] = home_entry(menu, locale)
    body = render_to_string("site/search.html", context, request).encode()
    # Kept a minute at most, as a CDN would: a page that becomes due shows on the next minute.
    answer = caching.Answer(body, HTML, etag, last_modified, valid_until, True)
    caching.keep(key, answer)
    return caching.respond(request, answer, now)


def _refused(request: HttpRequest, locale: str, text: str, said: str, status: int, retry_after: int) -> HttpResponse:
    """The search page with the form and why nothing was searched: never kept by any cache."""
    menu = menu_entries(locale, timezone.now())
    context = {
        "locale": get_locale(locale),
        "words": words(locale),
        "menu": menu,
        "home": home_entry(menu, locale),
        "noindex": True,
        "q": text,
        "refusal": words(locale)[said],
    }
    response = HttpResponse(render_to_string("site/search.html", context, request), content_type=HTML, status=status)
    response["Retry-After"] = str(retry_after)
    return caching.uncacheable(response)


def _count_text(total: int, said: dict[str, str]) -> str:
    return said["search_one_result"] if total == 1 else said["search_results"].format(count=total)


def _page_number(value: str) -> int | None:
    if not (value.isascii() and value.isdigit() and len(value) <= 6):
        return None
    number = int(value)
    return number if 1 <= number <= MAX_RESULT_PAGE else None


def _shown(results: list[services.Result], locale: str) -> list[dict[str, Any]]:
    if not results:
        return []
    records = {r["id"]: r for r in records_by_id([r.page_id for r in results], locale=locale, user=None)}
    default = get_locale(locale_codes()[0])
    shown = []
    for result in results:
        record = records.get(result.page_id)
        url = record["urls"].get(locale, "") if record else ""
        if not url:
            continue
        names = (record["blocks"].get("name") or {}) if record else {}
        fallback = not result.name.strip()
        shown.append(
            {
                "name": result.name.strip() or localized(names, locale),
                "lang": default.code if fallback else "",
                "dir": default.dir if fallback else "",
                "url": url,
                "snippet": marked(result.snippet, result.highlights),
            }
        )
    return shown


def marked(text: str, highlights: list[tuple[int, int]]) -> SafeString:
    """The snippet as HTML: escaped, each found word in <mark>."""
    parts, at = [], 0
    for start, end in highlights:
        parts.append(f"{escape(text[at:start])}<mark>{escape(text[start:end])}</mark>")
        at = end
    parts.append(escape(text[at:]))
    return mark_safe("".join(parts))  # every piece of text is escaped above


def _pager(locale: str, text: str, number: int, pages: int, said: dict[str, str]) -> dict[str, Any]:
    def url(page: int) -> str:
        query = {"q": text} if page == 1 else {"q": text, "page": str(page)}
        return f"/{locale}/search?{urlencode(query)}"

    return {
        "page": number,
        "pages": pages,
        "label": said["page_of"].format(page=number, pages=pages),
        "newer": url(number - 1) if number > 1 else "",
        "older": url(number + 1) if number < pages else "",
    }
