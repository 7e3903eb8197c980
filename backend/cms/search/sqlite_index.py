"""The SQLite index: an FTS5 table per locale, kept by triggers (see cms.search.index).

Each row holds the localization's name and text as `cms.search.documents` makes them: the blocks
the template shows, bounded, every word as its term (stemmed, normalised, folded). The triggers
call two functions each connection registers (`register`, on connection_created), so the index
changes in the save's own transaction whatever code writes through Django.

(`detail=column`, which keeps no places, looks cheaper, but then bm25 tokenizes each ranked
row's stored text again: slower for long pages. What bounds a search is cms.search.queries.)
"""

from typing import Any

from cms.search import sql
from cms.search.documents import sqlite_document, sqlite_name

TRIGGERS = sql.SQLITE_TRIGGERS


def register(connection: Any) -> None:
    """Give a new SQLite connection the functions the triggers call (deterministic: the same
    text always makes the same document)."""
    connection.create_function(sql.NAME_FUNCTION, 2, sqlite_name, deterministic=True)
    connection.create_function(sql.DOCUMENT_FUNCTION, 4, sqlite_document, deterministic=True)


def schema(cursor: Any, locales: list[str]) -> list[str]:
    return sql.sqlite_schema(locales)


def drop(cursor: Any) -> None:
    for trigger in TRIGGERS:
        cursor.execute(sql.sqlite_drop_trigger(trigger))
    cursor.execute(sql.SQLITE_FTS_TABLES)
    for (name,) in cursor.fetchall():
        cursor.execute(sql.drop_table(name))


def rebuild(cursor: Any, locales: list[str]) -> None:
    for locale in locales:
        automerge_off, fill, optimize, automerge_on = sql.sqlite_fill(locale)
        cursor.execute(automerge_off)
        cursor.execute(fill, [locale])
        cursor.execute(optimize)
        cursor.execute(automerge_on)
