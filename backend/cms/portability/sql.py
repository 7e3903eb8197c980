"""The export's and the import's SQL where the ORM cannot say it: the export's one snapshot of
the site (a deferred read transaction on SQLite, a read-only repeatable-read one on PostgreSQL),
and the import's emptying of a table without loading its rows (a queryset's delete() collects
every row and its relations first; the import empties every table at once, checked at commit).
And the import's insert of a row with the ids and values as exported (a bulk_create would let
auto_now dates change them), run in batches by cms.portability.importing.

Each fragment is named for what it does and says which parameters (`%s`) it takes.
"""

from collections.abc import Callable

from django.db import connection
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
