"""manage.py prune_revisions --keep N (issue 20, item 8)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cms.pages.revisions.prune import prune


class Command(BaseCommand):
    help = (
        "Keep each page's N newest revisions, every revision after which the page was live (published or hidden) "
        "and every scheduled change that went live; delete the others and the texts only they held."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--keep", type=int, required=True, help="how many of each page's newest revisions to keep")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["keep"] < 1:
            raise CommandError("--keep must be at least 1: a page's newest revision is what its next save builds on")
        revisions, texts = prune(keep=options["keep"])
        self.stdout.write(f"Deleted {revisions} revisions and {texts} texts no revision holds any more.")
