"""The news archive figure of `make bench` (issue 31, item 5). BENCH_ONLY=news_archive: this alone.

- `news_archive_ms`: a month of the admin's news archive, `GET /admin/en/news_archive.json?year=
  2024&month=6&page=2`, through the whole Django stack, with ARTICLES articles (children of two
  news pages, spread over ten years) among the generated tree's PAGES pages. The data is written
  by bulk inserts (a bench's setup, not an editor's saves).
"""

from datetime import UTC, datetime, timedelta
from typing import Any

from measuring import administrator, measure, print_figures, progress

PAGES = 2_000
ARTICLES = 10_000
NAMES = ("news_archive_ms",)


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return print_figures(NAMES, Figures, lambda bench, name: getattr(bench, name)())


class Figures:
    def __init__(self) -> None:
        from figures import generate

        generate(PAGES)
        self.user, self.client = administrator("bench-news")
        add_articles()
        progress(f"news_archive: {ARTICLES:,} articles under 2 news pages")

    def get(self, path: str) -> Any:
        answer = self.client.get(path)
        assert answer.status_code == 200, answer.content[:300]
        return answer

    def news_archive_ms(self) -> str:
        path = "/admin/en/news_archive.json?year=2024&month=6&page=2"
        first = self.get(path).json()
        assert first["total"] > 25 and len(first["items"]) > 0, first["total"]
        assert sum(year["count"] for year in first["years"]) == ARTICLES
        ms, queries = measure(lambda: self.get(path))
        return f"{ms:.1f} ms {queries} queries ({first['total']} articles that month)"


def add_articles() -> None:
    from django.db import transaction

    from cms.pages.models import Page, PageLocalization, Status
    from cms.pages.tree.cache import invalidate_on_commit

    with transaction.atomic():
        news = Page.objects.bulk_create(
            Page(template="news_index", status=Status.PUBLISHED, news_page=True, position=1000 + n) for n in range(2)
        )
        start = datetime(2016, 1, 1, tzinfo=UTC)
        step = (datetime(2026, 1, 1, tzinfo=UTC) - start) / ARTICLES
        articles = Page.objects.bulk_create(
            (
                Page(
                    parent=news[n % 2], template="article", status=Status.PUBLISHED, position=n // 2 + 1,
                    published_at=start + step * n + timedelta(minutes=n % 60),
                )
                for n in range(ARTICLES)
            ),
            batch_size=1000,
        )  # fmt: skip
        PageLocalization.objects.bulk_create(
            (
                PageLocalization(page_id=page.pk, locale="en", name=f"Article {n}", parent_key=page.parent_id or 0)
                for n, page in enumerate([*news, *articles])
            ),
            batch_size=1000,
        )
        invalidate_on_commit(everything=True)
