"""The public website's figures of `make bench` (BENCHMARKS.md, issue 12).

Run by bench/run.py after the tree and image figures (BENCH_ONLY=public: these alone), on a
fresh tree of 10,000 generated pages (every page published, with tags, two image links, a file
link and a meta image; five levels deep; a subtree of 1,000 descendants):

- `public_render_ms`: one page five levels down rendered in process through the whole Django
  stack (middleware and the database connection each request opens included), uncached: the
  rendered-answer cache is neither read nor written, so every run finds the page by its
  address, reads it and renders its template. With its query count.
- `public_rps_2w`: the production server (gunicorn, 2 workers) under a bounded loopback load:
  LOAD_REQUESTS GETs over LOAD_PAGES addresses from LOAD_CONCURRENCY connections at once, on
  127.0.0.1 only; it stops by itself. Prints p99 latency beside it.
- `public_rps_two_servers`: the same load spread evenly over two such servers at once (each
  with its own port and workers, one database and one cache between them, as behind a load
  balancer): requests per second of both together, and p99.
- `old_address_redirect_ms`: after the 1,000-descendant subtree moved, a descendant's old address
  answers 301 (the redirect table's prefix lookup). With its query count.
"""

import asyncio
import os
import statistics
import sys
import time
import traceback
from typing import Any
from unittest import mock

from measuring import measure

LOAD_REQUESTS = int(os.environ.get("BENCH_LOAD_REQUESTS", "6000"))
LOAD_CONCURRENCY = 8
LOAD_PAGES = 200
LOAD_TIMEOUT_S = 120


def run() -> int:
    """Print every public-site figure as `name median unit`; return 1 if any could not be measured."""
    from django.core.management import call_command
    from generate import clear, generate_pages

    call_command("migrate", verbosity=0)
    clear()
    ids = generate_pages(10_000)
    failures = 0
    for name, figure in (
        ("public_render_ms", lambda: render_figure(ids)),
        ("public_rps_2w", lambda: rps_figure(ids)),
        ("public_rps_two_servers", lambda: rps_two_servers_figure(ids)),
        ("old_address_redirect_ms", lambda: redirect_figure(ids)),
    ):
        try:
            print(f"{name} {figure()}", flush=True)
        except Exception as error:
            traceback.print_exception(error, file=sys.stderr)
            print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
            failures += 1
    return 1 if failures else 0


def address(page_id: int, locale: str = "en") -> str:
    from cms.pages.addresses import stored_urls

    return stored_urls(page_id)[locale]


def render_figure(ids: dict[str, Any]) -> str:
    from django.test import Client

    from cms.site import caching

    client, path = Client(), address(ids["leaf"])

    def render() -> None:
        response = client.get(path)
        assert response.status_code == 200 and b"<h1>" in response.content, (path, response.status_code)

    # Uncached: the rendered answer is neither looked up nor kept (keeping it writes a file).
    with mock.patch.object(caching, "cached", lambda key, now: None), mock.patch.object(caching, "keep", no_keep):
        ms, queries = measure(render)
    return f"{ms:.1f} ms {queries} queries"


def no_keep(key: str, answer: Any) -> None:
    return None


def redirect_figure(ids: dict[str, Any]) -> str:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from cms.pages.models import Page
    from cms.pages.saving.services import page_move

    deepest = Page.objects.filter(parent__parent__parent_id=ids["subtree_root"]).values_list("pk", flat=True).first()
    old = address(deepest)
    user = get_user_model().objects.create_user(f"bench-public-{os.getpid()}", is_staff=True, is_superuser=True)
    page_move(actor=user, page_id=ids["subtree_root"], parent_id=ids["subtree_target"], position=1)
    client = Client()

    def follow() -> None:
        response = client.get(old)
        assert response.status_code == 301 and response["Location"] == address(deepest), response

    ms, queries = measure(follow)
    return f"{ms:.1f} ms {queries} queries"


def load_paths() -> list[str]:
    from django.db import connection

    with connection.cursor() as cursor:  # published pages spread over the tree, deepest first
        cursor.execute(f"SELECT id FROM {table()} ORDER BY id DESC LIMIT {LOAD_PAGES}")
        return [address(row[0]) for row in cursor.fetchall()]


def rps_figure(ids: dict[str, Any]) -> str:
    from figures import gunicorn

    with gunicorn() as base:
        return spread_load([base], load_paths())


def rps_two_servers_figure(ids: dict[str, Any]) -> str:
    from figures import gunicorn

    with gunicorn() as first, gunicorn() as second:
        return spread_load([first, second], load_paths())


def spread_load(bases: list[str], paths: list[str]) -> str:
    """LOAD_REQUESTS GETs from LOAD_CONCURRENCY connections, shared evenly by the servers."""
    servers = [base.removeprefix("http://").split(":") for base in bases]
    assert all(host == "127.0.0.1" for host, _ in servers)

    async def together(total: int) -> list[float]:
        share, connections = total // len(servers), max(1, LOAD_CONCURRENCY // len(servers))
        loads = [load(host, int(port), paths, share, connections) for host, port in servers]
        return [latency for latencies in await asyncio.gather(*loads) for latency in latencies]

    asyncio.run(together(len(paths) * len(servers)))  # warm-up: every page once on each server
    started = time.perf_counter()
    latencies = asyncio.run(asyncio.wait_for(together(LOAD_REQUESTS), LOAD_TIMEOUT_S))
    elapsed = time.perf_counter() - started
    p99 = statistics.quantiles(latencies, n=100)[98] * 1000
    return f"{len(latencies) / elapsed:.1f} req/s p99 {p99:.1f} ms"


def table() -> str:
    from cms.pages.models import Page

    return Page._meta.db_table


async def load(host: str, port: int, paths: list[str], total: int, concurrency: int) -> list[float]:
    """Send `total` GETs over `paths` from `concurrency` connections at once; return each one's seconds."""
    latencies: list[float] = []
    counter = iter(range(total))

    async def worker() -> None:
        for n in counter:
            path = paths[n % len(paths)].encode()
            start = time.perf_counter()
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(b"GET " + quote(path) + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = await reader.read()
            writer.close()
            if not data.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(f"{path!r} answered {data[:60]!r}")
            latencies.append(time.perf_counter() - start)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return latencies


def quote(path: bytes) -> bytes:
    from urllib.parse import quote as url_quote

    return url_quote(path.decode(), safe="/").encode()
