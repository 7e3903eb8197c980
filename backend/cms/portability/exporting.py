"""Write a whole site into one archive (cms.portability.archive), streaming.

Rows are read by primary key in chunks (a server-side cursor on PostgreSQL) and written line by
line into the zip as they come; each file goes from storage, through a temporary file on disk
while its SHA-256 is worked out, into the zip, a chunk at a time. Memory holds a chunk of rows
and the set of file digests already written (64 bytes a file), whatever the size of the site.
Everything is read in one transaction, so the archive is one moment of the site even while
editors save (REPEATABLE READ on PostgreSQL; on SQLite a deferred transaction's snapshot of the
write-ahead log, which lets saves go on meanwhile).
"""

import hashlib
import json
import os
import tempfile
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from django.core.files.storage import default_storage
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from cms.core.locales import locale_codes
from cms.portability import archive, sql
from cms.portability.tables import LEFT_OUT, carried_fields, carried_models, encode_value, file_fields, member_name

ROWS_PER_CHUNK = 2_000
WRITE_BUFFER = 256 * 1024


@dataclass
class ExportSummary:
    rows: dict[str, int] = field(default_factory=dict)
    files: int = 0
    file_bytes: int = 0
    missing_files: list[str] = field(default_factory=list)
    seconds: float = 0.0


def export_site(path: str, *, compress_level: int = 1) -> ExportSummary:
    """Write the site to `path` (a zip); nothing is left at `path` if it fails."""
    started = time.perf_counter()
    summary = ExportSummary()
    partial = f"{path}.partial"
    try:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=compress_level) as zip_file:
            with sql.one_snapshot():
                tables = [_write_table(zip_file, model, summary) for model in carried_models()]
                files = _write_files(zip_file, summary)
                migrations = _applied_migrations()
            manifest = {
                "format": archive.FORMAT,
                "version": archive.VERSION,
                "created_at": timezone.now().isoformat(),
                "database": connection.vendor,
                "locales": locale_codes(),
                "migrations": migrations,
                "tables": tables,
                "files": files,
                "left_out": {**LEFT_OUT, "renditions": "made again from the originals when first asked for"},
            }
            zip_file.writestr(archive.MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False))
        os.replace(partial, path)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    summary.seconds = time.perf_counter() - started
    return summary


def _write_table(zip_file: zipfile.ZipFile, model: Any, summary: ExportSummary) -> dict[str, Any]:
    names = [f.attname for f in carried_fields(model)]
    member = member_name(model)
    rows = model._base_manager.order_by("pk").values_list(*names).iterator(chunk_size=ROWS_PER_CHUNK)
    hasher, count = hashlib.sha256(), 0
    with zip_file.open(member, "w", force_zip64=True) as out:
        buffer = bytearray()
        for values in rows:
            line = json.dumps(dict(zip(names, values, strict=True)), default=encode_value, ensure_ascii=False)
            buffer += line.encode() + b"\n"
            count += 1
            if len(buffer) >= WRITE_BUFFER:
                hasher.update(buffer)
                out.write(buffer)
                buffer.clear()
        hasher.update(buffer)
        out.write(buffer)
    summary.rows[model._meta.label_lower] = count
    return {"model": model._meta.label_lower, "member": member, "rows": count, "sha256": hasher.hexdigest()}


def _write_files(zip_file: zipfile.ZipFile, summary: ExportSummary) -> dict[str, Any]:
    """Every stored file a row names, once per content; files.jsonl maps each name to its digest."""
    written: set[str] = set()
    hasher = hashlib.sha256()
    with tempfile.TemporaryFile() as listing:
        for name in _stored_names():
            digest, size = _copy_into(zip_file, name, written)
            if digest is None:
                # Listed as missing all the same: the import takes only names the list holds.
                summary.missing_files.append(name)
                entry: dict[str, Any] = {"name": name, "missing": True}
            else:
                entry = {"name": name, "sha256": digest, "size": size}
                summary.files += 1
                summary.file_bytes += size
            line = json.dumps(entry, ensure_ascii=False).encode() + b"\n"
            hasher.update(line)
            listing.write(line)
        listing.seek(0)
        with zip_file.open(archive.FILES, "w", force_zip64=True) as out:
            while chunk := listing.read(archive.CHUNK):
                out.write(chunk)
    return {
        "count": summary.files,
        "missing": len(summary.missing_files),
        "bytes": summary.file_bytes,
        "distinct": len(written),
        "sha256": hasher.hexdigest(),
    }


def _stored_names() -> Iterator[str]:
    for model in carried_models():
        for file_field in file_fields(model):
            names = (
                model._base_manager.exclude(**{file_field.attname: ""})
                .order_by("pk")
                .values_list(file_field.attname, flat=True)
                .iterator(chunk_size=ROWS_PER_CHUNK)
            )
            yield from names


def _copy_into(zip_file: zipfile.ZipFile, name: str, written: set[str]) -> tuple[str | None, int]:
    """Add the stored file `name` as media/<its sha256> unless that content is in already."""
    try:
        source: IO[bytes] = default_storage.open(name, "rb")
    except FileNotFoundError:
        return None, 0
    with source, tempfile.TemporaryFile() as spool:
        hasher, size = hashlib.sha256(), 0
        while chunk := source.read(archive.CHUNK):
            hasher.update(chunk)
            spool.write(chunk)
            size += len(chunk)
        digest = hasher.hexdigest()
        if digest not in written:
            spool.seek(0)
            info = zipfile.ZipInfo(archive.media_member(digest), date_time=time.localtime()[:6])
            info.compress_type = zipfile.ZIP_STORED  # images and documents are compressed already
            info.file_size = size
            with zip_file.open(info, "w", force_zip64=True) as out:
                while chunk := spool.read(archive.CHUNK):
                    out.write(chunk)
            written.add(digest)
    return digest, size


def _applied_migrations() -> dict[str, str]:
    """The last migration applied of each app: what the rows' columns correspond to."""
    latest: dict[str, str] = {}
    recorder = MigrationRecorder(connection)
    if not recorder.has_table():  # a database made without migrations (the tests')
        return latest
    for app, name in recorder.migration_qs.order_by("id").values_list("app", "name"):
        latest[app] = name
    return latest
