"""RSS feeds of news pages, the sitemap and robots.txt."""

import hashlib
from datetime import datetime
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.feedgenerator import rfc2822_date

from cms.core.locales import locale_codes
from cms.pages.addresses import locale_root
from cms.pages.read_model.chains import Chain, home_chain
from cms.pages.visibility import as_datetime
from cms.site import caching
from cms.site.listings import FEED_ITEMS, listed_children, sitemap_entries
from cms.site.markdown import plain
from cms.site.public_pages import public_page

RSS = "application/rss+xml; charset=utf-8"
SITEMAP = "application/xml; charset=utf-8"


def rss(request: HttpRequest, chain: Chain, *, locale: str, origin: str, now: datetime) -> bytes:
    """Return the RSS 2.0 feed of a page's published children, newest first."""
    found = public_page(chain, locale=locale, now=now)
    children, _total = listed_children(found.record["id"], locale=locale, now=now, limit=FEED_ITEMS, pinned_first=False)
    default = locale_codes()[0]
    blocks = found.record["blocks"]
    items = []
    for child in children:
        names, intros = child["blocks"].get("name") or {}, child["blocks"].get("intro") or {}
        url = child["urls"].get(locale)
        if not url:
            continue
        items.append({
            "title": names.get(locale) or names.get(default, ""),
            "link": origin + url,
            "description": plain(intros.get(locale, "") if isinstance(intros, dict) else ""),
            "date": rfc2822_date(as_datetime(child["published_at"]) or now),
            "tags": child["enabled_tags"],
        })  # fmt: skip
    name = blocks.get("name") or {}
    intro = blocks.get("intro") or {}
    context = {
        "title": name.get(locale) or name.get(default, ""),
        "link": origin + found.record["urls"].get(locale, locale_root(locale)),
        "self": origin + request.path,
        "description": plain(intro.get(locale, "") if isinstance(intro, dict) else ""),
        "language": locale,
        "items": items,
        "built": rfc2822_date(now),
    }
    return render_to_string("site/feed.xml", context).encode()


def sitemap(request: HttpRequest) -> HttpResponse:
    """Every published page in every locale (not hidden, skip_index, redirecting or unpublished)."""
    now = timezone.now()
    version = caching.site_version()
    key = caching.key_of(version.token, request, "sitemap")
    if (kept := caching.cached(key, now)) is None:
        origin = f"{request.scheme}://{request.get_host()}"
        entries = sitemap_entries(now)
        urls: list[dict[str, Any]] = [
            {"loc": origin + entry.url, "lastmod": entry.updated_at.date().isoformat(),
             "alternates": [(code, origin + url) for code, url in entry.alternates.items()]}
            for entry in entries
        ]  # fmt: skip
        body = render_to_string("site/sitemap.xml", {"urls": urls}).encode()
        due = _next_due(now)
        etag = caching.etag_of(version.token, "sitemap", hashlib.sha256(body).hexdigest())
        kept = caching.Answer(body, SITEMAP, etag, version.changed_at, due.timestamp() if due else None)
        caching.keep(key, kept)
    return caching.respond(request, kept, now)


def _next_due(now: datetime) -> datetime | None:
    chain = home_chain(now)
    return chain.next_due if chain else None


def robots(request: HttpRequest) -> HttpResponse:
    """Crawlers may read the website, not the back office; the sitemap lists the pages."""
    origin = f"{request.scheme}://{request.get_host()}"
    text = f"User-agent: *\nDisallow: /admin/\nDisallow: /*/pages/preview\n\nSitemap: {origin}/sitemap.xml\n"
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"
    return response
