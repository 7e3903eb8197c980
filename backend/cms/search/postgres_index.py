"""The PostgreSQL index: `search_document`, a tsvector per localization, kept by triggers (see
cms.search.index), with a GIN index per locale. What it holds of a page is cms.search.documents'
rule: the blocks the template shows (`search_template_blocks`, made from the same lists), each
cut to MAX_BLOCK_CHARS, the whole to MAX_DOCUMENT_CHARS."""

import re
from typing import Any

from cms.search.documents import MAX_BLOCK_CHARS, MAX_DOCUMENT_CHARS, MAX_NAME_CHARS, pg_template_blocks
from cms.search.languages import language
from cms.search.sqlite_index import LOCALIZATIONS, PAGES, literal

TABLE = "search_document"
FUNCTIONS = (
    "search_config(text)",
    "search_rank(tsvector, tsquery)",
    "search_template_blocks(text)",
    "search_block_text(jsonb, text[])",
    "search_vector(text, text, text, jsonb, jsonb)",
    "search_localization_changed()",
    "search_page_changed()",
    "search_pages_truncated()",
)


def config_name(locale: str) -> str:
    return "cms_search_" + re.sub(r"[^a-z0-9]", "_", language(locale).code)


def _unaccent_available(cursor: Any) -> bool:
    """Install `unaccent` if this role may; True when it is there."""
    cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'unaccent'")
    if cursor.fetchone():
        return True
    cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent'")
    if not cursor.fetchone():
        return False
    cursor.execute("SAVEPOINT search_unaccent")
    try:
        cursor.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    except Exception:  # no privilege: accents then stay as they are written
        cursor.execute("ROLLBACK TO SAVEPOINT search_unaccent")
        return False
    cursor.execute("RELEASE SAVEPOINT search_unaccent")
    return True


def _snowball_available(cursor: Any, config: str) -> bool:
    cursor.execute("SELECT 1 FROM pg_ts_config WHERE cfgname = %s", [config])
    return cursor.fetchone() is not None


def _configurations(cursor: Any, locales: list[str]) -> list[str]:
    statements: list[str] = []
    unaccent: bool | None = None
    for code in dict.fromkeys(language(locale).code for locale in locales):
        lang = language(code)
        source = lang.pg_config if _snowball_available(cursor, lang.pg_config) else "simple"
        name = config_name(code)
        statements.append(f"CREATE TEXT SEARCH CONFIGURATION {name} (COPY = pg_catalog.{source})")
        if lang.folds_accents:
            unaccent = _unaccent_available(cursor) if unaccent is None else unaccent
            if unaccent:
                dictionary = "simple" if source == "simple" else f"{source}_stem"
                statements.append(
                    f"ALTER TEXT SEARCH CONFIGURATION {name}"
                    f" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, {dictionary}"
                )
    return statements


def schema(cursor: Any, locales: list[str]) -> list[str]:
    statements = _configurations(cursor, locales)
    cases = " ".join(f"WHEN {literal(locale)} THEN {literal(config_name(locale))}::regconfig" for locale in locales)
    statements += [
        f"CREATE TABLE {TABLE} (localization_id bigint PRIMARY KEY, page_id bigint NOT NULL,"
        " locale varchar(16) NOT NULL, document tsvector NOT NULL)",
        # Kept in the row (compressed) rather than TOASTed: the planner costs a scan by the
        # table's own pages, and with the documents out of line a table of 300,000 looked so
        # small that it scanned it (reading every document) instead of the locale's GIN index.
        f"ALTER TABLE {TABLE} ALTER COLUMN document SET STORAGE MAIN",
        f"ALTER TABLE {TABLE} SET (parallel_workers = 0)",
        *(
            f"CREATE INDEX {TABLE}_{config_name(locale)[11:]}_{i} ON {TABLE} USING gin (document)"
            f" WHERE locale = {literal(locale)}"
            for i, locale in enumerate(locales)
        ),
        f"CREATE FUNCTION search_config(locale text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE"
        f" AS $$ SELECT CASE locale {cases} ELSE 'simple'::regconfig END $$",
        # The search's ranking, PARALLEL UNSAFE on purpose: a search reads a few dozen rows
        # through the GIN indexes, and starting parallel workers for it took ten times as long.
        "CREATE FUNCTION search_rank(document tsvector, query tsquery) RETURNS real LANGUAGE plpgsql"
        " STABLE PARALLEL UNSAFE AS $$ BEGIN RETURN ts_rank(document, query); END $$",
        "CREATE FUNCTION search_template_blocks(template text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE"
        f" AS $$ {pg_template_blocks()} $$",
        # The blocks in the template's order (the localization's, then the shared ones, as in
        # cms.search.documents), each cut to its bound.
        "CREATE FUNCTION search_block_text(blocks jsonb, names text[]) RETURNS text LANGUAGE sql IMMUTABLE"
        " PARALLEL SAFE AS $$ SELECT CASE WHEN jsonb_typeof(blocks) = 'object' THEN (SELECT"
        f" coalesce(string_agg(left(blocks ->> n.name, {MAX_BLOCK_CHARS}), E'\\n' ORDER BY n.position), '')"
        " FROM unnest(names) WITH ORDINALITY AS n(name, position)"
        " WHERE jsonb_typeof(blocks -> n.name) = 'string') ELSE '' END $$",
        "CREATE FUNCTION search_vector(locale text, template text, name text, blocks jsonb, shared jsonb)"
        " RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$"
        f" SELECT setweight(to_tsvector(search_config(locale), left(coalesce(name, ''), {MAX_NAME_CHARS})), 'A')"
        " || setweight(to_tsvector(search_config(locale), left(search_block_text(blocks,"
        " search_template_blocks(template)) || E'\\n' || search_block_text(shared, search_template_blocks(template)),"
        f" {MAX_DOCUMENT_CHARS})), 'D') $$",
        "CREATE FUNCTION search_localization_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" IF TG_OP <> 'INSERT' THEN DELETE FROM {TABLE} WHERE localization_id = OLD.id; END IF;"
        f" IF TG_OP <> 'DELETE' THEN INSERT INTO {TABLE} (localization_id, page_id, locale, document)"
        " SELECT NEW.id, NEW.page_id, NEW.locale,"
        " search_vector(NEW.locale, p.template, NEW.name, NEW.blocks, p.blocks)"
        f" FROM {PAGES} p WHERE p.id = NEW.page_id; END IF;"
        " RETURN NULL; END $$",
        "CREATE FUNCTION search_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" UPDATE {TABLE} d SET document = search_vector(l.locale, NEW.template, l.name, l.blocks, NEW.blocks)"
        f" FROM {LOCALIZATIONS} l WHERE l.page_id = NEW.id AND d.localization_id = l.id;"
        " RETURN NULL; END $$",
        # `flush` (tests) empties the page tables with TRUNCATE, which fires no row trigger.
        f"CREATE FUNCTION search_pages_truncated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" DELETE FROM {TABLE}; RETURN NULL; END $$",
        f"CREATE TRIGGER search_localization_insert AFTER INSERT ON {LOCALIZATIONS}"
        " FOR EACH ROW EXECUTE FUNCTION search_localization_changed()",
        f"CREATE TRIGGER search_localization_update AFTER UPDATE ON {LOCALIZATIONS} FOR EACH ROW"
        " WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.blocks IS DISTINCT FROM NEW.blocks"
        " OR OLD.locale IS DISTINCT FROM NEW.locale OR OLD.page_id IS DISTINCT FROM NEW.page_id"
        " OR OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION search_localization_changed()",
        f"CREATE TRIGGER search_localization_delete AFTER DELETE ON {LOCALIZATIONS}"
        " FOR EACH ROW EXECUTE FUNCTION search_localization_changed()",
        f"CREATE TRIGGER search_page_update AFTER UPDATE ON {PAGES} FOR EACH ROW"
        # A changed template shows other blocks: the page's documents follow it.
        " WHEN (OLD.blocks IS DISTINCT FROM NEW.blocks OR OLD.template IS DISTINCT FROM NEW.template)"
        " EXECUTE FUNCTION search_page_changed()",
        f"CREATE TRIGGER search_localization_truncate AFTER TRUNCATE ON {LOCALIZATIONS}"
        " FOR EACH STATEMENT EXECUTE FUNCTION search_pages_truncated()",
    ]
    return statements


def drop(cursor: Any) -> None:
    for trigger, on in (
        ("search_localization_insert", LOCALIZATIONS),
        ("search_localization_update", LOCALIZATIONS),
        ("search_localization_delete", LOCALIZATIONS),
        ("search_localization_truncate", LOCALIZATIONS),
        ("search_page_update", PAGES),
    ):
        cursor.execute(f"DROP TRIGGER IF EXISTS {trigger} ON {on}")
    for function in FUNCTIONS:
        cursor.execute(f"DROP FUNCTION IF EXISTS {function}")
    cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
    cursor.execute("SELECT cfgname FROM pg_ts_config WHERE cfgname LIKE 'cms\\_search\\_%%'")
    for (name,) in cursor.fetchall():
        cursor.execute(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}")


def rebuild(cursor: Any, locales: list[str]) -> None:
    cursor.execute(
        f"INSERT INTO {TABLE} (localization_id, page_id, locale, document)"
        f" SELECT l.id, l.page_id, l.locale, search_vector(l.locale, p.template, l.name, l.blocks, p.blocks)"
        f" FROM {LOCALIZATIONS} l JOIN {PAGES} p ON p.id = l.page_id"
    )
    # What the bulk fill left in the GIN indexes' pending lists (every search reads them
    # through until VACUUM merges them) goes into the indexes now.
    cursor.execute(
        "SELECT gin_clean_pending_list(indexrelid) FROM pg_index WHERE indrelid = %s::regclass"
        " AND indexrelid IN (SELECT oid FROM pg_class WHERE relam = (SELECT oid FROM pg_am WHERE amname = 'gin'))",
        [TABLE],
    )
    cursor.execute(f"ANALYZE {TABLE}")
