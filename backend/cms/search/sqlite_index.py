"""The SQLite index: an FTS5 table per locale, kept by triggers (see cms.search.index).

Each row holds the localization's name and text as `cms.search.documents` makes them: the blocks
the template shows, bounded, every word as its term (stemmed, normalised, folded). The triggers
call two functions each connection registers (`register`, on connection_created), so the index
changes in the save's own transaction whatever code writes through Django.

(`detail=column`, which keeps no places, looks cheaper, but then bm25 tokenizes each ranked
row's stored text again: slower for long pages. What bounds a search is cms.search.queries.)
"""

import re
from typing import Any

from cms.search.documents import sqlite_document, sqlite_name
from cms.search.languages import language

LOCALIZATIONS = "pages_pagelocalization"
PAGES = "pages_page"
TRIGGERS = (
    "search_localization_insert",
    "search_localization_update",
    "search_localization_delete",
    "search_page_update",
)
NAME_FUNCTION, DOCUMENT_FUNCTION = "cms_search_name", "cms_search_document"


def register(connection: Any) -> None:
    """Give a new SQLite connection the functions the triggers call (deterministic: the same
    text always makes the same document)."""
    connection.create_function(NAME_FUNCTION, 2, sqlite_name, deterministic=True)
    connection.create_function(DOCUMENT_FUNCTION, 4, sqlite_document, deterministic=True)


def table(locale: str) -> str:
    return "search_fts_" + re.sub(r"[^a-z0-9]", "_", locale.lower())


def literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _name(name: str, locale: str) -> str:
    return f"{NAME_FUNCTION}({literal(locale)}, {name})"


def _document(template: str, blocks: str, shared_blocks: str, locale: str) -> str:
    return f"{DOCUMENT_FUNCTION}({literal(locale)}, {template}, {blocks}, {shared_blocks})"


def schema(cursor: Any, locales: list[str]) -> list[str]:
    statements = [
        f'CREATE VIRTUAL TABLE {table(locale)} USING fts5(name, body, tokenize="{language(locale).sqlite_tokenizer}")'
        for locale in locales
    ]
    template = f"(SELECT template FROM {PAGES} WHERE id = NEW.page_id)"
    shared = f"(SELECT blocks FROM {PAGES} WHERE id = NEW.page_id)"

    def insert(locale: str) -> str:
        return (
            f"INSERT INTO {table(locale)} (rowid, name, body)"
            f" SELECT NEW.id, {_name('NEW.name', locale)}, {_document(template, 'NEW.blocks', shared, locale)}"
            f" WHERE NEW.locale = {literal(locale)};"
        )

    deletes = " ".join(f"DELETE FROM {table(locale)} WHERE rowid = OLD.id;" for locale in locales)
    inserts = " ".join(insert(locale) for locale in locales)
    page_updates = " ".join(
        f"UPDATE {table(locale)} SET body = (SELECT {_document('NEW.template', 'l.blocks', 'NEW.blocks', locale)}"
        f" FROM {LOCALIZATIONS} l WHERE l.id = {table(locale)}.rowid)"
        f" WHERE rowid IN (SELECT id FROM {LOCALIZATIONS} WHERE page_id = NEW.id AND locale = {literal(locale)});"
        for locale in locales
    )
    changed = (
        "OLD.name IS NOT NEW.name OR OLD.blocks IS NOT NEW.blocks OR OLD.locale IS NOT NEW.locale"
        " OR OLD.id IS NOT NEW.id OR OLD.page_id IS NOT NEW.page_id"
    )
    statements += [
        f"CREATE TRIGGER search_localization_insert AFTER INSERT ON {LOCALIZATIONS} BEGIN {inserts} END",
        f"CREATE TRIGGER search_localization_update AFTER UPDATE ON {LOCALIZATIONS} WHEN {changed}"
        f" BEGIN {deletes} {inserts} END",
        f"CREATE TRIGGER search_localization_delete AFTER DELETE ON {LOCALIZATIONS} BEGIN {deletes} END",
        # A changed template shows other blocks: the page's documents follow it.
        f"CREATE TRIGGER search_page_update AFTER UPDATE OF blocks, template ON {PAGES}"
        f" WHEN OLD.blocks IS NOT NEW.blocks OR OLD.template IS NOT NEW.template BEGIN {page_updates} END",
    ]
    return statements


def drop(cursor: Any) -> None:
    for trigger in TRIGGERS:
        cursor.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    cursor.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE search_fts_%'"
    )
    for (name,) in cursor.fetchall():
        cursor.execute(f"DROP TABLE IF EXISTS {name}")


def rebuild(cursor: Any, locales: list[str]) -> None:
    for locale in locales:
        # A bulk fill merges nothing on the way, then everything once: one b-tree per table,
        # which also makes each search read one segment instead of dozens.
        cursor.execute(f"INSERT INTO {table(locale)} ({table(locale)}, rank) VALUES ('automerge', 0)")
        cursor.execute(
            f"INSERT INTO {table(locale)} (rowid, name, body)"
            f" SELECT l.id, {_name('l.name', locale)}, {_document('p.template', 'l.blocks', 'p.blocks', locale)}"
            f" FROM {LOCALIZATIONS} l JOIN {PAGES} p ON p.id = l.page_id WHERE l.locale = %s",
            [locale],
        )
        cursor.execute(f"INSERT INTO {table(locale)} ({table(locale)}) VALUES ('optimize')")
        cursor.execute(f"INSERT INTO {table(locale)} ({table(locale)}, rank) VALUES ('automerge', 4)")
