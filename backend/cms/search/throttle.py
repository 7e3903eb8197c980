"""How many searches of the website one visitor may start, and how many run at once.

Per visitor: CMS_SEARCHES_PER_MINUTE per client (its network address, behind our proxy as
DJANGO_CLIENT_IP_HEADER says, an IPv6 /64 as one).

Counted in the shared cache (Redis in production), so every worker and every server counts the
same visitor once; a window of a minute, whose count expires with it. Counting and checking are
one `incr`, atomic on Redis; the file cache may let a few more through under a burst. A cache
that can't be reached counts nothing and refuses nobody: the bounded search (cms.search.queries)
is the guard that always holds.

At once: at most CMS_SEARCH_SLOTS searches run on one machine (`search_slot`), whatever the
number of visitors, so searches never hold every worker: the others read pages. A search that
finds no free slot within SLOT_WAIT_S is not run (the caller answers 503 with Retry-After). The
slots are locks on files in VAR_DIR, which the system releases when a process ends, however.
"""

import fcntl
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from cms.accounts.forms import client_address
from cms.accounts.login_throttle import network_key

WINDOW_S = 60


def wall_clock() -> float:
    """Seconds since the epoch; a function of its own so a test can hold a window still."""
    return time.time()


def search_retry_after(request: HttpRequest) -> int | None:
    """Count one search for the request's client; the seconds until it may search again when
    that was one too many, else None."""
    limit = settings.CMS_SEARCHES_PER_MINUTE
    if limit <= 0:
        return None
    now = wall_clock()
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


SLOT_WAIT_S = 0.05  # a waiting search holds a worker: short, or pages wait behind it
SLOT_POLL_S = 0.01


@contextmanager
def search_slot() -> Iterator[bool]:
    """Hold one of this machine's CMS_SEARCH_SLOTS while the block runs: True, or False (held
    nothing) when none came free within SLOT_WAIT_S."""
    directory = settings.CMS_SEARCH_SLOTS_DIR
    directory.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + SLOT_WAIT_S
    while True:
        for number in range(max(1, settings.CMS_SEARCH_SLOTS)):
            with (directory / str(number)).open("ab") as slot:
                try:
                    fcntl.flock(slot, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue
                try:
                    yield True
                finally:
                    fcntl.flock(slot, fcntl.LOCK_UN)
                return
        if time.monotonic() >= deadline:
            yield False
            return
        time.sleep(SLOT_POLL_S)
