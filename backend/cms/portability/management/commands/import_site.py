"""`manage.py import_site FILE [--replace] [--dry-run]`: restore a site archive (cms.portability)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from cms.portability.archive import ArchiveError
from cms.portability.importing import ImportReport, NotEmpty, import_site, not_empty_reason


class Command(BaseCommand):
    help = (
        "Restore a site archive made by export_site into an empty database and storage (ids kept)."
        " Imported users have unusable passwords: set one with `manage.py changepassword NAME`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the archive export_site wrote")
        parser.add_argument(
            "--replace", action="store_true", help="delete the present site (rows, files, sessions) and import"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="check the archive and say what would be done; change nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        dry_run, replace = options["dry_run"], options["replace"]
        say = (lambda text: self.stdout.write(text)) if options["verbosity"] > 1 else (lambda _text: None)
        try:
            report = import_site(options["file"], replace=replace, dry_run=dry_run, say=say)
        except NotEmpty as refusal:
            raise CommandError(f"Refused: {refusal}.") from None
        except ArchiveError as error:
            raise CommandError(f"Not imported, nothing changed: {error}.") from None
        except FileNotFoundError as error:
            raise CommandError(f"Not imported: {error}") from None
        except (DatabaseError, OSError) as error:
            raise CommandError(f"Not imported, nothing kept: {type(error).__name__}: {error}") from None
        self.stdout.write(self.described(report, dry_run=dry_run, replace=replace))
        if dry_run and not replace and not report.empty_target:
            raise CommandError(f"Refused (dry run): {not_empty_reason(report)}.")

    def described(self, report: ImportReport, *, dry_run: bool, replace: bool) -> str:
        lines = [f"{'Would import' if dry_run else 'Imported'} {sum(report.rows.values())} rows:"]
        lines += [f"  {label}: {count}" for label, count in sorted(report.rows.items())]
        lines.append(f"  files: {report.files} ({report.distinct_files} distinct contents, {report.file_bytes} bytes)")
        if report.missing_files:
            lines.append(f"  {report.missing_files} file names rows give were missing from the exported site already")
        if report.rows_present:
            lines.append(
                f"{'Would replace' if dry_run else 'Replaced'} {report.rows_present} rows of the present site."
            )
        if report.names_present:
            lines.append(f"The storage already holds {report.names_present} of the archive's file names.")
        if dry_run:
            lines.append("Dry run: nothing was changed.")
        else:
            lines.append(
                f"Done in {report.seconds:.1f} s. Imported users have unusable passwords:"
                " set one with `manage.py changepassword NAME`."
            )
        return "\n".join(lines)
