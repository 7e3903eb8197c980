"""The content search figures of `make bench` (BENCHMARKS.md, issue 22). BENCH_ONLY=search: these alone.

- `content_search_ms`: `GET /admin/en/search.json?q=…` through the whole Django stack among
  100,000 pages x 3 locales of ~2 KB each, a word in 20 pages (in every locale: 60 results, the
  first 20 answered with their snippets). `[nb]` and `[ar]`: a Norwegian word (æøå) and an Arabic
  one, each in 20 pages of that locale. `content_search_public_ms`: the website's
  `/en/search?q=…`, its answer cache emptied before each run.
- `content_search_common_ms`: for the record, a word in every page of every locale (300,000
  matches ranked): what no target covers.
- `content_search_worst_ms` (issue 28): the slowest of the searches crafted against the index,
  admin and website alike: twelve of the commonest words over LONG_PAGES pages of ~60 KB (the
  words in another order each run, so no kept answer serves it), and the commonest word of the
  100,000 pages above, on every one of them.
- `page_read_p99_under_search_ms`: the production server (SEARCH_LOAD_WORKERS workers, as many as
  production starts on this machine, its visitor limit off), 4 clients searching those twelve
  words back to back (a search refused busy, 503, waits 50 ms before the next), while another
  reads published pages: the reads' p99 (at most READS reads, SEARCH_LOAD_S s), beside the same
  reads' p99 without any search (what the machine gives a read at that moment).
- `search_index_build_s`: filling the index once after the bulk load (triggers off meanwhile).
- `page_save_editor_ms[search]`: the editor's save (bench/saves.py) with this index kept by the
  triggers, and its statements.

Texts come from a few hundred generated paragraphs per locale, each page a different pair, so
words have realistic document frequencies without generating 600 MB of random text.
"""

import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from measuring import administrator, measure, median_ms, print_figures, progress

PAGES = int(os.environ.get("BENCH_SEARCH_PAGES", "100000"))
MATCHES = 20
WORDS = {"en": "quetzal", "nb": "blåbærsyltetøy", "ar": "الزرافة"}
PARAGRAPHS = 400
LONG_PAGES = 1_000
LONG_PAGE_CHARS = 60_000
COMMON_WORDS = 12
SEARCH_LOAD_WORKERS = 4
SEARCH_LOAD_CLIENTS = 4
READS = 400
SEARCH_LOAD_S = 60
SECTIONS = 10
NAMES = (
    "content_search_ms",
    "content_search_ms[nb]",
    "content_search_ms[ar]",
    "content_search_public_ms",
    "content_search_common_ms",
    "content_search_worst_ms",
    "page_read_p99_under_search_ms",
    "search_index_build_s",
    "page_save_editor_ms[search]",
)
LETTERS = {
    "en": ("b c d f g h k l m n p r s t v w", "a e i o u ea ou"),
    "nb": ("b d f g h k l m n p r s t v sk st", "a e i o u y æ ø å"),
    "ar": ("ب ت ج د ر س ش ع ف ق ك ل م ن ه و", "ا ي و"),  # noqa: RUF001
}


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return print_figures(NAMES, Figures, lambda figures, name: figures.figure(name))


def vocabulary(code: str, rng: random.Random) -> list[str]:
    consonants, vowels = (part.split() for part in LETTERS[code])
    words: set[str] = set()
    while len(words) < 6_000:
        syllables = rng.randint(1, 4)
        words.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(syllables)))
    return sorted(words)


def paragraphs(code: str) -> list[str]:
    rng = random.Random(code)
    words = vocabulary(code, rng)
    # Zipf-like: a few words often, most rarely, as in real text.
    weights = [1 / (rank + 1) for rank in range(len(words))]
    return [" ".join(rng.choices(words, weights, k=110)) + "." for _ in range(PARAGRAPHS)]


class Figures:
    def __init__(self) -> None:
        from django.conf import settings
        from django.db import connection

        from cms.search import index

        # The bench is one client searching hundreds of times: no visitor limit in this process.
        settings.CMS_SEARCHES_PER_MINUTE = 0
        self.user, self.client = administrator("bench-search")
        self.worst: list[tuple[str, float]] = []
        index.uninstall(connection)
        start = time.perf_counter()
        self.matched = load(PAGES)
        progress(f"search: {PAGES:,} pages x 3 locales loaded in {time.perf_counter() - start:.1f} s")
        self.save_without_index = self.editor_save()  # the same save before the index exists
        start = time.perf_counter()
        index.install(connection, force=True)
        self.build_s = time.perf_counter() - start
        progress(f"search: index built in {self.build_s:.1f} s on {connection.vendor}")

    def figure(self, name: str) -> str:
        return getattr(self, name.replace("[", "_").replace("]", ""))()

    def get(self, path: str) -> Any:
        answer = self.client.get(path)
        assert answer.status_code == 200, (path, answer.status_code, answer.content[:300])
        return answer

    def _search(self, code: str, expected: int) -> str:
        from urllib.parse import quote

        path = f"/admin/{code}/search.json?q={quote(WORDS[code])}"
        found = self.get(path).json()
        assert found["total"] == expected, (found["total"], expected)
        assert all(result["highlights"] for result in found["results"]), found["results"][:2]
        ms, queries = measure(lambda: self.get(path))
        return f"{ms:.1f} ms {queries} queries ({found['total']} matches)"

    def content_search_ms(self) -> str:
        return self._search("en", MATCHES * 3)

    def content_search_ms_nb(self) -> str:
        return self._search("nb", MATCHES)

    def content_search_ms_ar(self) -> str:
        return self._search("ar", MATCHES)

    def content_search_public_ms(self) -> str:
        runs = iter(range(10**6))

        def search() -> Any:
            # Another text each run (more spaces: the same search), so no kept answer is served.
            return self.get(f"/en/search?q={WORDS['en']}{'+' * next(runs)}")

        assert search().content.count(b'class="search-result"') == 10
        return f"{median_ms(search):.1f} ms"

    def content_search_common_ms(self) -> str:
        common = self.common_word()
        found = self.get(f"/admin/en/search.json?q={common}").json()
        ms = median_ms(lambda: self.get(f"/admin/en/search.json?q={common}"), runs=3)
        return f"{ms:.1f} ms ({found['total']} matches)"

    def content_search_worst_ms(self) -> str:
        from urllib.parse import quote

        common = self.common_word()
        admin = median_ms(lambda: self.get(f"/admin/en/search.json?q={common}"), runs=3)
        runs = iter(range(10**6))
        public = median_ms(lambda: self.get(f"/en/search?q={common}{'+' * next(runs)}"), runs=3)
        self.worst = [(f"one word on all {PAGES:,} pages: admin", admin), ("public", public)]
        self.load_long_pages()
        words = self.common_words()
        rng = random.Random("orders")

        def another_order() -> str:
            return quote(" ".join(rng.sample(words, len(words))))

        found = self.get(f"/admin/en/search.json?q={another_order()}").json()
        assert found["total"] > 0, found
        admin = median_ms(lambda: self.get(f"/admin/en/search.json?q={another_order()}"), runs=5)
        public = median_ms(lambda: self.get(f"/en/search?q={another_order()}"), runs=5)
        self.worst += [(f"{COMMON_WORDS} common words, {LONG_PAGES:,} pages x 60 KB: admin", admin), ("public", public)]
        detail = ", ".join(f"{what} {ms:.1f} ms" for what, ms in self.worst)
        return f"{max(ms for _, ms in self.worst):.1f} ms ({detail})"

    def load_long_pages(self) -> None:
        from django.db import connection

        from cms.search import index

        index.uninstall(connection)
        start = time.perf_counter()
        texts = {code: paragraphs(code) for code in ("en", "nb", "ar")}
        load(LONG_PAGES, lambda code, n, matched: long_blocks(texts, n), codes=("en",))
        index.install(connection, force=True)
        progress(f"search: {LONG_PAGES:,} pages x 60 KB loaded and indexed in {time.perf_counter() - start:.1f} s")
        self.long_loaded = True

    def common_words(self) -> list[str]:
        return vocabulary("en", random.Random("en"))[:COMMON_WORDS]  # the most frequent

    def page_read_p99_under_search_ms(self) -> str:
        import asyncio
        from urllib.parse import quote

        from figures import gunicorn
        from public import address, load_paths

        if not getattr(self, "long_loaded", False):
            self.load_long_pages()
        paths = load_paths()
        words = self.common_words()
        searches = [
            "/en/search?q=" + quote(" ".join(random.Random(n).sample(words, len(words)))) for n in range(10_000)
        ]
        assert paths and address
        with gunicorn(SEARCH_LOAD_WORKERS, {"CMS_SEARCHES_PER_MINUTE": "0"}) as base:
            host, port = base.removeprefix("http://").split(":")
            assert host == "127.0.0.1"
            alone, _, _ = asyncio.run(
                asyncio.wait_for(read_while_searching(host, int(port), paths, [], 0), SEARCH_LOAD_S + 30)
            )
            reads, searched, refused = asyncio.run(
                asyncio.wait_for(read_while_searching(host, int(port), paths, searches), SEARCH_LOAD_S + 30)
            )
        p99 = statistics.quantiles(reads, n=100)[98] * 1000
        p99_alone = statistics.quantiles(alone, n=100)[98] * 1000
        return (
            f"{p99:.1f} ms ({len(reads)} reads, median {statistics.median(reads) * 1000:.1f} ms; the same reads"
            f" without searches: p99 {p99_alone:.1f} ms, median {statistics.median(alone) * 1000:.1f} ms;"
            f" {SEARCH_LOAD_CLIENTS} clients searching meanwhile: {len(searched)} answered, median"
            f" {statistics.median(searched) * 1000:.1f} ms, {len(refused)} refused busy (503))"
        )

    def common_word(self) -> str:
        return vocabulary("en", random.Random("en"))[0]  # the most frequent (paragraphs' weights)

    def search_index_build_s(self) -> str:
        return f"{self.build_s:.1f} s"

    def page_save_editor_ms_search(self) -> str:
        ms, queries = self.editor_save()
        before_ms, before_queries = self.save_without_index
        return f"{ms:.1f} ms {queries} queries (without the index: {before_ms:.1f} ms {before_queries} queries)"

    def editor_save(self) -> tuple[float, int]:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext
        from saves import EditorSave, editor_page

        page = editor_page(self.user, 1)
        saving = EditorSave(self.user, page.pk)
        ms = median_ms(saving.save, setup=saving.prepare)
        saving.prepare()
        with CaptureQueriesContext(connection) as captured:
            saving.save()
        return ms, len(captured.captured_queries)


async def read_while_searching(
    host: str, port: int, paths: list[str], searches: list[str], clients: int = SEARCH_LOAD_CLIENTS
) -> tuple[list[float], list[float], list[float]]:
    """SEARCH_LOAD_CLIENTS clients search back to back while one reads pages, READS of them (or
    for SEARCH_LOAD_S s); each read's, each answered search's and each refused one's seconds."""
    import asyncio
    from urllib.parse import quote

    reads: list[float] = []
    searched: list[float] = []
    done = asyncio.Event()
    next_search = iter(searches)

    refused: list[float] = []

    async def get(path: str, busy_ok: bool = False) -> float:
        start = time.perf_counter()
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(
            b"GET " + quote(path, safe="/?=&%+").encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        data = await reader.read()
        writer.close()
        seconds = time.perf_counter() - start
        if busy_ok and data.startswith(b"HTTP/1.1 503"):  # every search slot taken: refused at once
            refused.append(seconds)
            return -1.0
        if not data.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(f"{path!r} answered {data[:60]!r}")
        return seconds

    async def searcher() -> None:
        while not done.is_set():
            if (seconds := await get(next(next_search), busy_ok=True)) >= 0:
                searched.append(seconds)
            else:
                await asyncio.sleep(0.05)  # as a browser would not retry at once

    async def reader() -> None:
        await asyncio.sleep(0.5)  # the searches under way first
        deadline = time.monotonic() + SEARCH_LOAD_S
        for n in range(READS):
            if time.monotonic() > deadline:
                break
            reads.append(await get(paths[n % len(paths)]))
            await asyncio.sleep(0.01)
        done.set()

    for path in paths[:20]:  # warm-up: each worker's first answers
        await get(path)
    await asyncio.gather(reader(), *(searcher() for _ in range(clients)))
    return reads, searched, refused


def long_blocks(texts: dict[str, list[str]], n: int) -> dict[str, str]:
    """~60 KB of English: paragraphs in another order on each page, so the commonest words are
    on every page, hundreds of times."""
    own = texts["en"]
    body, k = [], n
    while sum(len(p) + 2 for p in body) < LONG_PAGE_CHARS:
        body.append(own[k % PARAGRAPHS])
        k += 7
    return {"intro": own[(n * 3) % PARAGRAPHS][:200], "body": "\n\n".join(body)}


def load(
    total: int,
    blocks_of: Callable[[str, int, bool], dict[str, str]] | None = None,
    codes: tuple[str, ...] = ("en", "nb", "ar"),
) -> set[int]:
    """Empty the pages and bulk-load `total` pages with a localization of ~2 KB in each locale;
    WORDS[code] in MATCHES pages of that locale (the English word in every locale of its pages).
    `blocks_of(code, n, matched)`: other blocks; `codes`: fewer locales."""
    from django.core.management.color import no_style
    from django.db import connection, transaction
    from django.utils import timezone
    from generate import _insert, clear

    from cms.media.models import Attachment, Image
    from cms.pages.models import Page, PageLocalization, Status

    clear()
    Image.objects.bulk_create(
        Image(file=f"images/bench/s-{n}.jpg", filename=f"s-{n}.jpg", content_type="image/jpeg", byte_size=1,
              real_width=400, real_height=300)
        for n in range(3)
    )  # fmt: skip
    Attachment.objects.bulk_create(
        Attachment(file=f"attachments/bench/s-{n}.pdf", filename=f"s-{n}.pdf", content_type="application/pdf")
        for n in range(2)
    )
    texts = {code: paragraphs(code) for code in ("en", "nb", "ar")}
    if blocks_of is None:
        blocks_of = lambda code, n, matched: page_blocks(texts, code, n, matched)  # noqa: E731
    step = total // MATCHES
    matched = {SECTIONS + 1 + n * step for n in range(MATCHES)}
    blocks_field = PageLocalization._meta.get_field("blocks")
    page = Page(template="page", status=Status.PUBLISHED, published_at=timezone.now(), blocks={"layout": "standard"})
    with transaction.atomic():
        # Ten sections at the top (the site's menu), the other pages under them.
        pages = ((n, None if n <= SECTIONS else n % SECTIONS + 1, n) for n in range(1, total + 1))
        _insert(page, ("id", "parent_id", "position"), pages)
        for code, prefix in (("en", "Page"), ("nb", "Side"), ("ar", "صفحة")):
            if code not in codes:
                continue
            rows = (
                (
                    n,
                    code,
                    f"{prefix} {n}",
                    f"p{n}",
                    0 if n <= SECTIONS else n % SECTIONS + 1,
                    blocks_field.get_db_prep_save(blocks_of(code, n, n in matched), connection),
                )
                for n in range(1, total + 1)
            )
            _insert(PageLocalization(), ("page_id", "locale", "name", "path_segment", "parent_key", "blocks"), rows)
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), [Page, PageLocalization]):
                cursor.execute(sql)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for model in (Page, PageLocalization):
                cursor.execute(f"VACUUM ANALYZE {model._meta.db_table}")
    return matched


def page_blocks(texts: dict[str, list[str]], code: str, n: int, matched: bool) -> dict[str, str]:
    """~2 KB: an intro and two paragraphs; a matched page has the English word in every locale
    and its locale's own word besides."""
    own = texts[code]
    first, second = own[n % PARAGRAPHS], own[(n * 7 + 3) % PARAGRAPHS]
    found = ""
    if matched:
        found = WORDS["en"] if code == "en" else f"{WORDS['en']} {WORDS[code]}"
    return {
        "intro": own[(n * 3) % PARAGRAPHS][:200],
        "body": f"{first} {found} {second}" if found else f"{first}\n\n{second}",
    }
