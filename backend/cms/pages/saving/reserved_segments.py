"""Top-level path segments the website routes itself (issue 18 item 8).

A top-level page lives at `/{locale}/{segment}`; when the site has a route of its own there
(`/{locale}/pages/preview`, `/{locale}/pages/{id}`), that route wins over the page's children.
The reserved segments are read from the URL configuration (django.urls), never listed here: a
route added later is reserved with it, and the pages app does not depend on the site app.

A route counts when its address starts with one parameter (where `/{locale}/…` has its locale)
followed by a fixed segment. Routes outside a locale (`/admin/…`, `/media/…`, `/sitemap.xml`)
take no page's address, since every page's starts with its locale.
"""

import functools
import re
from collections.abc import Iterable, Iterator

from django.urls import URLPattern, URLResolver, get_resolver, get_urlconf
from django.utils.regex_helper import normalize
from django.utils.translation import gettext_lazy as _

from cms.core.messages import Errors
from cms.pages.models import PageLocalization

# A parameter as django.utils.regex_helper.normalize writes one in an address.
LONE_PARAMETER = re.compile(r"%\(\w+\)s")
RESERVED_SEGMENT_MESSAGE = _("is reserved for the website's own addresses at the top level")


def reserved_segments() -> frozenset[str]:
    """Return the first segments after the locale that the active URL configuration routes."""
    return _reserved_in(get_resolver(get_urlconf()))


def reserved_segment_errors(segment: str, *, parent_id: int | None) -> Errors:
    """Refuse a top-level page's segment that one of the site's own routes would shadow."""
    if parent_id is None and segment in reserved_segments():
        return [("path_segment", RESERVED_SEGMENT_MESSAGE)]
    return []


def moved_to_top_errors(page_id: int) -> Errors:
    """Refuse a page moving to the top level with a reserved segment in any locale."""
    segments = PageLocalization.objects.filter(page_id=page_id, path_segment__in=reserved_segments())
    return [("path_segment", RESERVED_SEGMENT_MESSAGE)] if segments.exists() else []


@functools.lru_cache(maxsize=8)
def _reserved_in(resolver: URLResolver) -> frozenset[str]:
    """One walk per URL configuration (a resolver lives as long as its configuration)."""
    reserved = set()
    for regex in _route_regexes(resolver.url_patterns, ""):
        for address, _params in normalize(regex):
            parts = address.split("/")
            if len(parts) > 1 and LONE_PARAMETER.fullmatch(parts[0]) and "%(" not in parts[1]:
                reserved.add(parts[1])
    reserved.discard("")
    return frozenset(reserved)


def _route_regexes(patterns: Iterable[URLPattern | URLResolver], prefix: str) -> Iterator[str]:
    """Each route's whole regular expression, includes joined as Django's own reversing does."""
    for entry in patterns:
        regex = prefix + entry.pattern.regex.pattern.removeprefix("^")
        if isinstance(entry, URLResolver):
            yield from _route_regexes(entry.url_patterns, regex)
        else:
            yield regex
