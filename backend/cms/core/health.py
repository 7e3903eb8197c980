"""The address a load balancer asks whether this server can serve: `GET /healthz`.

It answers before anything else runs (no host check, no HTTPS redirect, no session): a
balancer asks by the server's own address over plain HTTP, and a login or a redirect would read
as "down". It checks what a request needs, each with a bound on its time, and says which part
failed:

- the database (`SELECT 1`) and the file storage (one existence check): without either no page
  or upload can be served, so the answer is 503 and the balancer sends traffic elsewhere;
- the cache: the site serves from the database when it is down (cms.core.cache), only slower.
  Every server shares one cache, so failing them all for it would turn a slow site into no site:
  the answer stays 200 and says "degraded".
"""

import time
from collections.abc import Callable

from django.core.cache import cache
from django.core.files.storage import default_storage
from django.http import HttpRequest, HttpResponse, JsonResponse

from cms.core import sql

PATH = "/healthz"
# A name no upload can have (server-made names are hex digests with an extension), so checking
# it touches the storage without finding anything or leaving anything behind.
STORAGE_PROBE = "healthz-probe"
CACHE_PROBE = "healthz-probe"

Check = Callable[[], None]


def check_database() -> None:
    sql.ping()


def check_storage() -> None:
    default_storage.exists(STORAGE_PROBE)


def check_cache() -> None:
    # A write and a read: a cache that drops every write (a fail-soft wrapper over a dead Redis)
    # reads back nothing.
    cache.set(CACHE_PROBE, 1, timeout=10)
    if cache.get(CACHE_PROBE) != 1:
        raise ConnectionError("the cache kept nothing")


# The parts whose failure takes the server out of the balancer, and the one that only degrades it.
REQUIRED: dict[str, Check] = {"database": check_database, "storage": check_storage}
OPTIONAL: dict[str, Check] = {"cache": check_cache}


def timed(check: Check) -> dict[str, object]:
    started = time.perf_counter()
    try:
        check()
    except Exception as error:  # any failure is the answer, never a 500
        result: dict[str, object] = {"ok": False, "error": type(error).__name__}
    else:
        result = {"ok": True}
    result["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return result


def health_answer() -> JsonResponse:
    checks = {name: timed(check) for name, check in (REQUIRED | OPTIONAL).items()}
    if not all(checks[name]["ok"] for name in REQUIRED):
        status, code = "down", 503
    elif not all(checks[name]["ok"] for name in OPTIONAL):
        status, code = "degraded", 200
    else:
        status, code = "ok", 200
    answer = JsonResponse({"status": status, "checks": checks}, status=code)
    answer["Cache-Control"] = "no-store"
    return answer


class HealthCheckMiddleware:
    """Answer `GET`/`HEAD /healthz` itself, ahead of the host check and the HTTPS redirect."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == PATH and request.method in ("GET", "HEAD"):
            return health_answer()
        return self.get_response(request)
