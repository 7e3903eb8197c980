"""The PostgreSQL index: `search_document`, a tsvector per localization, kept by triggers (see
cms.search.index), with a GIN index per locale. What it holds of a page is cms.search.documents'
rule: the blocks the template shows (`search_template_blocks`, made from the same lists), each
cut to MAX_BLOCK_CHARS, the whole to MAX_DOCUMENT_CHARS."""

from typing import Any

from cms.search import sql
from cms.search.languages import language

TABLE = sql.DOCUMENTS
config_name = sql.config_name


def _unaccent_available(cursor: Any) -> bool:
    """Install `unaccent` if this role may; True when it is there."""
    cursor.execute(sql.UNACCENT_INSTALLED)
    if cursor.fetchone():
        return True
    cursor.execute(sql.UNACCENT_AVAILABLE)
    if not cursor.fetchone():
        return False
    cursor.execute(sql.UNACCENT_TRY)
    try:
        cursor.execute(sql.CREATE_UNACCENT)
    except Exception:  # no privilege: accents then stay as they are written
        cursor.execute(sql.UNACCENT_UNDO)
        return False
    cursor.execute(sql.UNACCENT_DONE)
    return True


def _snowball_available(cursor: Any, config: str) -> bool:
    cursor.execute(sql.TS_CONFIG_EXISTS, [config])
    return cursor.fetchone() is not None


def _configurations(cursor: Any, locales: list[str]) -> list[str]:
    statements: list[str] = []
    unaccent: bool | None = None
    for code in dict.fromkeys(language(locale).code for locale in locales):
        lang = language(code)
        source = lang.pg_config if _snowball_available(cursor, lang.pg_config) else "simple"
        name = config_name(code)
        statements.append(sql.ts_configuration(name, source))
        if lang.folds_accents:
            unaccent = _unaccent_available(cursor) if unaccent is None else unaccent
            if unaccent:
                statements.append(sql.ts_unaccent_first(name, "simple" if source == "simple" else f"{source}_stem"))
    return statements


def schema(cursor: Any, locales: list[str]) -> list[str]:
    return [*_configurations(cursor, locales), *sql.pg_schema(locales)]


def drop(cursor: Any) -> None:
    for trigger, on in sql.PG_TRIGGERS:
        cursor.execute(sql.pg_drop_trigger(trigger, on))
    for function in sql.PG_FUNCTIONS:
        cursor.execute(sql.pg_drop_function(function))
    cursor.execute(sql.drop_table(TABLE))
    cursor.execute(sql.OUR_TS_CONFIGS)
    for (name,) in cursor.fetchall():
        cursor.execute(sql.drop_ts_configuration(name))


def rebuild(cursor: Any, locales: list[str]) -> None:
    cursor.execute(sql.PG_FILL)
    cursor.execute(sql.PG_CLEAN_PENDING, [TABLE])
    cursor.execute(sql.PG_ANALYZE)
