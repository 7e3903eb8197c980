"""The SQLite index: an FTS5 table per locale, kept by triggers (see cms.search.index)."""

import re
from typing import Any

from cms.search.languages import ARABIC_FOLDS, language

LOCALIZATIONS = "pages_pagelocalization"
PAGES = "pages_page"
# A page's text is indexed up to this many characters per locale (its blocks hold up to 200,000
# each); the same bound as on PostgreSQL, whose tsvector has a size limit.
MAX_INDEXED_CHARS = 100_000
TRIGGERS = (
    "search_localization_insert",
    "search_localization_update",
    "search_localization_delete",
    "search_page_update",
)


def table(locale: str) -> str:
    return "search_fts_" + re.sub(r"[^a-z0-9]", "_", locale.lower())


def literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _block_text(blocks_sql: str) -> str:
    """Every string value of a JSON object of blocks, one a line (markup stays: the tokenizer
    skips Markdown's punctuation, and snippets strip it)."""
    return f"coalesce((SELECT group_concat(value, char(10)) FROM json_each({blocks_sql}) WHERE type = 'text'), '')"


def _normalised(sql: str, locale: str) -> str:
    if not language(locale).arabic:
        return sql
    for source, target in ARABIC_FOLDS:
        sql = f"replace({sql}, {literal(source)}, {literal(target)})"
    return sql


def name_sql(name: str, locale: str) -> str:
    return _normalised(f"coalesce({name}, '')", locale)


def body_sql(blocks: str, shared_blocks: str, locale: str) -> str:
    text = f"substr({_block_text(blocks)} || char(10) || {_block_text(shared_blocks)}, 1, {MAX_INDEXED_CHARS})"
    return _normalised(text, locale)


def schema(cursor: Any, locales: list[str]) -> list[str]:
    statements = [
        f'CREATE VIRTUAL TABLE {table(locale)} USING fts5(name, body, tokenize="{language(locale).sqlite_tokenizer}")'
        for locale in locales
    ]
    shared = f"(SELECT blocks FROM {PAGES} WHERE id = NEW.page_id)"

    def insert(locale: str) -> str:
        return (
            f"INSERT INTO {table(locale)} (rowid, name, body)"
            f" SELECT NEW.id, {name_sql('NEW.name', locale)}, {body_sql('NEW.blocks', shared, locale)}"
            f" WHERE NEW.locale = {literal(locale)};"
        )

    deletes = " ".join(f"DELETE FROM {table(locale)} WHERE rowid = OLD.id;" for locale in locales)
    inserts = " ".join(insert(locale) for locale in locales)
    page_updates = " ".join(
        f"UPDATE {table(locale)} SET body = (SELECT {body_sql('l.blocks', 'NEW.blocks', locale)}"
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
        f"CREATE TRIGGER search_page_update AFTER UPDATE OF blocks ON {PAGES} WHEN OLD.blocks IS NOT NEW.blocks"
        f" BEGIN {page_updates} END",
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
            f" SELECT l.id, {name_sql('l.name', locale)}, {body_sql('l.blocks', 'p.blocks', locale)}"
            f" FROM {LOCALIZATIONS} l JOIN {PAGES} p ON p.id = l.page_id WHERE l.locale = %s",
            [locale],
        )
        cursor.execute(f"INSERT INTO {table(locale)} ({table(locale)}) VALUES ('optimize')")
        cursor.execute(f"INSERT INTO {table(locale)} ({table(locale)}, rank) VALUES ('automerge', 4)")
