"""Restore a site archive (cms.portability.archive) into an empty database and storage.

Two passes. The first checks the whole archive and changes nothing: its member names, its
manifest's format and version, that it declares no more rows than an import takes, every
member's SHA-256 (tables, the file list and every file), that the file list names only safe
storage names, that every row is one this site can store (cms.portability.checking: its
columns, values, ids in range, and only file names the file list holds), and that no row nor
file is already there (the database must be empty, and the storage must not hold the
archive's names) unless `replace`. A dry run stops there and says what the second would do.
The second writes, in one transaction: the rows with their own ids (checked again as they are
read), in batches of raw inserts (as loaddata does: no save(), so `auto_now` dates and kept
columns stay as exported), then the files, each copied from the archive into a temporary file,
its SHA-256 checked again, and saved through the storage API; then each table's id sequence is
moved past the ids inserted (PostgreSQL). A failure anywhere rolls the rows back and deletes
the files this import wrote.
"""

import contextlib
import json
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from django.apps import apps
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import DatabaseError, connection, models, transaction

from cms.media.storage import renditions
from cms.pages.text_links.index import rebuild as rebuild_link_index
from cms.pages.tree.cache import invalidate_on_commit
from cms.portability import archive, checking, sql
from cms.portability.archive import ArchiveError, ArchiveReader
from cms.portability.checking import RowCheck, declared_lines
from cms.portability.tables import LEFT_OUT, carried_models, file_fields

ROWS_PER_BATCH = 1_000
Say = Callable[[str], None]


class NotEmpty(ArchiveError):
    """The database or the storage already holds a site (import_site refuses without --replace)."""


@dataclass
class ImportReport:
    rows: dict[str, int] = field(default_factory=dict)  # per model, as the archive holds them
    files: int = 0
    missing_files: int = 0  # named by rows, missing from the exported site's storage already
    distinct_files: int = 0
    file_bytes: int = 0
    rows_present: int = 0  # in the database before the import
    names_present: int = 0  # of the archive's file names, already in the storage
    seconds: float = 0.0

    @property
    def empty_target(self) -> bool:
        return not self.rows_present and not self.names_present


def import_site(path: str, *, replace: bool = False, dry_run: bool = False, say: Say = lambda _: None) -> ImportReport:
    started = time.perf_counter()
    reader = ArchiveReader(path)
    try:
        manifest = reader.manifest()
        tables = _checked_tables(manifest)
        checking.check_declared_rows(tables)
        report = ImportReport(rows={label: entry["rows"] for label, entry in tables.items()})
        report.rows_present = _rows_present()
        if report.rows_present and not replace and not dry_run:
            raise NotEmpty(not_empty_reason(report))
        say("Checking the archive (every member's SHA-256, every row)…")
        file_names = _check_files(reader, manifest, report, look_in_storage=not replace)
        for model in carried_models():
            if (entry := tables.get(model._meta.label_lower)) is not None:
                _check_table(reader, RowCheck(model, file_names), entry)
        if not replace and not report.empty_target and not dry_run:
            raise NotEmpty(not_empty_reason(report))
        if dry_run:  # the caller says whether it would be refused (report.empty_target)
            return report
        _write(reader, tables, file_names, replace=replace, say=say)
        report.seconds = time.perf_counter() - started
        return report
    finally:
        reader.close()


def not_empty_reason(report: ImportReport) -> str:
    where = []
    if report.rows_present:
        where.append(f"the database holds {report.rows_present} rows of a site")
    if report.names_present:
        where.append(f"the storage already holds {report.names_present} of the archive's files")
    return (
        f"{' and '.join(where)}: import_site restores into an empty database and storage only;"
        " run it with --replace to delete the present site first"
    )


# --- The first pass: check everything, change nothing -------------------------------------------


def _checked_tables(manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    known = {model._meta.label_lower for model in carried_models()}
    tables: dict[str, dict[str, Any]] = {}
    entries = manifest.get("tables")
    if not isinstance(entries, list):
        raise ArchiveError("manifest.json lists no tables")
    for entry in entries:
        if not isinstance(entry, dict):
            raise ArchiveError("manifest.json: a table entry is not an object")
        label, member = entry.get("model"), entry.get("member")
        if label not in known:
            raise ArchiveError(f"the archive holds table {label!r}, which this site does not have (newer version?)")
        if label in tables or member != f"tables/{label}.jsonl":
            raise ArchiveError(f"manifest.json: table {label!r} listed twice or under another member")
        if not isinstance(entry.get("rows"), int) or entry["rows"] < 0:
            raise ArchiveError(f"manifest.json: table {label!r} has no row count")
        if not isinstance(entry.get("sha256"), str) or not archive.SHA256.match(entry["sha256"]):
            raise ArchiveError(f"manifest.json: table {label!r} has no SHA-256")
        tables[label] = entry
    return tables


def _check_table(reader: ArchiveReader, check: RowCheck, entry: dict[str, Any]) -> None:
    for row in _rows(reader, entry):
        check.values(entry["member"], row)


def _rows(reader: ArchiveReader, entry: dict[str, Any]) -> Iterator[Any]:
    return declared_lines(reader, entry["member"], entry["sha256"], entry["rows"])


def _file_lines(reader: ArchiveReader, manifest: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The file list's entries: a stored file each, or one a row names that the exported site's
    storage no longer held (`missing`: nothing to store)."""
    files = manifest.get("files")
    if not isinstance(files, dict) or not isinstance(files.get("sha256"), str):
        raise ArchiveError("manifest.json: no file list")
    declared = [files.get("count"), files.get("missing", 0)]
    if not all(isinstance(number, int) and 0 <= number <= checking.max_rows() for number in declared):
        raise ArchiveError("manifest.json: the file list's count is not a number of files an import takes")
    for line in declared_lines(reader, archive.FILES, files["sha256"], sum(declared)):
        if isinstance(line, dict) and line.get("missing") is True and archive.safe_stored_name(line.get("name")):
            yield line
            continue
        if not (
            isinstance(line, dict)
            and archive.safe_stored_name(line.get("name"))
            and isinstance(line.get("sha256"), str)
            and archive.SHA256.match(line["sha256"])
            and isinstance(line.get("size"), int)
            and 0 <= line["size"] <= archive.file_max_bytes()
        ):
            raise ArchiveError(f"files.jsonl: a bad entry ({str(line)[:200]})")
        yield line


def _check_files(
    reader: ArchiveReader, manifest: dict[str, Any], report: ImportReport, *, look_in_storage: bool
) -> set[str]:
    """Check the file list and every file; return the names it holds (the only ones rows may name)."""
    names: set[str] = set()
    for line in _file_lines(reader, manifest):
        if line["name"] in names:
            raise ArchiveError(f"files.jsonl names {line['name']!r} twice")
        names.add(line["name"])
        if line.get("missing"):
            report.missing_files += 1
            continue
        member = archive.media_member(line["sha256"])
        if member not in reader.members:
            raise ArchiveError(f"files.jsonl names {line['name']!r}, whose content {member} is not in the archive")
        if reader.members[member].file_size != line["size"]:
            raise ArchiveError(f"{member} is not the size files.jsonl gives {line['name']!r}")
        report.files += 1
        report.file_bytes += line["size"]
        if look_in_storage and default_storage.exists(line["name"]):
            report.names_present += 1
    for name in reader.members:
        if match := archive.MEDIA_MEMBER.match(name):
            reader.copy_verified(name, match.group(1), None)
            report.distinct_files += 1
    expected = manifest["files"]
    counted = (expected.get("count"), expected.get("missing", 0), expected.get("bytes"))
    if counted != (report.files, report.missing_files, report.file_bytes):
        raise ArchiveError("files.jsonl does not hold the files the manifest counts")
    return names


def _rows_present() -> int:
    return sum(model._base_manager.count() for model in carried_models())


# --- The second pass: write ---------------------------------------------------------------------


def _write(
    reader: ArchiveReader, tables: dict[str, dict[str, Any]], file_names: set[str], *, replace: bool, say: Say
) -> None:
    stored: list[str] = []  # names this import wrote: deleted again if it fails
    with tempfile.TemporaryFile() as old_names:
        try:
            with transaction.atomic():
                if replace:
                    say("Deleting the present site…")
                    _note_old_files(old_names)
                    _delete_present_site()
                inserted = []
                for model in carried_models():
                    entry = tables.get(model._meta.label_lower)
                    if entry is not None:
                        say(f"{model._meta.label_lower}: {entry['rows']} rows…")
                        _insert_rows(reader, RowCheck(model, file_names), entry)
                        inserted.append(model)
                if "pages.page" in tables and "pages.pagelink" not in tables:
                    # An archive made before the link index (issue 33): built from its pages.
                    say("Link index…")
                    rebuild_link_index()
                say("Files…")
                _store_files(reader, stored, replace=replace)
                _reset_sequences(inserted)
                invalidate_on_commit(everything=True)
                transaction.on_commit(cache.clear)  # pages, fragments, rights: all of the old site
        except BaseException:
            for name in stored:
                with contextlib.suppress(Exception):  # the storage failing too: the first error tells
                    default_storage.delete(name)
            raise
        if replace:
            _discard_old_files(old_names)


def _insert_rows(reader: ArchiveReader, check: RowCheck, entry: dict[str, Any]) -> None:
    insert = check.rows.insert_sql(connection)
    batch: list[tuple[Any, ...]] = []
    for row in _rows(reader, entry):
        batch.append(check.values(entry["member"], row))  # checked in the first pass: the same rows
        if len(batch) >= ROWS_PER_BATCH:
            _insert(insert, batch)
            batch = []
    if batch:
        _insert(insert, batch)


def _insert(insert: str, batch: list[tuple[Any, ...]]) -> None:
    # The ids as given, every value as exported: no save(), no signals, no auto_now.
    sql.insert_rows(insert, batch)


def _store_files(reader: ArchiveReader, stored: list[str], *, replace: bool) -> None:
    manifest = reader.manifest()
    for line in _file_lines(reader, manifest):
        name = line["name"]
        if line.get("missing"):
            continue  # nothing to store: the exported site had lost it already
        with tempfile.TemporaryFile() as spool:
            reader.copy_verified(archive.media_member(line["sha256"]), line["sha256"], spool)
            spool.seek(0)
            if default_storage.exists(name):
                if not replace:  # written meanwhile by someone else: never overwrite it
                    raise NotEmpty(f"the storage holds {name!r} already")
                default_storage.delete(name)
            saved = default_storage.save(name, File(spool, name=name))
        stored.append(saved)
        if saved != name:
            raise ArchiveError(f"the storage stored {name!r} as {saved!r}")


def _reset_sequences(inserted: list[type[models.Model]]) -> None:
    sql.reset_sequences(inserted)


# --- Replacing a present site -------------------------------------------------------------------


def _emptied_models() -> list[type[models.Model]]:
    """What --replace empties: the carried tables, those left out (they refer to pages and users),
    every other table referring to them (a user's groups and permissions), and the sessions (a
    session of an old user must not log in the new user who gets their id)."""
    carried = carried_models()
    left_out = [apps.get_model(label) for label in LEFT_OUT]
    targets = set(carried)
    referring = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model not in targets
        and model not in left_out
        and any(f.is_relation and f.related_model in targets for f in model._meta.concrete_fields)
    ]
    return [*left_out, *referring, Session, *reversed(carried)]


def _delete_present_site() -> None:
    sql.empty_tables(_emptied_models())


def _note_old_files(out: IO[bytes]) -> None:
    """The present site's stored files and image ids, to clear from the storage after the import."""
    for model in carried_models():
        for file_field in file_fields(model):
            values = model._base_manager.exclude(**{file_field.attname: ""}).values_list("pk", file_field.attname)
            for pk, name in values.iterator(chunk_size=ROWS_PER_BATCH):
                out.write(json.dumps([model._meta.label_lower, file_field.attname, pk, name]).encode() + b"\n")
    out.seek(0)


def _discard_old_files(old_names: IO[bytes]) -> None:
    """Delete the old site's files no new row names, and every rendition of its images (a new
    image with an old id must not be shown through the old one's renditions)."""
    for line in old_names:
        label, attname, pk, name = json.loads(line)
        model = apps.get_model(label)
        if label == "media.image":
            renditions.discard_all(pk)
        try:
            if not model._base_manager.filter(**{attname: name}).exists():
                default_storage.delete(name)
        except (OSError, DatabaseError):  # left behind, unnamed: harmless, and the import stands
            continue
