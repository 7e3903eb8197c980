"""Many addresses at once (cms.pages.linkcheck.pacing): the bound on requests in flight, the
per-host rate, a slow host that holds no other back, the deadline. Local servers, no database."""

import threading
import time
from itertools import pairwise

from cms.pages.linkcheck import pacing
from cms.pages.linkcheck.fetching import check_url
from cms.pages.linkcheck.pacing import PER_HOST_IN_FLIGHT, HostPacer, check_many, interleaved
from cms.pages.linkcheck.tests.servers import SLOW_S, Log, serving


def gaps(server):
    times = sorted(at for _, _, at in server.log.requests)
    return [later - earlier for earlier, later in pairwise(times)]


def test_no_more_requests_in_flight_than_the_concurrency(settings, monkeypatch):
    settings.CMS_LINK_CHECK_CONCURRENCY = 3
    # Counted where the checks run: a server counts a request until its handler has finished
    # after the answer, by when the client's thread may have sent the next one (seen: 4 of 3).
    checking = {"now": 0, "most": 0}
    lock = threading.Lock()

    def counted(url, pace):
        with lock:
            checking["now"] += 1
            checking["most"] = max(checking["most"], checking["now"])
        try:
            return check_url(url, pace)
        finally:
            with lock:
                checking["now"] -= 1

    monkeypatch.setattr(pacing, "check_url", counted)
    log = Log()
    with serving("127.0.0.1", log) as a, serving("127.0.0.2", log) as b, serving("127.0.0.3", log) as c:
        urls = [f"{s.base}/slow?n={n}" for n in range(3) for s in (a, b, c)]
        started = time.monotonic()
        found = check_many(urls)
        took = time.monotonic() - started
    assert {outcome.reason for outcome in found.values()} == {"ok"} and len(found) == 9
    assert checking["most"] == 3  # six could go (two per host): three threads
    assert took < 6 * SLOW_S  # three at a time: about three rounds of 0.15 s, not nine


def test_no_more_than_two_requests_in_flight_to_one_host(server, settings):
    settings.CMS_LINK_CHECK_CONCURRENCY = 6
    check_many([f"{server.base}/slow?n={n}" for n in range(6)])
    assert server.log.most_in_flight == PER_HOST_IN_FLIGHT == 2


def span(server):
    times = [at for _, _, at in server.log.requests]
    return max(times) - min(times)


# Arrival times carry the machine's jitter (a stalled thread sends late, the next on time): the
# tests below ask for the whole run's spacing, and of each gap only half its interval.
def test_requests_to_one_host_are_spaced_by_its_rate(server, settings):
    settings.CMS_LINK_CHECK_PER_HOST_PER_SECOND = 10.0  # one every 0.1 s
    settings.CMS_LINK_CHECK_CONCURRENCY = 5
    check_many([f"{server.base}/ok?n={n}" for n in range(6)])
    assert len(server.log.requests) == 6
    assert span(server) >= 0.45  # five threads free, yet one request per 0.1 s: 0.5 s for six
    assert min(gaps(server)) >= 0.05  # unpaced, they would come within a millisecond or two


def test_the_rate_is_per_host(server, other_server, settings):
    settings.CMS_LINK_CHECK_PER_HOST_PER_SECOND = 5.0  # one every 0.2 s to each host
    settings.CMS_LINK_CHECK_CONCURRENCY = 4
    urls = [f"{s.base}/ok?n={n}" for n in range(3) for s in (server, other_server)]
    started = time.monotonic()
    check_many(urls)
    took = time.monotonic() - started
    assert span(server) >= 0.35 and span(other_server) >= 0.35  # three each, 0.2 s apart
    assert min(gaps(server)) >= 0.1 and min(gaps(other_server)) >= 0.1
    assert took < 0.9  # side by side (0.4 s): one rate for both hosts would take 1 s


def test_a_slow_host_holds_back_no_other(server, other_server, settings):
    settings.CMS_LINK_CHECK_CONCURRENCY = 3
    slow = [f"{other_server.base}/slow?n={n}" for n in range(4)]
    fast = [f"{server.base}/ok?n={n}" for n in range(4)]
    found = check_many(interleaved(slow + fast, lambda url: url.split("/")[2]))
    assert {outcome.reason for outcome in found.values()} == {"ok"}
    fast_done = max(at for _, _, at in server.log.requests)
    slow_done = max(at for _, _, at in other_server.log.requests)
    assert fast_done < slow_done  # the fast host's checks went on while the slow host answered


def test_no_check_starts_after_the_deadline(server, settings):
    settings.CMS_LINK_CHECK_CONCURRENCY = 1
    urls = [f"{server.base}/slow?n={n}" for n in range(10)]
    deadline = time.monotonic() + 0.35
    found = check_many(urls, deadline=deadline)
    assert 1 <= len(found) <= 4  # one at a time, 0.15 s each: about three started in 0.35 s
    assert list(found) == urls[: len(found)]
    assert max(at for _, _, at in server.log.requests) < deadline + 0.05  # the last began in time


def test_interleaved_takes_hosts_in_turn():
    urls = ["a/1", "a/2", "a/3", "b/1", "c/1", "c/2"]
    assert interleaved(urls, lambda url: url[0]) == ["a/1", "b/1", "c/1", "a/2", "c/2", "a/3"]


def test_a_pacer_without_a_rate_never_waits():
    pace = HostPacer(0)
    started = time.monotonic()
    for _ in range(100):
        pace("host")
    assert time.monotonic() - started < 0.05


def test_a_checker_error_is_that_links_outcome_and_the_others_go_on(server, monkeypatch):
    from cms.pages.linkcheck import pacing

    real = pacing.check_url

    def failing(url, pace):
        if "n=1" in url:
            raise RuntimeError("a bug")
        return real(url, pace)

    monkeypatch.setattr(pacing, "check_url", failing)
    found = check_many([f"{server.base}/ok?n={n}" for n in range(3)])
    assert {url[-3:]: outcome.reason for url, outcome in found.items()} == {
        "n=0": "ok",
        "n=1": "check_failed",
        "n=2": "ok",
    }
