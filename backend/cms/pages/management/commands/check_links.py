"""manage.py check_links [--all] [--enqueue] (issue 33, item 4): the external link checks at once,
in this process, rather than waiting for the workers' rounds (cms.pages.linkcheck.tasks)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from cms.pages.linkcheck.rounds import run_round
from cms.pages.linkcheck.tasks import check_external_links


class Command(BaseCommand):
    help = (
        "Check the external links of the pages' texts that are due (never checked, or not for "
        "CMS_LINK_CHECK_RECHECK_HOURS), round after round until none is left."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--all", action="store_true", help="check every address now, however recent")
        parser.add_argument("--enqueue", action="store_true", help="queue a round for the workers instead")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["enqueue"]:
            check_external_links.enqueue()
            self.stdout.write("A round of link checks is queued for the task workers.")
            return
        started = timezone.now()
        checked = 0
        while True:
            done = run_round(checked_before=started if options["all"] else None)
            checked += done.checked
            if not done.more_due or done.checked == 0:
                break
        self.stdout.write(f"Checked {checked} addresses.")
