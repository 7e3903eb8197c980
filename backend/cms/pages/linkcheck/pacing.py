"""Many links checked at once, politely (issue 33, item 4): at most CMS_LINK_CHECK_CONCURRENCY
requests in flight, at most PER_HOST_IN_FLIGHT of them to one host and at most
CMS_LINK_CHECK_PER_HOST_PER_SECOND a second to it, and no check started after a deadline (the
rest waits for the next round).

The limits hold within one worker's round; rounds on several workers each keep them, so a host
may see that many times the rate (workers are few, and rounds rarely overlap: they claim
different addresses, cms.pages.linkcheck.rounds).
"""

import logging
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from django.conf import settings

from cms.pages.linkcheck.fetching import Outcome, check_url

logger = logging.getLogger("cms.linkcheck")
# Requests in flight to one host at most: a slow host never takes every thread, and no host
# sees more than this many of our connections at once.
PER_HOST_IN_FLIGHT = 2


class HostPacer:
    """Spaces the requests to each host by 1/rate seconds: each takes the next free slot of its
    host (under a lock) and sleeps until it comes."""

    def __init__(self, per_second: float) -> None:
        self.interval = 1.0 / per_second if per_second > 0 else 0.0
        self._next: dict[str, float] = {}
        self._lock = threading.Lock()

    def __call__(self, host: str) -> None:
        with self._lock:
            now = time.monotonic()
            slot = max(now, self._next.get(host, now))
            self._next[host] = slot + self.interval
        if slot > now:
            time.sleep(slot - now)


def interleaved(urls: Iterable[str], host_of: Callable[[str], str]) -> list[str]:
    """The addresses one host after another in turn, so the threads spread over hosts rather
    than queue behind one host's rate."""
    by_host: dict[str, deque[str]] = defaultdict(deque)
    for url in urls:
        by_host[host_of(url)].append(url)
    order: list[str] = []
    queues = list(by_host.values())
    while queues:
        order += [queue.popleft() for queue in queues]
        queues = [queue for queue in queues if queue]
    return order


def check_many(urls: list[str], *, deadline: float | None = None) -> dict[str, Outcome]:
    """Check the addresses (in about this order); those not started by `deadline`
    (time.monotonic) are left out of the answer."""
    pace = HostPacer(settings.CMS_LINK_CHECK_PER_HOST_PER_SECOND)
    pending = list(urls)
    busy: dict[str, int] = defaultdict(int)  # requests in flight per host
    changed = threading.Condition()
    found: dict[str, Outcome] = {}

    def next_url() -> str | None:
        """The first pending address whose host has room, waiting for one while none has."""
        with changed:
            while pending and (deadline is None or time.monotonic() < deadline):
                for index, url in enumerate(pending):
                    if busy[_host(url)] < PER_HOST_IN_FLIGHT:
                        busy[_host(url)] += 1
                        return pending.pop(index)
                changed.wait(0.05 if deadline is None else max(0.0, min(0.05, deadline - time.monotonic())))
            return None

    def work() -> None:
        while (url := next_url()) is not None:
            try:
                outcome = check_url(url, pace)
            except Exception:  # a bug, never the address's doing: this one is reported, the round goes on
                logger.exception("link check of %s failed", url)
                outcome = Outcome("check_failed")
            finally:
                with changed:
                    busy[_host(url)] -= 1
                    changed.notify_all()
            with changed:
                found[url] = outcome

    threads = max(1, min(settings.CMS_LINK_CHECK_CONCURRENCY, len(urls)))
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="link-check") as pool:
        for future in [pool.submit(work) for _ in range(threads)]:
            future.result()
    return found


def _host(url: str) -> str:
    try:
        return (urlsplit(url if "//" in url else f"//{url}").hostname or "").rstrip(".")
    except ValueError:
        return ""
