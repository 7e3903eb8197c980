"""One link's check: HEAD, then GET when HEAD is refused; redirects followed to a limit, a loop
seen as one; each hop resolved once and sent to the address allowed (cms.pages.linkcheck.addresses).

No body is read: the status line and headers say what a visitor gets, and the connection is
closed after them, so a link to a large file costs a few kilobytes (what the socket had), not the
file. Every request has CMS_LINK_CHECK_TIMEOUT to connect and as long for each read, and one
link all its hops together within LINK_BUDGET_TIMEOUTS times that.
"""

import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from urllib.parse import quote, urljoin, urlsplit

import urllib3
from django.conf import settings
from urllib3.exceptions import HTTPError, NewConnectionError, ProtocolError, SSLError
from urllib3.exceptions import TimeoutError as RequestTimeout

from cms.pages.linkcheck.addresses import NotFound, Refused, Target, resolve

REDIRECTS = frozenset({301, 302, 303, 307, 308})
# A HEAD answered with one of these may be the server's dislike of HEAD, not of the address:
# asked again with GET (many servers answer 405 or 501, some 403, 404 or 400, to HEAD alone).
RETRY_WITH_GET_FROM = 400
LINK_BUDGET_TIMEOUTS = 3
# Characters left as they are in a request's path and query (the rest, such as letters of other
# scripts, is percent-encoded as a browser does).
_SAFE = "/%:@!$&'()*+,;=-._~?#[]"


@dataclass(frozen=True)
class Outcome:
    """What a check found: "ok" or why not, the last status and the address the chain ended at."""

    reason: str
    status: int | None = None
    final_url: str = ""


class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Unreachable(_Stop):
    """The address refused the connection or could not be reached."""


Pace = Callable[[str], None]  # waits until a request to this host may go


def check_url(url: str, pace: Pace | None = None) -> Outcome:
    """Check one address; never raises for anything the address or its server does."""
    deadline = time.monotonic() + LINK_BUDGET_TIMEOUTS * settings.CMS_LINK_CHECK_TIMEOUT
    outcome = _follow(url, "HEAD", pace, deadline)
    refused = outcome.reason == "connection_failed" or (outcome.status or 0) >= RETRY_WITH_GET_FROM
    if refused and outcome.reason not in ("redirect_loop", "too_many_redirects"):
        return _follow(url, "GET", pace, deadline)
    return outcome


def _follow(url: str, method: str, pace: Pace | None, deadline: float) -> Outcome:
    """One method through the redirect chain."""
    seen = {url}
    current = url
    for _hop in range(settings.CMS_LINK_CHECK_MAX_REDIRECTS + 1):
        try:
            status, location = _request(current, method, pace, deadline)
        except _Stop as stop:
            return Outcome(stop.reason, None, current)
        if status not in REDIRECTS or not location:
            reason = "ok" if status < 400 else f"http_{status}"
            return Outcome(reason, status, current)
        try:
            following = urljoin(current, location)
        except ValueError:  # "http://[oops": not an address
            return Outcome("bad_response", status, current)
        if following in seen:
            return Outcome("redirect_loop", status, following)
        seen.add(following)
        current = following
    return Outcome("too_many_redirects", None, current)


def _request(url: str, method: str, pace: Pace | None, deadline: float) -> tuple[int, str]:
    """(status, Location header) of one request, or _Stop with the reason."""
    scheme, host, port, target_path = _parts(url)
    try:
        target = resolve(host, port)
    except NotFound as error:
        raise _Stop("dns") from error
    except Refused as error:
        raise _Stop("blocked_address") from error
    if pace is not None:
        pace(host)
    left = deadline - time.monotonic()
    if left <= 0:
        raise _Stop("timeout")
    timeout = min(settings.CMS_LINK_CHECK_TIMEOUT, left)
    headers = _headers(scheme, host, port)
    *others, final = target.addresses
    for address in others:  # one refused or unreachable: the name's next (a timeout is not retried)
        with suppress(_Unreachable):
            return _ask(scheme, target, address, timeout, method, target_path, headers)
    return _ask(scheme, target, final, timeout, method, target_path, headers)


def _ask(
    scheme: str, target: Target, address: str, timeout: float, method: str, path: str, headers: dict[str, str]
) -> tuple[int, str]:
    pool = _pool(scheme, target, address, timeout)
    try:
        response = pool.urlopen(
            method, path, headers=headers, redirect=False, retries=False, preload_content=False, assert_same_host=False
        )
        try:
            return response.status, response.headers.get("Location", "")
        finally:
            response.close()  # without reading the body
    # Before the timeouts: urllib3 makes NewConnectionError a ConnectTimeoutError.
    except NewConnectionError as error:
        raise _Unreachable("connection_failed") from error
    except (ProtocolError, ConnectionError) as error:
        raise _Stop("connection_failed") from error
    except RequestTimeout as error:
        raise _Stop("timeout") from error
    except SSLError as error:
        raise _Stop("tls") from error
    except (HTTPError, ValueError, UnicodeError) as error:  # a malformed answer
        raise _Stop("bad_response") from error
    finally:
        pool.close()


def _parts(url: str) -> tuple[str, str, int, str]:
    """(scheme, host in ASCII, port, request target) of an http(s) address, or _Stop("bad_url")."""
    if url.startswith("//"):  # protocol-relative: what a visitor on the https site would ask
        url = "https:" + url
    try:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        host = (parts.hostname or "").rstrip(".")
        port = parts.port or (443 if scheme == "https" else 80)
        if ":" not in host:
            host = host.encode("idna").decode("ascii")
    except (ValueError, UnicodeError) as error:
        raise _Stop("bad_url") from error
    if scheme not in ("http", "https") or not host:
        raise _Stop("bad_url")
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    return scheme, host, port, quote(target, safe=_SAFE)


def _pool(scheme: str, target: Target, address: str, timeout: float) -> urllib3.HTTPConnectionPool:
    limit = urllib3.Timeout(connect=timeout, read=timeout)
    if scheme == "http":
        return urllib3.HTTPConnectionPool(address, target.port, timeout=limit, maxsize=1, retries=False)
    # Connected to the address, but the certificate checked against the name in the link.
    return urllib3.HTTPSConnectionPool(
        address,
        target.port,
        timeout=limit,
        maxsize=1,
        retries=False,
        cert_reqs="CERT_REQUIRED",
        assert_hostname=target.host,
        server_hostname=target.host,
    )


def _headers(scheme: str, host: str, port: int) -> dict[str, str]:
    default_port = 443 if scheme == "https" else 80
    shown = f"[{host}]" if ":" in host else host
    return {
        "Host": shown if port == default_port else f"{shown}:{port}",
        "User-Agent": settings.CMS_LINK_CHECK_USER_AGENT,
        "Accept": "*/*",
        "Connection": "close",
    }
