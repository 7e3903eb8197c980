"""`manage.py export_site FILE`: the whole site in one archive (cms.portability.archive)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cms.portability.exporting import export_site


class Command(BaseCommand):
    help = (
        "Write the whole site into one archive FILE (a zip): every page with its content in every locale,"
        " tags, links, images and attachments with their files, revisions, redirects, scheduled changes,"
        " the audit log, users (never their passwords) and their grants."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the archive to write (replaced if it exists)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            summary = export_site(options["file"])
        except OSError as error:
            raise CommandError(f"could not write {options['file']}: {error}") from None
        rows = sum(summary.rows.values())
        missing = summary.missing_files
        if missing:
            shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
            self.stderr.write(f"{len(missing)} files rows name are missing from the storage, left out: {shown}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Exported {rows} rows ({summary.rows.get('pages.page', 0)} pages) and {summary.files} files"
                f" ({summary.file_bytes} bytes) to {options['file']} in {summary.seconds:.1f} s."
            )
        )
