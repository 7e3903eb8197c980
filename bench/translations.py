"""The translation figure of `make bench` (BENCHMARKS.md, issue 22). BENCH_ONLY=translations: this alone.

- `translation_filter_ms`: "outdated in nb" among 100,000 pages in 3 locales: the tree's filter
  `GET /admin/nb/pages.json?translation=outdated` through the whole Django stack, the pages with
  their ancestors in the tree's shape. OUTDATED_NB pages spread over the tree are outdated in nb
  (and OUTDATED_AR others in ar only, which the filter must pass over), with the bookkeeping
  their saves would have written (cms.pages.translations.marks, the function saves call).
- `translation_report_ms`: the first page of the nb report (`translations.json`), the same data.
"""

from typing import Any

from measuring import administrator, measure, print_figures, progress

PAGES = 100_000
OUTDATED_NB = 200
OUTDATED_AR = 100
NAMES = ("translation_filter_ms", "translation_report_ms")


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return print_figures(NAMES, Figures, lambda bench, name: getattr(bench, name)())


class Figures:
    def __init__(self) -> None:
        from figures import generate

        generate(PAGES)
        self.user, self.client = administrator("bench-tr")
        self.outdated = mark_outdated()
        progress(f"translations: {OUTDATED_NB} pages outdated in nb, {OUTDATED_AR} in ar only")

    def get(self, path: str) -> Any:
        answer = self.client.get(path)
        assert answer.status_code == 200, answer.content[:300]
        return answer

    def translation_filter_ms(self) -> str:
        import json

        found = json.loads(self.get("/admin/nb/pages.json?translation=outdated").content)
        matched = {record["id"] for record in found if record["translations"]["nb"] == "outdated"}
        assert matched == self.outdated, (len(matched), len(self.outdated))
        ms, queries = measure(lambda: self.get("/admin/nb/pages.json?translation=outdated"))
        return f"{ms:.1f} ms {queries} queries ({len(matched)} outdated, {len(found)} pages with their ancestors)"

    def translation_report_ms(self) -> str:
        first = self.get("/admin/nb/translations.json?state=outdated").json()
        assert first["total"] == OUTDATED_NB, first["total"]
        ms, queries = measure(lambda: self.get("/admin/nb/translations.json?state=outdated"))
        return f"{ms:.1f} ms {queries} queries"


def mark_outdated() -> set[int]:
    """Give pages spread over the tree the bookkeeping a source edit after their translation
    leaves: body changed in en (revision 2) after nb's (and ar's) save (revision 1), made against
    the source's first text."""
    from django.db import transaction

    from cms.pages.models import Page
    from cms.pages.translations import marks
    from cms.pages.tree.cache import invalidate_on_commit

    step = PAGES // (OUTDATED_NB + OUTDATED_AR)
    chosen = list(range(7, PAGES, step))[: OUTDATED_NB + OUTDATED_AR]
    pages = []

    def current(revision: int, text: str) -> dict:
        """Every locale's mark of a block translated against the source's text `text`."""
        return {"en": {"r": revision, "t": text}, **{code: {"r": revision, "t": f"{code}-{text}", "b": text}
                                                    for code in ("nb", "ar")}}  # fmt: skip

    for number, page_id in enumerate(chosen):
        page = Page(pk=page_id)
        behind = {"ar"} if number >= OUTDATED_NB else {"nb", "ar"}
        body = current(2, "body-2")
        for code in behind:  # made against the source's first text
            body[code] = {"r": 1, "t": f"{code}-body-1", "b": "body-1"}
        marks.set_marks(page, {"name": current(1, "name-1"), "body": body, "intro": current(1, "intro-1")})
        pages.append(page)
    with transaction.atomic():
        Page.objects.bulk_update(pages, list(marks.STORED_FIELDS), batch_size=500)
        invalidate_on_commit(everything=True)
    return set(chosen[:OUTDATED_NB])
