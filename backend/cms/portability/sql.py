"""The export's and the import's SQL where the ORM cannot say it: the export's one snapshot of
the site (a deferred read transaction on SQLite, a read-only repeatable-read one on PostgreSQL),
and the import's emptying of a table without loading its rows (a queryset's delete() collects
every row and its relations first; the import empties every table at once, checked at commit).
And the import's insert of a row with the ids and values as exported (a bulk_create would let
auto_now dates change them), run in batches by cms.portability.importing.

Each fragment is named for what it does and says which parameters (`%s`) it takes; the
functions at the end run them (the app's other modules hold no cursor).
"""

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models import Model

# SQLite: a read transaction that sees one snapshot of the WAL and lets writers go on.
BEGIN_DEFERRED = "BEGIN DEFERRED"
COMMIT = "COMMIT"
# PostgreSQL, first in a transaction: every read sees the same snapshot.
READ_ONLY_SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"


def delete_all(model: type[Model]) -> str:
    """Empty the model's table, with no statement per row nor signal."""
    return f"DELETE FROM {connection.ops.quote_name(model._meta.db_table)}"


def insert_row(model: type[Model], columns: list[str], quote: Callable[[str], str]) -> str:
    """Insert one row of the model's `columns`, names quoted by `quote` (the connection's);
    parameters: their values, in that order."""
    names, places = ", ".join(quote(column) for column in columns), ", ".join(["%s"] * len(columns))
    return f"INSERT INTO {quote(model._meta.db_table)} ({names}) VALUES ({places})"


# --- Running them: the app's only cursors --------------------------------------------------------


@contextmanager
def one_snapshot() -> Iterator[None]:
    """Read every table in one transaction (one snapshot of the site); in a caller's transaction
    (a test), its snapshot."""
    if connection.in_atomic_block:
        yield
        return
    if connection.vendor == "sqlite":
        # A deferred transaction reads one snapshot of the WAL and lets writers go on; the
        # IMMEDIATE one atomic() begins (settings) would hold every editor's save until the end.
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute(BEGIN_DEFERRED)
            try:
                yield
            finally:
                cursor.execute(COMMIT)  # read only: nothing to keep or undo
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(READ_ONLY_SNAPSHOT)
        yield


def insert_rows(insert: str, batch: Sequence[tuple[Any, ...]]) -> None:
    """`insert` (insert_row) once for each row of `batch`."""
    with connection.cursor() as cursor:
        cursor.executemany(insert, batch)


def reset_sequences(models: Sequence[type[Model]]) -> None:
    """The ids the database gives next come after those inserted (PostgreSQL's sequences)."""
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)


def empty_tables(models: Iterable[type[Model]]) -> None:
    """delete_all of each model, in the order given."""
    with connection.cursor() as cursor:
        for model in models:
            # One statement per table: the constraints are checked at commit, when all are empty.
            cursor.execute(delete_all(model))
