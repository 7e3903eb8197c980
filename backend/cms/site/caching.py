"""Public answers a CDN can cache, and the validators that change the moment the content does.

Every public answer (page, feed, sitemap) carries:

- `ETag`: a hash of the site's version (site_version below, renewed by every committed
  write of a page or of an image, file or tag pages show), the page's own versions, when the
  last page became due (so a page whose date comes publishes by itself) and what was asked;
- `Last-Modified`: when the site's version changed (or the last page became due), whichever is later;
- `Cache-Control: public, max-age=0, s-maxage=60`: browsers revalidate every time (a 304 costs
  one query), a CDN may keep the answer up to 60 s — less when a page is due sooner, so it
  appears on time there too.

With a cache shared by every process (the file cache or Redis) the rendered answer is also kept
under the site's version, until the next page becomes due: a hit costs no query at all.
"""

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, F, Max, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.http import http_date, parse_http_date_safe, quote_etag

from cms.pages.models import Page
from cms.pages.tree import cache as tree_cache

SHARED_SECONDS = 60
ANSWER_SECONDS = 3600


@dataclass(frozen=True)
class SiteVersion:
    """Changes whenever anything the website shows may have changed (any page, image, file, tag)."""

    token: str
    changed_at: datetime


# The version this process last saw: the time kept under a generation is written once (an
# add) and never changed, so while the generation stays the same it needs not be read again.
_last_version = SiteVersion("", datetime(2000, 1, 1, tzinfo=UTC))


def site_version() -> SiteVersion:
    """Return the site's version: the tree cache's generation, which every committed write of a
    page or of what pages show renews (cms.pages.tree.cache), and when this process first saw it.

    A cache that is not shared between processes (local memory: the tests) is never told of
    writes; the database is asked then, in one scan of the pages table.
    """
    global _last_version
    if tree_cache.is_shared():
        token = tree_cache.generation()
        if _last_version.token == token:  # a generation's time never changes once kept: no read
            return _last_version
        key = f"site:changed:{token}"
        # Read first: every process but a generation's first finds it, in one read of the cache
        # instead of an add's look (which reads it too) and then a read.
        if (changed_at := cache.get(key)) is None:
            first_seen = timezone.now().replace(microsecond=0)
            cache.add(key, first_seen, timeout=tree_cache.CACHE_SECONDS)
            changed_at = cache.get(key) or first_seen
        _last_version = SiteVersion(token, changed_at)
        return _last_version
    pages = Page.objects.aggregate(
        count=Count("pk"), versions=Sum(F("lock_version") + F("links_version")), updated=Max("updated_at")
    )
    changed = pages["updated"] or datetime(2000, 1, 1, tzinfo=UTC)
    return SiteVersion(f"{pages['count']}.{pages['versions']}.{changed.timestamp()}", changed.replace(microsecond=0))


def _origin(url: str) -> str:
    parts = url.split("/")
    return "/".join(parts[:3]) if url.startswith(("http://", "https://")) else ""


def _policy() -> str:
    static = " ".join(filter(None, ["'self'", _origin(settings.STATIC_URL or "")]))
    images = " ".join(filter(None, ["'self'", _origin(settings.MEDIA_URL or ""), "data:", "https:"]))
    return (
        f"default-src 'none'; img-src {images}; style-src {static}; font-src {static}; base-uri 'none';"
        " form-action 'self'; frame-ancestors 'self'; object-src 'none'"
    )


# The website runs no script at all: an injected one does nothing.
POLICY = _policy()


@dataclass
class Answer:
    body: bytes
    content_type: str
    etag: str
    last_modified: datetime
    valid_until: float | None  # a timestamp: when the next page becomes due (None: none is)
    noindex: bool = False


def etag_of(*parts: Any) -> str:
    return quote_etag(hashlib.sha256(repr(parts).encode()).hexdigest()[:32])


def key_of(version: str, request: HttpRequest, *parts: Any) -> str:
    where = hashlib.sha256(repr((request.get_host(), request.is_secure(), *parts)).encode()).hexdigest()[:32]
    return f"site:answer:{version}:{where}"


# The answers this process last read or kept, by key. A key names the site's version, so what
# it holds never changes: a copy in memory answers the same as the shared cache, without reading
# and unpickling the page from it on every hit. Bounded (oldest first out); never shared.
_read: OrderedDict[str, Answer] = OrderedDict()
READ_ANSWERS = 512


def cached(key: str, now: datetime) -> Answer | None:
    """Return the answer kept under `key` while no page has become due since (shared caches only)."""
    if not tree_cache.is_shared():
        return None
    answer = _read.get(key)
    if answer is None:
        answer = cache.get(key)
        if answer is not None:
            _remember(key, answer)
    if answer is None or (answer.valid_until is not None and now.timestamp() >= answer.valid_until):
        return None
    return answer


def keep(key: str, answer: Answer) -> None:
    if tree_cache.is_shared():
        cache.set(key, answer, ANSWER_SECONDS)
        _remember(key, answer)


def _remember(key: str, answer: Answer) -> None:
    _read[key] = answer
    while len(_read) > READ_ANSWERS:
        _read.popitem(last=False)


def not_modified(request: HttpRequest, etag: str, last_modified: datetime) -> bool:
    """Whether the client's copy is current: If-None-Match decides when sent (weak comparison:
    the compression middleware marks ETags weak), else If-Modified-Since."""
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None:
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return "*" in tags or etag in tags
    since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
    return since is not None and int(last_modified.timestamp()) <= since


def respond(request: HttpRequest, answer: Answer, now: datetime) -> HttpResponse:
    """Answer with the body, or 304 when the client's copy is current, with the validators."""
    if not_modified(request, answer.etag, answer.last_modified):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(answer.body, content_type=answer.content_type)
    response["ETag"] = answer.etag
    response["Last-Modified"] = _http_date(answer.last_modified)
    shared = SHARED_SECONDS
    if answer.valid_until is not None:
        shared = max(0, min(shared, int(answer.valid_until - now.timestamp())))
    response["Cache-Control"] = f"public, max-age=0, s-maxage={shared}"
    protect(response)
    if answer.noindex:
        response["X-Robots-Tag"] = "noindex"
    return response


@lru_cache(maxsize=64)
def _http_date(moment: datetime) -> str:
    """The header's date: the same few times (a site version's) on every answer, so each is
    formatted once (email.utils' formatting cost every answer ~2 % of a cached hit)."""
    return http_date(moment.timestamp())


def protect(response: HttpResponse) -> HttpResponse:
    response["Content-Security-Policy"] = POLICY
    response["Referrer-Policy"] = "strict-origin-when-cross-origin"
    return response


def uncacheable(response: HttpResponse) -> HttpResponse:
    """A 404 or a refusal: never kept, so a page published a moment later is found at once."""
    response["Cache-Control"] = "no-cache"
    return protect(response)
