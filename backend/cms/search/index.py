"""The search index: tables and triggers the database keeps by itself.

Each page's text in a locale (its name; the text of the blocks its template shows, localized
and shared, bounded: cms.search.documents) is indexed by triggers on
`pages_pagelocalization` and `pages_page`. The index therefore changes in the save's own
transaction, whatever code writes the rows (services, imports, bulk loads, `flush`), and the
editor's save sends no statement more.

- SQLite: one FTS5 table per configured locale (`search_fts_<locale>`, rowid = the localization's
  id), each with its language's tokenizer (cms.search.languages), filled with the terms
  cms.search.documents makes (stems, by Python functions the triggers call).
- PostgreSQL: one table `search_document` (localization id, page id, locale, tsvector) with a GIN
  index per locale; each locale's text search configuration `cms_search_<language>` is a copy of
  its Snowball configuration, with `unaccent` first where the language folds accents and the
  extension can be had.

`install` runs after every `migrate` and when the test database is made (pytest runs no
migrations): it compares a fingerprint of the schema it would create with the one stored in
`search_index_state` and, when they differ (first run, locales or this code changed), drops,
creates and fills everything in one transaction. Nothing here is a Django model: exports skip it
and imports refill it through the triggers.
"""

import hashlib
from importlib.metadata import version
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from cms.search import postgres_index, sql, sqlite_index
from cms.search.documents import template_rule

STATE_TABLE = sql.STATE_TABLE


def install_after_migrate(sender: Any, using: str = DEFAULT_DB_ALIAS, **kwargs: Any) -> None:
    install(connections[using])


def configured_locales() -> list[str]:
    return list(settings.CMS_LOCALES)


def _backend(connection: BaseDatabaseWrapper) -> Any:
    return postgres_index if connection.vendor == "postgresql" else sqlite_index


def install(connection: BaseDatabaseWrapper, *, force: bool = False) -> bool:
    """Create or update the index's tables and triggers and fill them; True when it (re)built.

    Idempotent: with an unchanged schema it asks one question and leaves everything as it is.
    """
    backend = _backend(connection)
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        cursor.execute(sql.CREATE_STATE)
        statements = backend.schema(cursor, configured_locales())
        # The template rule and the stemmer's version too: SQLite's documents follow them in
        # Python, where no statement shows them.
        rules = [repr(template_rule()), version("snowballstemmer")]
        fingerprint = hashlib.sha256("\n".join([*statements, *rules]).encode()).hexdigest()
        cursor.execute(sql.READ_FINGERPRINT)
        row = cursor.fetchone()
        if row and row[0] == fingerprint and not force:
            return False
        backend.drop(cursor)
        for statement in statements:
            cursor.execute(statement)
        backend.rebuild(cursor, configured_locales())
        cursor.execute(sql.FORGET_FINGERPRINT)
        cursor.execute(sql.KEEP_FINGERPRINT, [fingerprint])
    return True


def uninstall(connection: BaseDatabaseWrapper) -> None:
    """Drop the index and its triggers (bulk loads: load, then `install(force=True)` once)."""
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        _backend(connection).drop(cursor)
        cursor.execute(sql.DROP_STATE)
