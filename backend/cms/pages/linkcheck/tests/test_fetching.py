"""One address's check against servers on 127.0.0.1 (tests/servers.py): HEAD then GET, redirects
to a limit, loops, timeouts, the address policy. No database."""

import ipaddress
import socket
import time

import pytest

from cms.pages.linkcheck.addresses import allowed
from cms.pages.linkcheck.fetching import Outcome, check_url
from cms.pages.linkcheck.tests.servers import BIG_BYTES


def methods(server):
    return [(method, path) for method, path, _ in server.log.requests]


def test_a_page_that_answers_200_is_ok_with_one_head(server):
    assert check_url(f"{server.base}/ok") == Outcome("ok", 200, f"{server.base}/ok")
    assert methods(server) == [("HEAD", "/ok")]
    assert server.log.user_agents == ["TestChecker/1.0"]


def test_a_missing_page_is_http_404_after_head_and_get(server):
    assert check_url(f"{server.base}/missing") == Outcome("http_404", 404, f"{server.base}/missing")
    assert methods(server) == [("HEAD", "/missing"), ("GET", "/missing")]


def test_a_server_that_refuses_head_is_asked_with_get(server):
    assert check_url(f"{server.base}/no-head") == Outcome("ok", 200, f"{server.base}/no-head")
    assert methods(server) == [("HEAD", "/no-head"), ("GET", "/no-head")]


def test_a_redirect_chain_is_followed_to_its_end(server):
    assert check_url(f"{server.base}/chain/3") == Outcome("ok", 200, f"{server.base}/chain/0")
    assert methods(server) == [("HEAD", f"/chain/{n}") for n in (3, 2, 1, 0)]


def test_a_redirect_loop_is_seen_as_one(server):
    outcome = check_url(f"{server.base}/loop-a")
    assert (outcome.reason, outcome.status) == ("redirect_loop", 302)
    assert methods(server) == [("HEAD", "/loop-a"), ("HEAD", "/loop-b")]


def test_redirects_past_the_limit_are_too_many(server, settings):
    settings.CMS_LINK_CHECK_MAX_REDIRECTS = 5
    assert check_url(f"{server.base}/onward/0").reason == "too_many_redirects"
    assert len(server.log.requests) == 6  # the first request and five redirects followed


def test_a_chain_within_the_limit_is_fine(server, settings):
    settings.CMS_LINK_CHECK_MAX_REDIRECTS = 5
    assert check_url(f"{server.base}/chain/5").reason == "ok"
    assert check_url(f"{server.base}/chain/6").reason == "too_many_redirects"


def test_a_redirect_to_no_address_is_a_bad_response(server):
    assert check_url(f"{server.base}/bad-location") == Outcome("bad_response", 302, f"{server.base}/bad-location")


def test_a_server_that_answers_too_late_is_a_timeout(server):
    started = time.monotonic()
    outcome = check_url(f"{server.base}/sleep")
    took = time.monotonic() - started
    assert outcome == Outcome("timeout", None, f"{server.base}/sleep")
    assert took < 0.9  # one timeout (0.3 s), not the server's second, and no GET after it
    assert methods(server) == [("HEAD", "/sleep")]


def test_a_slow_server_within_the_timeout_is_ok(server):
    assert check_url(f"{server.base}/slow").reason == "ok"


def test_a_large_body_is_not_downloaded(server):
    # /big refuses HEAD, so the check's GET gets 64 MB: it reads the headers and hangs up.
    started = time.monotonic()
    outcome = check_url(f"{server.base}/big")
    assert outcome.reason == "ok"
    assert methods(server) == [("HEAD", "/big"), ("GET", "/big")]
    assert time.monotonic() - started < 1.0
    assert server.log.big_bytes_sent < BIG_BYTES // 4


def test_a_closed_port_is_connection_failed(server):
    port = server.server_address[1]
    server.shutdown()
    server.server_close()
    assert check_url(f"http://127.0.0.1:{port}/ok").reason == "connection_failed"


@pytest.mark.parametrize(
    "url",
    ["ftp://127.0.0.1/x", "javascript:alert(1)", "http:///nohost", "http://127.0.0.1:99999/", "http://[::1/"],
)
def test_what_is_not_an_http_address_is_a_bad_url(url):
    assert check_url(url).reason == "bad_url"


def test_an_unknown_name_is_dns():
    # .invalid never resolves (RFC 2606), and asks no server outside this machine's resolver.
    assert check_url("http://no-such-host.invalid/").reason == "dns"


@pytest.mark.parametrize(
    "address", ["127.0.0.1", "10.1.2.3", "192.168.0.1", "169.254.169.254", "[::1]", "[::ffff:127.0.0.1]", "0.0.0.0"]
)
def test_private_and_loopback_addresses_are_refused_by_default(address, settings):
    settings.CMS_LINK_CHECK_ALLOWED_NETWORKS = []
    assert check_url(f"http://{address}/ok") == Outcome("blocked_address", None, f"http://{address}/ok")


@pytest.mark.parametrize(
    ("address", "inner"),
    [
        ("64:ff9b::a9fe:a9fe", "169.254.169.254"),  # NAT64's well-known prefix
        ("64:ff9b:1::a00:1", "10.0.0.1"),  # NAT64's local-use prefix
        ("2002:a00:1::", "10.0.0.1"),  # 6to4
        ("::a00:1", "10.0.0.1"),  # IPv4-compatible
        ("2001:0:4136:e378:8000:63bf:f5ff:fffe", "10.0.0.1"),  # Teredo (the client address, inverted)
    ],
)
def test_an_ipv6_address_that_stands_for_a_private_ipv4_one_is_refused(address, inner, settings):
    settings.CMS_LINK_CHECK_ALLOWED_NETWORKS = []
    assert not allowed(ipaddress.ip_address(address))
    assert not allowed(ipaddress.ip_address(inner))
    assert allowed(ipaddress.ip_address("2606:4700::6810:84e5"))  # a global IPv6 address stays allowed


def test_a_name_that_resolves_to_loopback_is_refused_by_default(settings):
    settings.CMS_LINK_CHECK_ALLOWED_NETWORKS = []
    assert check_url("http://localhost/ok").reason == "blocked_address"


def test_a_redirect_into_a_blocked_network_is_refused(server, settings):
    settings.CMS_LINK_CHECK_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    outcome = check_url(f"{server.base}/to/127.0.0.2:{server.server_address[1]}")
    assert outcome.reason == "blocked_address"
    assert outcome.final_url == f"http://127.0.0.2:{server.server_address[1]}/ok"


def resolving(monkeypatch, name, addresses):
    """Make `name` resolve to these addresses (in this order), as a DNS answer would."""
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host != name:
            return real(host, port, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port)) for address in addresses]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def test_an_address_that_refuses_gives_way_to_the_names_next(server, monkeypatch):
    resolving(monkeypatch, "two.test", ["127.0.0.3", "127.0.0.1"])  # nothing listens on the first
    port = server.server_address[1]
    assert check_url(f"http://two.test:{port}/ok") == Outcome("ok", 200, f"http://two.test:{port}/ok")
    assert methods(server) == [("HEAD", "/ok")]


def test_a_name_with_one_private_address_is_refused_whole(server, monkeypatch, settings):
    settings.CMS_LINK_CHECK_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    resolving(monkeypatch, "rebind.test", ["127.0.0.1", "10.0.0.1"])
    assert check_url(f"http://rebind.test:{server.server_address[1]}/ok").reason == "blocked_address"
    assert server.log.requests == []
