"""Write the link index (cms.pages.models.PageLink) afresh from the stored pages.

Pages are read a batch at a time in id order (keyset), so memory stays one batch's however many
pages the site holds; each batch is written in its own transaction and its last id printed, so a
rebuild stopped halfway is resumed with `--from-id` (the printed id + 1) and redoes nothing.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cms.pages.text_links.index import rebuild


class Command(BaseCommand):
    help = "Rebuild the index of links between pages from the stored pages, in batches (resumable)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--from-id", type=int, default=0, help="Start at this page id (resume after a stop)")
        parser.add_argument("--batch-size", type=int, default=500, help="Pages read and written per transaction")

    def handle(self, *args: Any, **options: Any) -> None:
        batch_size = max(1, min(options["batch_size"], 10_000))

        def progress(last_id: int, written: int) -> None:
            self.stdout.write(
                f"pages up to id {last_id} done, {written} links written (resume with --from-id {last_id + 1})"
            )

        written = rebuild(from_id=max(0, options["from_id"]), batch_size=batch_size, progress=progress)
        self.stdout.write(self.style.SUCCESS(f"Link index rebuilt: {written} links."))
