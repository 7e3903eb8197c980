"""The revision figures of `make bench` (BENCHMARKS.md, issue 20). BENCH_ONLY=revisions: these alone.

One page of 50 blocks in three locales (~2 KB each), on a template the bench adds to the
configured ones for its run:

- `revision_bytes_one_block_pct`: one block changed in one locale; what the new revision stored
  (its manifest and the texts stored first) against a full copy of the page's texts.
- `revisions_list_ms`, `revision_read_ms`: that page with 10,000 revisions (real saves' manifests,
  written in bulk: 10,000 timed saves would take minutes), the first 50 listed and the 5,000th
  read as the page shape, through the whole Django stack.
- `revision_compare_ms`: that page against its revision before every block of every locale was
  changed by a few words (three saves, one per locale).
- `revision_restore_ms`: restore a revision (alternately two), through the HTTP call.
"""

import os
import sys
import tempfile
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from measuring import administrator, measure, progress

BLOCKS = 50
LOCALES = ("en", "nb", "ar")
REVISIONS = 10_000
TEMPLATE = "bench_fifty_blocks"


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    failures = 0
    with fifty_block_template():
        try:
            bench = Figures()
        except Exception as error:
            traceback.print_exception(error, file=sys.stderr)
            for name in NAMES:
                print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
            return 1
        for name in NAMES:
            try:
                print(f"{name} {getattr(bench, name)()}", flush=True)
            except Exception as error:
                traceback.print_exception(error, file=sys.stderr)
                print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
                failures += 1
    return 1 if failures else 0


NAMES = (
    "revision_bytes_one_block_pct", "revisions_list_ms", "revision_read_ms", "revision_compare_ms",
    "revision_restore_ms",
)  # fmt: skip


@contextmanager
def fifty_block_template() -> Iterator[None]:
    """The configured templates plus one of BLOCKS localized text blocks, for this run only."""
    from django.conf import settings
    from django.test import override_settings

    from cms.pages.templates_registry import registry

    names = [f"section_{number:02d}" for number in range(1, BLOCKS + 1)]
    added = "".join(f'\n[blocks.{name}]\ntitle = "Section {name[-2:]}"\nsize = "large"\n' for name in names)
    listed = ", ".join(f'"{name}"' for name in ["name", *names])
    added += f'\n[templates.{TEMPLATE}]\nname = "Fifty blocks"\nblocks = [{listed}]\n'
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "templates.toml"
        path.write_text(Path(settings.CMS_TEMPLATES_FILE).read_text() + added)
        registry.cache_clear()
        try:
            with override_settings(CMS_TEMPLATES_FILE=str(path)):
                yield
        finally:
            registry.cache_clear()


def text(number: int, locale: str, version: int = 0) -> str:
    """~2 KB of words; `version` changes a few of them."""
    words = f"{locale} section {number} revision {version} " + "the harbour boats sail out at dawn and " * 50
    return words[:2000]


class Figures:
    def __init__(self) -> None:
        from cms.pages.saving.payload import PageChanges
        from cms.pages.saving.services import page_create, page_update

        self.user, self.client = administrator("bench-rev")
        progress("revisions: a page of 50 blocks in 3 locales")
        first = {f"section_{n:02d}": text(n, "en") for n in range(1, BLOCKS + 1)}
        self.page = page_create(actor=self.user, locale="en", changes=PageChanges.from_payload(
            {"name": "Fifty blocks", "template": TEMPLATE, **first}
        ))  # fmt: skip
        for locale in LOCALES[1:]:
            blocks = {f"section_{n:02d}": text(n, locale) for n in range(1, BLOCKS + 1)}
            page_update(actor=self.user, page_id=self.page.pk, locale=locale,
                        changes=PageChanges.from_payload({"name": f"Fifty {locale}", **blocks}))  # fmt: skip
        self.update = page_update
        self.changes = PageChanges

    def save(self, locale: str, **blocks: str) -> None:
        self.update(actor=self.user, page_id=self.page.pk, locale=locale, changes=self.changes.from_payload(blocks))

    def revision_bytes_one_block_pct(self) -> str:
        from cms.pages.models import PageRevision, RevisionText
        from cms.pages.revisions.storage import read_contents, stored_bytes

        known = set(RevisionText.objects.values_list("digest", flat=True))
        self.save("nb", section_25=text(25, "nb", version=1))
        revision = PageRevision.objects.filter(page=self.page).latest("id")
        new = set(RevisionText.objects.values_list("digest", flat=True)) - known
        content = read_contents([revision.manifest])[0]
        full = sum(len(value.encode()) for blocks in content.localized.values() for value in blocks.values())
        full += sum(len(name.encode()) for name in content.names.values())
        added = stored_bytes(revision.manifest, new_digests=new)
        return f"{100 * added / full:.1f} % ({added} of {full} bytes)"

    def _many_revisions(self) -> None:
        """REVISIONS revisions of the page: twenty real saves' manifests, repeated, in bulk."""
        from django.utils import timezone

        from cms.pages.models import PageRevision

        progress(f"revisions: {REVISIONS:,} revisions of one page")
        for number in range(20):
            self.save(LOCALES[number % 3], **{f"section_{number % BLOCKS + 1:02d}": text(number, "x", version=number)})
        real = list(PageRevision.objects.filter(page=self.page).order_by("-id")[:20])
        rows = [
            PageRevision(page=self.page, user=self.user, at=timezone.now(), kind=model.kind, summary=model.summary,
                         live=False, manifest=model.manifest)
            for model in (real[n % 20] for n in range(REVISIONS - PageRevision.objects.filter(page=self.page).count()))
        ]  # fmt: skip
        PageRevision.objects.bulk_create(rows, batch_size=500)
        self.all_ids = list(PageRevision.objects.filter(page=self.page).order_by("id").values_list("pk", flat=True))

    def revisions_list_ms(self) -> str:
        self._many_revisions()
        path = f"/admin/en/pages/{self.page.pk}/revisions.json"

        def listing() -> None:
            response = self.client.get(path)
            assert response.status_code == 200 and len(response.json()) == 50, response.content[:200]

        ms, queries = measure(listing)
        return f"{ms:.1f} ms {queries} queries (first 50 of {len(self.all_ids):,})"

    def revision_read_ms(self) -> str:
        path = f"/admin/en/pages/{self.page.pk}/revisions/{self.all_ids[4999]}.json"

        def read() -> None:
            response = self.client.get(path)
            assert response.status_code == 200, response.content[:200]

        ms, queries = measure(read)
        return f"{ms:.1f} ms {queries} queries (the 5,000th of {len(self.all_ids):,})"

    def revision_compare_ms(self) -> str:
        from cms.pages.models import PageRevision

        before = PageRevision.objects.filter(page=self.page).latest("id").pk
        for locale in LOCALES:
            self.save(locale, **{f"section_{n:02d}": text(n, locale, version=7) for n in range(1, BLOCKS + 1)})
        after = PageRevision.objects.filter(page=self.page).latest("id").pk
        path = f"/admin/en/pages/{self.page.pk}/revisions/{before}/compare.json?with={after}"

        def compare() -> None:
            response = self.client.get(path)
            assert response.status_code == 200 and len(response.json()["blocks"]) == BLOCKS * 3, response.content[:200]

        ms, queries = measure(compare)
        return f"{ms:.1f} ms {queries} queries ({BLOCKS} blocks x {len(LOCALES)} locales, every one changed)"

    def revision_restore_ms(self) -> str:
        from cms.pages.models import Page

        targets = self.all_ids[100], self.all_ids[101]
        turn = [0]

        def restore() -> None:
            turn[0] += 1
            version = Page.objects.filter(pk=self.page.pk).values_list("lock_version", flat=True).get()
            response = self.client.post(
                f"/admin/en/pages/{self.page.pk}/revisions/{targets[turn[0] % 2]}/restore.json",
                {"lock_version": version}, content_type="application/json",
            )  # fmt: skip
            assert response.status_code == 200, response.content[:300]

        ms, queries = measure(restore)
        return f"{ms:.1f} ms {queries} queries"


if __name__ == "__main__" and os.environ.get("DJANGO_SETTINGS_MODULE"):
    sys.exit(run())
