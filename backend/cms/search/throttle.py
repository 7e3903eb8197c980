"""How many searches of the website one visitor may start: CMS_SEARCHES_PER_MINUTE per client
(its network address, behind our proxy as DJANGO_CLIENT_IP_HEADER says, an IPv6 /64 as one).

Counted in the shared cache (Redis in production), so every worker and every server counts the
same visitor once; a window of a minute, whose count expires with it. Counting and checking are
one `incr`, atomic on Redis; the file cache may let a few more through under a burst. A cache
that can't be reached counts nothing and refuses nobody: the bounded search (cms.search.queries)
is the guard that always holds.
"""

import math
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from cms.accounts.forms import client_address
from cms.accounts.login_throttle import network_key

WINDOW_S = 60


def search_retry_after(request: HttpRequest) -> int | None:
    """Count one search for the request's client; the seconds until it may search again when
    that was one too many, else None."""
    limit = settings.CMS_SEARCHES_PER_MINUTE
    if limit <= 0:
        return None
    now = time.time()
    window = int(now // WINDOW_S)
    key = f"search-rate:{network_key(client_address(request))}:{window}"
    cache.add(key, 0, timeout=WINDOW_S * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # gone between the two calls, or the cache is away: not counted
        return None
    if count <= limit:
        return None
    return max(1, math.ceil((window + 1) * WINDOW_S - now))
