"""The link index's figures of `make bench` (issue 33). BENCH_ONLY=links: these alone.

- `linked_from_ms`: "Linked from" of a page that 1,000 pages link to (the first page of 50 and
  the count), through the call; target ≤ 10 ms.
- `move_rewrites_links_ms`: moving a page that 500 pages link to by its address, back and forth
  between two parents, through the service: each move rewrites the 500 texts (a revision and a
  new lock version each) and their index rows; target ≤ 300 ms.
- `page_save_editor_ms[links]`: the editor's save (bench/saves.py) with the link index kept: a
  save that changes no link touches no link row, so it stays ≤ 12 statements.
- `link_index_rebuild_s[N]`: `rebuild_link_index` over the generated pages, with the peak
  Python memory it took (tracemalloc), which stays one batch's.
"""

import os
import sys
import time
import traceback
import tracemalloc
from typing import Any

from figures import Bench, generate, measure
from measuring import progress

PAGES = 2_000
# The rebuild's size (issue 33: at 100,000 pages, where Wagtail's index ran out of memory).
REBUILD_PAGES = int(os.environ.get("BENCH_LINK_REBUILD_PAGES", "100000"))
LINKED_FROM = 1_000
MOVED_LINKED_FROM = 500
NAMES = (
    "link_index_rebuild_s", "link_index_rebuild_s[100k]", "linked_from_ms", "linked_from_ms[service]",
    "move_rewrites_links_ms", "page_save_editor_ms[links]",
)  # fmt: skip


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    printed: list[str] = []
    try:
        figures(generate(PAGES), printed)
        rebuild_figure(generate(REBUILD_PAGES), printed)
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        for name in NAMES:
            if not any(line.startswith(name) for line in printed):
                print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    return 0


def say(printed: list[str], line: str) -> None:
    print(line, flush=True)
    printed.append(line)


def figures(ids: dict[str, Any], printed: list[str]) -> None:
    from django.db import connection
    from saves import EditorSave, editor_page

    from cms.pages.addresses import stored_paths
    from cms.pages.models import Page, PageLink, PageLocalization
    from cms.pages.saving.services import page_move
    from cms.pages.text_links.services import linked_from

    bench = Bench()
    addressed = [
        pk
        for pk in Page.objects.exclude(parent=None).order_by("pk").values_list("pk", flat=True)[:200]
        if stored_paths(pk).get("en")
    ]
    target, moved = addressed[0], addressed[-1]
    parents = list(Page.objects.filter(parent=None).order_by("pk").values_list("pk", flat=True)[:3])
    parents = [p for p in parents if p != Page.objects.get(pk=moved).parent_id][:2]
    sources = list(Page.objects.exclude(pk__in=[target, moved]).order_by("-pk").values_list("pk", flat=True))
    linking, moving = sources[:LINKED_FROM], sources[LINKED_FROM : LINKED_FROM + MOVED_LINKED_FROM]
    for group, page_id in ((linking, target), (moving, moved)):
        body = f"Read [this page](/en/{stored_paths(page_id)['en']}) and more."
        PageLocalization.objects.filter(page_id__in=group, locale="en").update(blocks={"body": body})
    progress(f"links: {len(linking):,} pages link to page {target}, {len(moving):,} to page {moved}")

    timed_rebuild(PAGES, printed)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(PageLink._meta.db_table)}")

    url = f"/admin/en/pages/{target}/linked_from.json"
    assert b'"total":1000' in bench.get(url).replace(b" ", b""), bench.get(url)[-60:]
    ms, queries = measure(lambda: bench.get(url))
    say(printed, f"linked_from_ms {ms:.1f} ms {len(queries)} queries (through the call, session and all)")
    ms, queries = measure(lambda: linked_from("en", target, 1))
    say(printed, f"linked_from_ms[service] {ms:.1f} ms {len(queries)} queries")

    state = {"parent": 0}

    def move() -> None:
        state["parent"] = 1 - state["parent"]
        page_move(actor=bench.user, page_id=moved, parent_id=parents[state["parent"]], position=1)

    ms, queries = measure(move)
    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(move)
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(40)
    rewritten = PageLink.objects.filter(target_id=moved, url=f"/en/{stored_paths(moved)['en']}").count()
    assert rewritten == MOVED_LINKED_FROM, rewritten
    say(printed, f"move_rewrites_links_ms {ms:.1f} ms {len(queries)} queries ({rewritten} texts rewritten per move)")

    page = editor_page(bench.user, ids["granted"][0])
    saving = EditorSave(bench.user, page.pk)
    ms, queries = measure(saving.save, setup=saving.prepare)
    say(printed, f"page_save_editor_ms[links] {ms:.1f} ms {len(queries)} queries")


def rebuild_figure(ids: dict[str, Any], printed: list[str]) -> None:
    """`link_index_rebuild_s[100k]`: every page's index rows written afresh, one page in ten
    linking another by its address, with the peak Python memory (one batch's, whatever the size)."""
    from cms.pages.models import Page, PageLocalization

    pages = list(Page.objects.exclude(parent=None).order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(pages), 10_000):
        linking = pages[start : start + 10_000 : 10]
        body = f"Read [a permalink](/en/pages/{pages[0]}) and [an address](/en/nowhere-{start})."
        PageLocalization.objects.filter(page_id__in=linking, locale="en").update(blocks={"body": body})
    progress(f"links: rebuilding the index of {len(pages):,} pages")
    timed_rebuild(len(pages), printed)


def timed_rebuild(pages: int, printed: list[str]) -> None:
    """`link_index_rebuild_s[N]`: the whole index written afresh, with the peak Python memory."""
    from cms.pages.models import PageLink
    from cms.pages.text_links.index import rebuild

    tracemalloc.start()
    start = time.perf_counter()
    rebuild(batch_size=500)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    say(printed, f"link_index_rebuild_s[{round(pages / 1000)}k] {seconds:.2f} s (peak {peak / 1e6:.1f} MB, "
                 f"{PageLink.objects.count():,} links)")  # fmt: skip
