"""Addresses that last: a page's old public addresses answer 301 to its current one.

When a page moves or its path segment changes, its old path in each locale
(cms.pages.addresses.stored_paths) is stored once (PageRedirect). A request for an address no
page has looks up every prefix of it in one indexed query; the longest one found names the page
that lived there, and the rest of the address is looked for below that page's current address.
So a move of a page with 1,000 descendants writes one row per locale, and every descendant's
old address still redirects.
"""

import hashlib
from collections.abc import Sequence

from cms.pages.models import PageRedirect


def path_hash(locale: str, path: str) -> str:
    return hashlib.sha256(f"{locale}/{path}".encode()).hexdigest()


def remember(page_id: int, before: dict[str, str], after: dict[str, str]) -> None:
    """Store the page's addresses that changed from `before` to `after` as its old addresses.

    Two statements whatever the page's subtree holds; an old address stored before for another
    page now points at this one (the newest owner of an address wins).
    """
    rows = [
        PageRedirect(locale=locale, old_path=path, path_hash=path_hash(locale, path), page_id=page_id)
        for locale, path in before.items()
        if path and after.get(locale) != path
    ]
    if not rows:
        return
    # The hash names the locale too: one statement finds every row to replace.
    PageRedirect.objects.filter(path_hash__in=[row.path_hash for row in rows]).delete()
    PageRedirect.objects.bulk_create(rows)


def find(locale: str, segments: Sequence[str]) -> tuple[int, list[str]] | None:
    """Return (page id, the segments below it) for the longest old address that starts the given
    path, in one indexed query; None when no prefix of it was ever an address."""
    prefixes = {path_hash(locale, "/".join(segments[:length])): length for length in range(1, len(segments) + 1)}
    found = PageRedirect.objects.filter(locale=locale, path_hash__in=prefixes).values_list("path_hash", "page_id")
    best = max(found, key=lambda row: prefixes[row[0]], default=None)
    if best is None:
        return None
    return best[1], list(segments[prefixes[best[0]] :])
