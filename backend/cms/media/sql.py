"""The media app's SQL where the ORM cannot say it, or says it too slowly: PostgreSQL's advisory
locks (a rendition made once however many requests ask for it), and the read of many images'
columns that the public page and every tree save make (compiling the ORM's query cost more than
running it).

Each fragment is named for what it answers and says which parameters (`%s`) it takes, in order;
the functions at the end run them (the app's other modules hold no cursor).
"""

from collections.abc import Iterable

from django.db import connection

from cms.media.models import Image

# PostgreSQL: how long this transaction waits for a lock before giving up. Parameter: "<n>s".
LOCK_TIMEOUT = "SELECT set_config('lock_timeout', %s, true)"
# PostgreSQL: a lock held until this transaction ends. Parameters: the key space, the key.
ADVISORY_LOCK = "SELECT pg_advisory_xact_lock(%s, %s)"


def image_columns(columns: Iterable[str], json_columns: Iterable[str], ids: list[int]) -> str:
    """`columns` of the images of `ids` (integers), those of `json_columns` as JSON text. No parameters."""
    as_text = set(json_columns)
    selected = ", ".join(f"CAST({name} AS TEXT)" if name in as_text else name for name in columns)
    return f"SELECT {selected} FROM {Image._meta.db_table} WHERE id IN ({','.join(map(str, ids))})"


# --- Running them: the app's only cursors --------------------------------------------------------


def read_image_columns(columns: Iterable[str], json_columns: Iterable[str], ids: list[int]) -> list[tuple]:
    """image_columns' rows: `columns`, in their order."""
    with connection.cursor() as cursor:
        cursor.execute(image_columns(columns, json_columns, ids))
        return cursor.fetchall()


def take_advisory_lock(space: int, key: int, *, wait_seconds: int) -> None:
    """PostgreSQL: ADVISORY_LOCK of (`space`, `key`), waiting at most `wait_seconds` (then an
    OperationalError: the caller's savepoint undoes the timeout with it)."""
    with connection.cursor() as cursor:
        cursor.execute(LOCK_TIMEOUT, [f"{wait_seconds}s"])
        cursor.execute(ADVISORY_LOCK, [space, key])
