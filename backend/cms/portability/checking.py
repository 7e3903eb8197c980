"""The import's first pass over an archive's rows: bounded, and each row one the site can hold.

An archive is small on disk whatever it claims: a line of `{}` compresses to almost nothing, so
a 410 KB zip can hold 40 million of them. The check reads no more rows than the manifest
declares, and the manifest may declare no more than the bounds below (settings), so it is
refused in the time it takes to read what a real site of that size would be.

Each row is then checked as the second pass will write it, so that a refusal comes before
anything is written: an object with this site's columns, its primary key greater than the row
before's (the export's order: a flood of one line stops at its first), values its fields can
store, ids in a range the database's sequences can go on from (an id at the top of the range
leaves no room for the next insert: every later save of that table would fail), and file names
that the archive's file list holds (a row may not name a file elsewhere in the storage, nor
outside it).
"""

from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, models
from django.db.backends.base.operations import BaseDatabaseOperations

from cms.portability.archive import ArchiveError, ArchiveReader
from cms.portability.tables import RowReader, file_fields

# The largest id (or other whole number) a row may hold: half the range of the smallest id
# column (auth.user's is a 32-bit integer, its sequence ends at 2^31-1), so that as many rows
# again fit after the largest imported id, and no count kept in a row (a lock version, a
# position) nears its column's limit.
ID_MAX = 2**30
# 64-bit columns that are no key hold sizes in bytes and the like: bound by their column only.
WIDE_INTEGERS = (models.BigIntegerField, models.PositiveBigIntegerField)
# Each whole-number column's range as PostgreSQL's types have it (SQLite takes any 64-bit number
# in any of them): an archive must import into either.
COLUMN_RANGES = BaseDatabaseOperations.integer_field_ranges


def max_rows() -> int:
    return int(settings.CMS_IMPORT_MAX_ROWS)


def max_table_rows() -> int:
    return int(settings.CMS_IMPORT_MAX_TABLE_ROWS)


def check_declared_rows(tables: dict[str, dict[str, Any]]) -> None:
    """Refuse a manifest declaring more rows than the import takes, before any member is read."""
    for label, entry in tables.items():
        if entry["rows"] > max_table_rows():
            raise ArchiveError(
                f"table {label!r} declares {entry['rows']} rows, more than the {max_table_rows()} an import takes"
                " (CMS_IMPORT_MAX_TABLE_ROWS)"
            )
    total = sum(entry["rows"] for entry in tables.values())
    if total > max_rows():
        raise ArchiveError(
            f"the archive declares {total} rows, more than the {max_rows()} an import takes (CMS_IMPORT_MAX_ROWS)"
        )


def declared_lines(reader: ArchiveReader, member: str, digest: str, declared: int) -> Iterator[Any]:
    """The member's lines, refused as soon as there is one more than `declared`, and in the end
    if there are fewer."""
    count = 0
    for line in reader.lines(member, digest):
        count += 1
        if count > declared:
            raise ArchiveError(f"{member} holds more than the {declared} rows the manifest says")
        yield line
    if count != declared:
        raise ArchiveError(f"{member} holds {count} rows, the manifest says {declared}")


class RowCheck:
    """The checks of one model's rows (RowReader prepares them; this refuses what it must not)."""

    def __init__(self, model: type[models.Model], file_names: set[str]) -> None:
        self.rows = RowReader(model)
        self.file_names = file_names
        self.files = [field.attname for field in file_fields(model)]
        self.keys = [f for f in model._meta.concrete_fields if _is_integer_key(f)]
        self.counts = [
            f
            for f in model._meta.concrete_fields
            if isinstance(f, models.IntegerField) and not isinstance(f, WIDE_INTEGERS) and f not in self.keys
        ]
        self.wide = [f for f in model._meta.concrete_fields if isinstance(f, WIDE_INTEGERS) and f not in self.keys]
        self.pk = model._meta.pk.attname if model._meta.pk is not None else None
        self.last_pk: Any = None

    def values(self, member: str, row: Any) -> tuple[Any, ...]:
        """The row's values for the INSERT, or ArchiveError saying what is wrong with it."""
        if not isinstance(row, dict):
            raise ArchiveError(f"{member}: a row is not an object")
        if unknown := self.rows.unknown(row):
            raise ArchiveError(f"{member}: columns this site lacks: {', '.join(unknown)[:200]}")
        for field in self.keys:
            _in_range(member, field, row.get(field.attname), 1 if field.primary_key else 0, ID_MAX)
        self._in_export_order(member, row)
        for field in self.counts:
            low, high = _column_range(field)
            _in_range(member, field, row.get(field.attname), max(low, -ID_MAX), min(high, ID_MAX))
        for field in self.wide:
            _in_range(member, field, row.get(field.attname), *_column_range(field))
        for name in self.files:
            if row.get(name) and row[name] not in self.file_names:
                raise ArchiveError(
                    f"{member}: names the file {str(row[name])[:200]!r}, which the archive's file list does not hold"
                )
        try:
            return self.rows.values(row, connection)
        except (ValidationError, ValueError, TypeError, OverflowError) as error:
            raise ArchiveError(f"{member}: a value this site cannot store ({str(error)[:200]})") from None

    def _in_export_order(self, member: str, row: dict[str, Any]) -> None:
        """Each row holds its primary key, each greater than the last (the export writes them
        by primary key): a row given twice, or a flood of the same line, is refused at once."""
        if self.pk is None:
            return
        if row.get(self.pk) is None:
            raise ArchiveError(f"{member}: a row without its {self.pk}")
        pk = row[self.pk]
        if self.last_pk is not None and type(pk) is type(self.last_pk) and not pk > self.last_pk:
            raise ArchiveError(f"{member}: {self.pk} {str(pk)[:40]} is not after the row before's (rows by {self.pk})")
        self.last_pk = pk


def _column_range(field: models.Field) -> tuple[int, int]:
    low, high = COLUMN_RANGES.get(field.get_internal_type(), COLUMN_RANGES["BigIntegerField"])
    return int(low), int(high)


def _in_range(member: str, field: models.Field, value: Any, lowest: int, highest: int) -> None:
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not lowest <= value <= highest:
        raise ArchiveError(
            f"{member}: {field.attname} {str(value)[:40]} is out of range (a whole number from {lowest} to {highest})"
        )


def _is_integer_key(field: models.Field) -> bool:
    """An id: the table's own (primary key) or another row's (a foreign key), when a whole number."""
    if field.primary_key and not field.is_relation:
        return isinstance(field, models.IntegerField)
    target = getattr(field, "target_field", None) if field.is_relation else None
    return isinstance(target, models.IntegerField)
