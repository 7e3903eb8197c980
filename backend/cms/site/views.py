"""The public website (issue 12) and the editor's preview (spec §7).

Routes (config/urls.py, after every other so /admin/, /media/, /renditions/ and /files/ win):
`/` picks a locale; `/{locale}/` is the home page; `/{locale}/{segments…}` a page by its address,
`…/feed.xml` its RSS feed; `/{locale}/pages/{id}[-{slug}]` redirects to a page's address; `/sitemap.xml`
and `/robots.txt` (cms.site.feeds). Pages are found by cms.pages.read_model.chains and shown through
cms.site.public_pages (the read model).
"""

from datetime import datetime
from typing import Any

import orjson
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseNotAllowed,
    HttpResponseNotFound,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
)
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.http import require_POST

from cms.accounts.decorators import staff_required
from cms.core.exceptions import NotFound
from cms.core.input_types import unstorable_text_message
from cms.core.locales import default_locale, get_locale, locale_codes
from cms.pages.addresses import address, locale_root, stored_paths, stored_urls
from cms.pages.models import Status
from cms.pages.read_model.chains import chain_by_id, chain_by_path, home_chain
from cms.pages.saving import redirects
from cms.pages.saving.validation import followed_redirect, is_valid_path_segment
from cms.pages.scheduling.applying import apply_if_due
from cms.pages.tree import services as tree
from cms.pages.visibility import as_datetime
from cms.site import caching, feeds, listings
from cms.site.markdown import plain
from cms.site.preview import preview_page
from cms.site.public_pages import PublicPage, home_entry, menu_entries, public_page
from cms.site.rendering import page_context, render_page
from cms.site.words import words

MAX_PATH_LENGTH = 2048
MAX_LISTING_PAGE = 10_000
HTML = "text/html; charset=utf-8"


def root(request: HttpRequest) -> HttpResponse:
    """Send `/` to the browser's language when the site has it, else to the default locale."""
    codes = locale_codes()
    chosen = default_locale().code
    for language, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")[:200]):
        match = next((code for code in codes if language.lower() in (code, code.split("-")[0])), None)
        match = match or next((code for code in codes if language.lower().split("-")[0] == code), None)
        if match:
            chosen = match
            break
    response = HttpResponseRedirect(locale_root(chosen))
    response["Vary"] = "Accept-Language"
    response["Cache-Control"] = "public, max-age=0, s-maxage=60"
    return response


def page(request: HttpRequest, locale: str, path: str | None = None) -> HttpResponse:
    """Answer a public address: the page, its feed, a redirect, or the site's 404 page."""
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    if locale not in locale_codes():
        return not_found(request, default_locale().code)
    if path is None:
        return HttpResponsePermanentRedirect(locale_root(locale))
    segments = _segments(path)
    if segments is None:
        return not_found(request, locale)
    feed = bool(segments) and segments[-1] == "feed.xml"
    segments = segments[:-1] if feed else segments
    if any(not is_valid_path_segment(segment) for segment in segments):
        return not_found(request, locale)
    listing_page = _listing_page(request)
    if listing_page is None:
        return not_found(request, locale)
    now = timezone.now()
    apply_if_due(now)  # a scheduled change whose time has come shows at once (no query until then)
    version = caching.site_version()
    key = caching.key_of(version.token, request, locale, segments, feed, listing_page)
    if (kept := caching.cached(key, now)) is not None:
        return caching.respond(request, kept, now)
    chain = chain_by_path(locale, segments, now) if segments else home_chain(now)
    if chain is None or not chain.visible(now):
        moved = _old_address(locale, segments, now) if chain is None and segments else None
        if moved:
            return caching.protect(HttpResponsePermanentRedirect(moved + ("/feed.xml" if feed else "")))
        return not_found(request, locale)
    row = chain.page
    if row.redirect_to:
        target = followed_redirect(row.redirect_to)
        return caching.protect(HttpResponseRedirect(target)) if target else not_found(request, locale)
    if feed and not row.feed_enabled:
        return not_found(request, locale)
    # The site's version covers every page and what pages show; the page's own version is
    # there for the reader of the header.
    etag = caching.etag_of(
        version.token, locale, row.id, row.lock_version, chain.last_due, segments, feed, listing_page
    )
    last_modified = max(version.changed_at, chain.last_due or version.changed_at).replace(microsecond=0)
    valid_until = chain.next_due.timestamp() if chain.next_due else None
    if caching.not_modified(request, etag, last_modified):  # one query, nothing rendered
        return caching.respond(request, caching.Answer(b"", HTML, etag, last_modified, valid_until), now)
    origin = f"{request.scheme}://{request.get_host()}"
    if feed:
        body, content_type = feeds.rss(request, chain, locale=locale, origin=origin, now=now), feeds.RSS
    else:
        found = public_page(chain, locale=locale, now=now)
        listing = _listing(found, listing_page, now) if row.news_page else None
        if listing is not None and listing_page > listing["pages"]:
            return not_found(request, locale)
        body = render_page(page_context(found, origin=origin, now=now, listing=listing)).encode()
        content_type = HTML
    noindex = row.status == Status.HIDDEN or bool(row.skip_index)
    answer = caching.Answer(body, content_type, etag, last_modified, valid_until, noindex)
    caching.keep(key, answer)
    return caching.respond(request, answer, now)


def page_by_id(request: HttpRequest, locale: str, page_id: int, slug: str = "") -> HttpResponse:
    """Permalinks as pages_core writes them: `/{locale}/pages/{id}` and `/{locale}/pages/{id}-{slug}`
    redirect (301) to the page's address in that locale, whatever the slug says (a link that
    carries an old name still works). A page visitors can't reach (deleted, a draft, not yet
    due, under such a page, or without an address in the locale) is not found, as at its address."""
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    if locale not in locale_codes():
        return not_found(request, default_locale().code)
    if len(slug) > MAX_PATH_LENGTH or "\x00" in slug:
        return not_found(request, locale)  # what no address can hold isn't a name the page had
    now = timezone.now()
    chain = chain_by_id(page_id, now)
    if chain is None or not chain.visible(now):
        return not_found(request, locale)
    url = stored_urls(page_id).get(locale)
    if url is None:
        return not_found(request, locale)
    # Permanent, but revalidated: the page's address changes when it is renamed or moved.
    response = HttpResponsePermanentRedirect(url)
    response["Cache-Control"] = "no-cache"
    return caching.protect(response)


def not_found(request: HttpRequest, locale: str) -> HttpResponse:
    """The site's own 404 page, in the locale of the address (the default for an unknown one)."""
    menu = menu_entries(locale, timezone.now())
    context = {
        "locale": get_locale(locale),
        "words": words(locale),
        "menu": menu,
        # The site's name in the header: the front page's name in this locale, as on every page.
        "home": home_entry(menu, locale),
        "noindex": True,
        "home_url": locale_root(locale),
    }
    html = render_to_string("site/404.html", context, request)
    return caching.uncacheable(HttpResponseNotFound(html))


def _segments(path: str) -> list[str] | None:
    """The address's segments; None for one no page can have (too long, NUL, `..`, empty parts)."""
    if len(path) > MAX_PATH_LENGTH or "\x00" in path or "\\" in path:
        return None
    if path.endswith("/"):
        return None  # addresses have no trailing slash (the home page's `/{locale}/` aside)
    segments = path.split("/") if path else []
    if len(segments) > tree.MAX_DEPTH + 1 or any(not segment for segment in segments):
        return None
    return segments


def _listing_page(request: HttpRequest) -> int | None:
    value = request.GET.get("page", "1")
    # Read only when short: "000001" followed by thousands of digits is a number too.
    if not (value.isascii() and value.isdigit() and len(value) <= 6):
        return None
    number = int(value)
    return number if 1 <= number <= MAX_LISTING_PAGE else None


def _listing(found: PublicPage, number: int, now: datetime) -> dict[str, Any]:
    """A news page's children: pinned first, then newest first, NEWS_PER_PAGE to a page."""
    per_page = listings.NEWS_PER_PAGE
    children, total = listings.listed_children(
        found.record["id"], locale=found.locale, now=now, offset=(number - 1) * per_page, limit=per_page
    )
    pages = max(1, -(-total // per_page))
    url = found.record["urls"].get(found.locale, locale_root(found.locale))
    return {
        "items": [_item(child, found.locale) for child in children],
        "page": number,
        "pages": pages,
        "label": words(found.locale)["page_of"].format(page=number, pages=pages),
        "newer": (url if number == 2 else f"{url}?page={number - 1}") if number > 1 else "",
        "older": f"{url}?page={number + 1}" if number < pages else "",
    }


def _item(record: dict[str, Any], locale: str) -> dict[str, Any]:
    from cms.site.rendering import picture

    default = get_locale(locale_codes()[0])
    blocks = record["blocks"]
    name, intro = blocks.get("name") or {}, blocks.get("intro") or {}
    intro = intro if isinstance(intro, dict) else {}
    fallback = not name.get(locale)  # the one fallback rule: the default locale's text, marked
    links = sorted(record["page_images"], key=lambda link: (not link["primary"], link["position"]))
    image = next((link["image"] for link in links if link.get("image")), None)
    return {
        "name": name.get(locale) or name.get(default.code, ""),
        "intro": plain(intro.get(locale) or intro.get(default.code, "")),
        "lang": default.code if fallback else "",
        "dir": default.dir if fallback else "",
        "url": record["urls"].get(locale, ""),
        "published_at": as_datetime(record["published_at"]),
        "pinned": record["pinned"],
        "picture": picture(image, locale) if image else None,
    }


def _old_address(locale: str, segments: list[str], now: datetime) -> str | None:
    """Follow the old addresses of pages (cms.pages.saving.redirects) to where the page is now."""
    path = list(segments)
    for _hop in range(4):  # each hop: one page moved again since; a few are plenty
        found = redirects.find(locale, path)
        if found is None:
            return None
        page_id, rest = found
        current = stored_paths(page_id).get(locale)
        if current is None:
            return None
        moved = [*current.split("/"), *rest]
        if moved == path:
            return None
        chain = chain_by_path(locale, moved, now)
        if chain is not None:
            return address(locale, "/".join(moved)) if chain.visible(now) else None
        path = moved
    return None


# --- The preview ---------------------------------------------------------------------------------


@require_POST
@staff_required
def preview(request: HttpRequest, locale: str) -> HttpResponse:
    """Render the unsaved page payload the editor posts (preview_page JSON) with its template."""
    try:
        get_locale(locale)
    except NotFound as exc:
        return HttpResponseNotFound(str(exc.message), content_type="text/plain")
    try:
        # orjson refuses lone surrogates and nesting deeper than 1024 levels as malformed.
        payload: Any = orjson.loads(request.POST.get("preview_page", ""))
    except orjson.JSONDecodeError:
        return HttpResponseBadRequest("preview_page must be the page as JSON.")
    if isinstance(payload, dict):
        payload = payload.get("page", payload)
    if not isinstance(payload, dict):
        return HttpResponseBadRequest("preview_page must be the page as JSON.")
    if any(isinstance(value, str) and unstorable_text_message(value) for value in payload.values()):
        return HttpResponseBadRequest("preview_page can't contain NUL characters.")
    now = timezone.now()
    page_id = request.POST.get("page_id", "")
    found = preview_page(
        payload, locale=locale, page_id=int(page_id) if page_id.isdigit() and len(page_id) < 19 else None,
        user=request.user, now=now,
    )  # fmt: skip
    origin = f"{request.scheme}://{request.get_host()}"
    response = HttpResponse(render_page(page_context(found, origin=origin, now=now, preview=True)))
    response["X-Robots-Tag"] = "noindex"
    # Unsaved content shown on the admin's origin: never stored, and no script of any kind runs.
    response["Cache-Control"] = "no-store"
    response["Content-Security-Policy"] = PREVIEW_POLICY
    return response


PREVIEW_POLICY = caching.POLICY.replace("frame-ancestors 'self'", "frame-ancestors 'none'")
