"""The search app's SQL (issue 29, item 4): the index is the database's own full-text search,
which the ORM cannot say — FTS5 tables and their triggers on SQLite, a tsvector per
localization with its text search configurations, functions and triggers on PostgreSQL
(cms.search.index says how they are kept), and the ranked reads of both (cms.search.queries).

Each statement is named for what it does and says which parameters (`%s`) it takes, in order;
the values written into a statement are identifiers made here and literals quoted by `literal`.
The searches' reads run here too (`read_bounded`, `read_stems`); the index's installer
(cms.search.index and its two backends) runs its DDL on the one cursor of its transaction.
"""

import re
import time
from typing import Any

from django.db import connection, transaction

from cms.pages.models import Status
from cms.search.documents import MAX_BLOCK_CHARS, MAX_DOCUMENT_CHARS, MAX_NAME_CHARS, template_rule
from cms.search.languages import language

LOCALIZATIONS = "pages_pagelocalization"
PAGES = "pages_page"
STATE_TABLE = "search_index_state"  # the fingerprint of the installed schema
NAME_FUNCTION, DOCUMENT_FUNCTION = "cms_search_name", "cms_search_document"  # SQLite: Python's


def literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


# --- The installed schema's fingerprint (cms.search.index) -----------------------------------

CREATE_STATE = f"CREATE TABLE IF NOT EXISTS {STATE_TABLE} (name varchar(32) PRIMARY KEY, value text NOT NULL)"
READ_FINGERPRINT = f"SELECT value FROM {STATE_TABLE} WHERE name = 'schema'"
FORGET_FINGERPRINT = f"DELETE FROM {STATE_TABLE} WHERE name = 'schema'"
KEEP_FINGERPRINT = f"INSERT INTO {STATE_TABLE} (name, value) VALUES ('schema', %s)"  # the fingerprint
DROP_STATE = f"DROP TABLE IF EXISTS {STATE_TABLE}"


# --- SQLite: one FTS5 table per locale, kept by triggers (cms.search.sqlite_index) -------------

SQLITE_TRIGGERS = (
    "search_localization_insert",
    "search_localization_update",
    "search_localization_delete",
    "search_page_update",
)


def fts_table(locale: str) -> str:
    return "search_fts_" + re.sub(r"[^a-z0-9]", "_", locale.lower())


def _name(name: str, locale: str) -> str:
    return f"{NAME_FUNCTION}({literal(locale)}, {name})"


def _document(template: str, blocks: str, shared_blocks: str, locale: str) -> str:
    return f"{DOCUMENT_FUNCTION}({literal(locale)}, {template}, {blocks}, {shared_blocks})"


def sqlite_schema(locales: list[str]) -> list[str]:
    """The FTS5 tables and the triggers that keep them."""
    statements = [
        f"CREATE VIRTUAL TABLE {fts_table(locale)}"
        f' USING fts5(name, body, tokenize="{language(locale).sqlite_tokenizer}")'
        for locale in locales
    ]
    template = f"(SELECT template FROM {PAGES} WHERE id = NEW.page_id)"
    shared = f"(SELECT blocks FROM {PAGES} WHERE id = NEW.page_id)"

    def insert(locale: str) -> str:
        return (
            f"INSERT INTO {fts_table(locale)} (rowid, name, body)"
            f" SELECT NEW.id, {_name('NEW.name', locale)}, {_document(template, 'NEW.blocks', shared, locale)}"
            f" WHERE NEW.locale = {literal(locale)};"
        )

    deletes = " ".join(f"DELETE FROM {fts_table(locale)} WHERE rowid = OLD.id;" for locale in locales)
    inserts = " ".join(insert(locale) for locale in locales)
    page_updates = " ".join(
        f"UPDATE {fts_table(locale)} SET body = (SELECT {_document('NEW.template', 'l.blocks', 'NEW.blocks', locale)}"
        f" FROM {LOCALIZATIONS} l WHERE l.id = {fts_table(locale)}.rowid)"
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


def sqlite_drop_trigger(trigger: str) -> str:
    return f"DROP TRIGGER IF EXISTS {trigger}"


# The FTS5 tables there are (one column: the name), whatever locales made them.
SQLITE_FTS_TABLES = (
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE search_fts_%'"
)


def drop_table(name: str) -> str:
    return f"DROP TABLE IF EXISTS {name}"


def sqlite_fill(locale: str) -> list[str]:
    """Fill a locale's table from the localizations (one parameter: the locale, for the second)."""
    table = fts_table(locale)
    return [
        # A bulk fill merges nothing on the way, then everything once: one b-tree per table,
        # which also makes each search read one segment instead of dozens.
        f"INSERT INTO {table} ({table}, rank) VALUES ('automerge', 0)",
        f"INSERT INTO {table} (rowid, name, body)"
        f" SELECT l.id, {_name('l.name', locale)}, {_document('p.template', 'l.blocks', 'p.blocks', locale)}"
        f" FROM {LOCALIZATIONS} l JOIN {PAGES} p ON p.id = l.page_id WHERE l.locale = %s",
        f"INSERT INTO {table} ({table}) VALUES ('optimize')",
        f"INSERT INTO {table} ({table}, rank) VALUES ('automerge', 4)",
    ]


# --- PostgreSQL: a tsvector per localization, kept by triggers (cms.search.postgres_index) -----

DOCUMENTS = "search_document"
PG_FUNCTIONS = (
    "search_config(text)",
    "search_rank(tsvector, tsquery)",
    "search_template_blocks(text)",
    "search_block_text(jsonb, text[])",
    "search_vector(text, text, text, jsonb, jsonb)",
    "search_localization_changed()",
    "search_page_changed()",
    "search_pages_truncated()",
)
PG_TRIGGERS = (
    ("search_localization_insert", LOCALIZATIONS),
    ("search_localization_update", LOCALIZATIONS),
    ("search_localization_delete", LOCALIZATIONS),
    ("search_localization_truncate", LOCALIZATIONS),
    ("search_page_update", PAGES),
)
UNACCENT_INSTALLED = "SELECT 1 FROM pg_extension WHERE extname = 'unaccent'"
UNACCENT_AVAILABLE = "SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent'"
UNACCENT_TRY, UNACCENT_UNDO, UNACCENT_DONE = (
    "SAVEPOINT search_unaccent",
    "ROLLBACK TO SAVEPOINT search_unaccent",
    "RELEASE SAVEPOINT search_unaccent",
)
CREATE_UNACCENT = "CREATE EXTENSION IF NOT EXISTS unaccent"
TS_CONFIG_EXISTS = "SELECT 1 FROM pg_ts_config WHERE cfgname = %s"  # the configuration's name
OUR_TS_CONFIGS = "SELECT cfgname FROM pg_ts_config WHERE cfgname LIKE 'cms\\_search\\_%%'"


def config_name(locale: str) -> str:
    return "cms_search_" + re.sub(r"[^a-z0-9]", "_", language(locale).code)


def ts_configuration(name: str, source: str) -> str:
    return f"CREATE TEXT SEARCH CONFIGURATION {name} (COPY = pg_catalog.{source})"


def ts_unaccent_first(name: str, dictionary: str) -> str:
    return (
        f"ALTER TEXT SEARCH CONFIGURATION {name} ALTER MAPPING FOR hword, hword_part, word WITH unaccent, {dictionary}"
    )


def drop_ts_configuration(name: str) -> str:
    return f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}"


def pg_drop_trigger(trigger: str, on: str) -> str:
    return f"DROP TRIGGER IF EXISTS {trigger} ON {on}"


def pg_drop_function(function: str) -> str:
    return f"DROP FUNCTION IF EXISTS {function}"


def template_blocks() -> str:
    """The body of search_template_blocks(template): cms.search.documents' lists, as SQL."""

    def array(names: tuple[str, ...]) -> str:
        return "ARRAY[" + ", ".join(literal(name) for name in names) + "]::text[]" if names else "ARRAY[]::text[]"

    rule = template_rule()
    cases = " ".join(f"WHEN {literal(name)} THEN {array(names)}" for name, names in rule.items() if name)
    return f"SELECT CASE template {cases} ELSE {array(rule[''])} END"


def pg_schema(locales: list[str]) -> list[str]:
    """The documents' table, its GIN index per locale, the functions and the triggers that keep it
    (after the text search configurations)."""
    cases = " ".join(f"WHEN {literal(locale)} THEN {literal(config_name(locale))}::regconfig" for locale in locales)
    return [
        f"CREATE TABLE {DOCUMENTS} (localization_id bigint PRIMARY KEY, page_id bigint NOT NULL,"
        " locale varchar(16) NOT NULL, document tsvector NOT NULL)",
        # Kept in the row (compressed) rather than TOASTed: the planner costs a scan by the
        # table's own pages, and with the documents out of line a table of 300,000 looked so
        # small that it scanned it (reading every document) instead of the locale's GIN index.
        f"ALTER TABLE {DOCUMENTS} ALTER COLUMN document SET STORAGE MAIN",
        f"ALTER TABLE {DOCUMENTS} SET (parallel_workers = 0)",
        *(
            f"CREATE INDEX {DOCUMENTS}_{config_name(locale)[11:]}_{i} ON {DOCUMENTS} USING gin (document)"
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
        f" AS $$ {template_blocks()} $$",
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
        f" IF TG_OP <> 'INSERT' THEN DELETE FROM {DOCUMENTS} WHERE localization_id = OLD.id; END IF;"
        f" IF TG_OP <> 'DELETE' THEN INSERT INTO {DOCUMENTS} (localization_id, page_id, locale, document)"
        " SELECT NEW.id, NEW.page_id, NEW.locale,"
        " search_vector(NEW.locale, p.template, NEW.name, NEW.blocks, p.blocks)"
        f" FROM {PAGES} p WHERE p.id = NEW.page_id; END IF;"
        " RETURN NULL; END $$",
        "CREATE FUNCTION search_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" UPDATE {DOCUMENTS} d SET document = search_vector(l.locale, NEW.template, l.name, l.blocks, NEW.blocks)"
        f" FROM {LOCALIZATIONS} l WHERE l.page_id = NEW.id AND d.localization_id = l.id;"
        " RETURN NULL; END $$",
        # `flush` (tests) empties the page tables with TRUNCATE, which fires no row trigger.
        f"CREATE FUNCTION search_pages_truncated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" DELETE FROM {DOCUMENTS}; RETURN NULL; END $$",
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


# Fill the table from the localizations, then what the bulk fill left in the GIN indexes'
# pending lists (every search reads them through until VACUUM merges them) into the indexes.
PG_FILL = (
    f"INSERT INTO {DOCUMENTS} (localization_id, page_id, locale, document)"
    f" SELECT l.id, l.page_id, l.locale, search_vector(l.locale, p.template, l.name, l.blocks, p.blocks)"
    f" FROM {LOCALIZATIONS} l JOIN {PAGES} p ON p.id = l.page_id"
)
PG_CLEAN_PENDING = (  # the table's name
    "SELECT gin_clean_pending_list(indexrelid) FROM pg_index WHERE indrelid = %s::regclass"
    " AND indexrelid IN (SELECT oid FROM pg_class WHERE relam = (SELECT oid FROM pg_am WHERE amname = 'gin'))"
)
PG_ANALYZE = f"ANALYZE {DOCUMENTS}"


# --- The ranked reads (cms.search.queries) ------------------------------------------------------


def statement_timeout(ms: int) -> str:
    """PostgreSQL: this transaction's statements stop after `ms` milliseconds."""
    return f"SET LOCAL statement_timeout = {int(ms)}"


DEFAULT_TIMEOUT = "SET LOCAL statement_timeout TO DEFAULT"


def pg_matches(locale: str, limit: int) -> str:
    """(localization_id, locale) of at most `limit` documents in `locale` holding every word, in
    the index's order. Parameters: the locale, the words (one text)."""
    return (
        f"(SELECT localization_id, locale FROM {DOCUMENTS}"
        f" WHERE locale = %s AND document @@ plainto_tsquery('{config_name(locale)}', %s) LIMIT {limit})"
    )


def sqlite_matches(locale: str, limit: int) -> str:
    """(localization_id, locale, score) of at most `limit` rows of `locale`'s table matching, the
    newest first; bm25 weighs the name 10 to the body 1. Parameters: the locale, the FTS5 query."""
    table = fts_table(locale)
    return (
        f"SELECT * FROM (SELECT rowid AS localization_id, %s AS locale, -bm25({table}, 10.0, 1.0) AS score"
        f" FROM {table} WHERE {table} MATCH %s ORDER BY rowid DESC LIMIT {limit})"
    )


def ranked(matches: list[str], condition: str, limit: int, *, postgresql: bool, locales: list[str]) -> str:
    """(localization_id, page_id, locale, score) of the first `limit` matches (pg_matches or
    sqlite_matches, each locale's) whose page `condition` (over `p`) keeps, best first (a tie: the
    first locale's, then by page). Parameters: the matches', the condition's, on PostgreSQL the
    words once per locale (ranked OR-ed), then the first locale."""
    candidates = (
        f"SELECT m.*, l.page_id FROM ({' UNION ALL '.join(matches)}) m"
        f" JOIN {LOCALIZATIONS} l ON l.id = m.localization_id"
        f" JOIN {PAGES} p ON p.id = l.page_id WHERE {condition} LIMIT {int(limit)}"
    )
    order = "ORDER BY score DESC, CASE WHEN c.locale = %s THEN 0 ELSE 1 END, c.page_id, c.locale"
    if not postgresql:
        return f"SELECT c.localization_id, c.page_id, c.locale, c.score FROM ({candidates}) c {order}"
    # The AND query's words OR-ed: ts_rank's cost then grows with the places of each word, not
    # with the pairs of them.
    or_queries = " ".join(
        f"WHEN {literal(locale)} THEN"
        f" replace(plainto_tsquery('{config_name(locale)}', %s)::text, ' & ', ' | ')::tsquery"
        for locale in locales
    )
    return (
        f"WITH c AS MATERIALIZED ({candidates})"
        f" SELECT c.localization_id, c.page_id, c.locale, search_rank(d.document, q.query) AS score"
        f" FROM c JOIN {DOCUMENTS} d ON d.localization_id = c.localization_id"
        f" CROSS JOIN LATERAL (SELECT (CASE c.locale {or_queries} END) AS query) q {order}"
    )


HIT_COLUMNS = ("localization_id", "page_id", "locale", "score")
# Whose pages a search finds (over `p`): the admin's, every page but deleted ones; the site's,
# the listed ones (cms.pages.visibility's `listed`, its `%s` now) not kept out of search (`%s`: False).
NOT_DELETED = f"p.status <> {Status.DELETED}"


def listed_and_indexed(listed: str) -> str:
    return f"{listed} AND p.skip_index = %s"


def stems(locales: list[str]) -> str:
    """PostgreSQL: (locale, lexeme) of what each locale's configuration makes of the words.
    Parameters: per locale, the locale and the words (one text)."""
    return " UNION ALL ".join(
        f"SELECT %s, unnest(tsvector_to_array(to_tsvector('{config_name(locale)}', %s)))" for locale in locales
    )


# --- Running the reads (cms.search.queries) ------------------------------------------------------


def read_bounded(statement: str, params: list[Any], *, timeout_ms: int, progress_steps: int) -> list[tuple]:
    """`statement`'s rows, stopped at `timeout_ms` (an OperationalError, cms.search.queries tells
    it apart): on PostgreSQL in a transaction of its own (statement_timeout, SET LOCAL), on
    SQLite outside any (its transactions start with the write lock, which a search must not take
    from the editors' saves), a progress handler called every `progress_steps` steps."""
    if connection.vendor == "postgresql":
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement_timeout(timeout_ms))
            cursor.execute(statement, params)
            rows = cursor.fetchall()
            # Inside a request's own transaction this block is a savepoint, whose release
            # would keep the timeout for the rest of the request.
            cursor.execute(DEFAULT_TIMEOUT)
            return rows
    deadline = time.monotonic() + timeout_ms / 1000
    connection.ensure_connection()
    raw = connection.connection
    raw.set_progress_handler(lambda: time.monotonic() > deadline, progress_steps)
    try:
        with connection.cursor() as cursor:
            cursor.execute(statement, params)
            return cursor.fetchall()
    finally:
        raw.set_progress_handler(None, 0)


def read_stems(locales: list[str], params: list[Any]) -> list[tuple[str, str]]:
    """PostgreSQL: stems' rows, (locale, lexeme)."""
    with connection.cursor() as cursor:
        cursor.execute(stems(locales), params)
        return cursor.fetchall()
