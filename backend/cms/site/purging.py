"""The full-page cache in front of the site (Varnish, deploy/varnish/default.vcl) forgets what a
page write changed, the moment it commits.

Every page write (cms.pages.saving.listeners) tells `page_written`, inside its transaction; that
costs a set insert. A change of an image, file or tag pages show tells `pages_shown_changed`
(one read of the pages showing it). The transaction's writes are gathered into one purge, queued on the task
engine once it commits (cms/background): so nothing is asked of a cache before the change is
there to be seen, and a rolled-back write purges nothing. With CMS_PURGE_URLS empty nothing is
gathered or queued at all.

The task works out the addresses the writes changed (`pattern_for`), from the database as it is
after the commit: each page's address in every locale and everything below it (their breadcrumbs
name it; its feed and listing pages are below it too), its old addresses (cms.pages.saving.redirects:
a cached 301 must now lead elsewhere, or to nothing), its permalinks, its parents' (old and new)
addresses and feeds (their listings), the sitemap and the search results (any may list it). A
top-level page's write that may change the site's menu (every page shows it) changes every page.

It sends them to each cache in CMS_PURGE_URLS as one `BAN` request whose `X-Purge-Pattern`
header is a regular expression of the addresses (their query strings included); the VCL bans the
objects whose URL matches, from 127.0.0.1 (or its ACL) only. Past CMS_PURGE_MAX_ADDRESSES, the
pattern is everything. A cache that refuses or can't be reached is asked again later, with
growing delays (CMS_PURGE_RETRY_DELAYS), by a task of its own; after the last, the cache's own
lifetime for the answers (s-maxage, at most 60 s: cms.site.caching) is what bounds how long it
shows the old page.
"""

import http.client
import logging
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from urllib.parse import quote, urlsplit

from django.conf import settings
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django_tasks import task

from cms.pages.addresses import address, stored_urls
from cms.pages.models import Page, PageRedirect
from cms.pages.saving.changed import BLOCK_PREFIX, Changed
from cms.pages.text_links.services import linking_pages_of_subtree

logger = logging.getLogger("cms.site.purging")
HEADER = "X-Purge-Pattern"
EVERYTHING = "."
# The longest pattern sent: Varnish refuses a request header longer than 8 KB by default.
MAX_PATTERN_LENGTH = 6000
# Old addresses of one page purged: the newest; a page renamed more often than this has older
# ones whose cached redirects expire by themselves (s-maxage).
MAX_OLD_ADDRESSES = 20


# --- In the write's transaction: gather -------------------------------------------------------


class _Batch:
    """The pages one transaction wrote, purged once it commits (the on_commit callback itself)."""

    def __init__(self) -> None:
        self.pages: dict[int, set[int]] = {}  # page id -> its parents, before and after
        self.everything = False

    def __call__(self) -> None:
        if not self.pages and not self.everything:
            return  # an image no page shows
        pages = [[page_id, sorted(parents)] for page_id, parents in self.pages.items()]
        purge_pages.enqueue(pages, self.everything)


def page_written(page: Page, changed: Changed) -> None:
    """A page write, in its transaction (cms.pages.saving.listeners): purge what it changed after
    the commit."""
    if not settings.CMS_PURGE_URLS:
        return
    with _current_batch() as batch:
        parents = (changed.was_parent, changed.parent)
        batch.pages.setdefault(page.pk, set()).update(p for p in parents if p is not None)
        if not batch.everything and _changes_menu(page, changed):
            batch.everything = True
    if REACH_FIELDS & set(changed.fields):
        # Pages linking to it, or to a page below it, show the link as a link or as plain text by
        # its status and date (cms.pages.text_links): purged too. One read of the link index
        # with a walk down the subtree, on such a write alone.
        pages_shown_changed(linking_pages_of_subtree(page.pk))


def pages_shown_changed(pages: "QuerySet[Page]") -> None:
    """An image, file or tag that `pages` show changed (in its transaction): purge those pages
    after the commit; more than CMS_PURGE_MAX_ADDRESSES of them, everything."""
    if not settings.CMS_PURGE_URLS:
        return
    cap = settings.CMS_PURGE_MAX_ADDRESSES
    rows = list(pages.order_by().values_list("pk", "parent_id")[: cap + 1])
    with _current_batch() as batch:
        batch.everything = batch.everything or len(rows) > cap
        for page_id, parent_id in rows[:cap]:
            batch.pages.setdefault(page_id, set()).update([parent_id] if parent_id is not None else [])


@contextmanager
def _current_batch() -> Iterator[_Batch]:
    """This transaction's batch, to add to; a new one, run on commit once filled, when it has none
    yet (or its batch was rolled back with a savepoint; outside a transaction: run at once)."""
    batch = getattr(connection, "_cms_purge_batch", None)
    if batch is not None and any(entry[1] is batch for entry in connection.run_on_commit):
        yield batch
        return
    batch = _Batch()
    yield batch
    connection._cms_purge_batch = batch  # type: ignore[attr-defined]
    # robust: the change is committed whatever happens to the queue (as the tree cache's).
    transaction.on_commit(batch, robust=True)


# The fields whose change decides whether links to the page are shown as links.
REACH_FIELDS = {"status", "published_at"}


def _changes_menu(page: Page, changed: Changed) -> bool:
    """Whether every page's menu may show the write: a top-level page's write, but one changing only
    texts of its body (a move, a rename, a status, a date may all change the menu)."""
    if page.parent_id is not None and changed.was_parent is not None:
        return False
    fields = changed.fields
    return not fields or any(not name.startswith(BLOCK_PREFIX) for name in fields)


# --- On the task engine: work out and send ------------------------------------------------------


@task()
def purge_pages(pages: list[list[object]], everything: bool = False) -> None:
    """Purge the addresses the writes of pages changed, from every cache; retried per cache."""
    pattern = EVERYTHING if everything else pattern_for(pages)
    send_purge.call(pattern, list(settings.CMS_PURGE_URLS), 0)


@task()
def send_purge(pattern: str, urls: list[str], attempt: int) -> None:
    """Send the purge to each cache; the ones that failed are asked again later, by a new task."""
    failed = [url for url in urls if not _sent(url, pattern)]
    if not failed:
        return
    delays = settings.CMS_PURGE_RETRY_DELAYS
    if attempt >= len(delays):
        logger.error("purge not sent to %s after %d attempts", ", ".join(failed), attempt + 1)
        return
    retry_at = timezone.now() + timedelta(seconds=delays[attempt])
    send_purge.using(run_after=retry_at).enqueue(pattern, failed, attempt + 1)


def _sent(url: str, pattern: str) -> bool:
    parts = urlsplit(url)
    https = parts.scheme == "https"
    kind = http.client.HTTPSConnection if https else http.client.HTTPConnection
    conn = kind(parts.hostname or "127.0.0.1", parts.port or (443 if https else 80), timeout=settings.CMS_PURGE_TIMEOUT)
    try:
        conn.request("BAN", parts.path or "/", headers={HEADER: pattern})
        response = conn.getresponse()
        response.read()
    except (OSError, http.client.HTTPException) as error:
        logger.warning("purge not sent to %s: %s", url, error)
        return False
    finally:
        conn.close()
    if response.status != 200:
        logger.warning("purge refused by %s: %s %s", url, response.status, response.reason)
    return response.status == 200


def pattern_for(pages: Iterable[list[object]]) -> str:
    """The regular expression of every address the writes of `pages` ([page id, [parent ids]])
    changed, query strings included; EVERYTHING past CMS_PURGE_MAX_ADDRESSES."""
    below: set[str] = set()  # an address and everything below it
    listings: set[str] = set()  # an address, its feed and its listing's pages
    permalinks: set[str] = set()
    for page_id, parents in pages:
        assert isinstance(page_id, int) and isinstance(parents, list)
        below.update(stored_urls(page_id).values())
        old = PageRedirect.objects.filter(page_id=page_id).order_by("-id").values_list("locale", "old_path")
        below.update(address(locale, path) for locale, path in old[:MAX_OLD_ADDRESSES])
        permalinks.add(rf"/[^/]+/pages/{page_id}(?:-[^/?]*)?")
        for parent_id in parents:
            listings.update(stored_urls(int(parent_id)).values())
    roots = {url for url in below | listings if url.endswith("/")}  # a home page's: not all below it
    alternatives = [
        *(_literal(url) + "(?:/.*)?" for url in sorted(below - roots)),
        *(_literal(url) + r"(?:feed\.xml)?" for url in sorted(roots)),
        *(_literal(url) + r"(?:/feed\.xml)?" for url in sorted(listings - roots)),
        *sorted(permalinks),
        r"/sitemap\.xml",
        r"/[^/]+/search",
    ]
    pattern = "^(?:" + "|".join(alternatives) + r")(?:\?.*)?$"
    if len(alternatives) > settings.CMS_PURGE_MAX_ADDRESSES or len(pattern) > MAX_PATTERN_LENGTH:
        return EVERYTHING
    return pattern


def _literal(url: str) -> str:
    """An address as a request names it: percent-encoded as browsers send it, or raw."""
    encoded = quote(url, safe="/-")
    forms = sorted({re.escape(encoded), re.escape(url)})
    return forms[0] if len(forms) == 1 else "(?:" + "|".join(forms) + ")"
