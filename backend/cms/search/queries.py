"""The index's reads: the ranked matches of a search, in SQL for SQLite (FTS5) and PostgreSQL.

A search is a list of words, each required (AND), found by their stems in the locale's language
(cms.search.languages). Names weigh more than text: bm25 weights name 10 to body 1 on SQLite; on
PostgreSQL the name's lexemes carry weight A (1.0) and the text's D (0.1).

What one search costs is bounded whatever the content (issue 28): per locale at most
MAX_MATCHES_READ matches are read from the index (newest rows first on SQLite, the index's order
on PostgreSQL), of those the first MAX_CANDIDATES the page rules keep are ranked, and nothing
else. A search that common is refined, not paged through: the best of a bounded set is shown, and
`total` counts that set. PostgreSQL ranks with the words OR-ed (ts_rank of an AND query compares
every pair of places of every pair of words: seconds for a dozen common words over long pages),
each search under a statement timeout; SQLite's reads stop at the same deadline (a progress
handler). Past it, `SearchTooSlow`.
"""

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import OperationalError, connection, transaction

from cms.pages.models import Page, PageLocalization, Status
from cms.pages.visibility import listed_sql, sql_time
from cms.search import postgres_index, sqlite_index
from cms.search.languages import term

MAX_MATCHES_READ = 500
MAX_CANDIDATES = 500
TIMEOUT_MS = 2_000
# SQLite calls the deadline check every this many virtual machine steps (a few microseconds).
PROGRESS_STEPS = 10_000


class SearchTooSlow(Exception):
    """The search ran past TIMEOUT_MS and was stopped: nothing was found in time."""


@dataclass(frozen=True)
class Hit:
    localization_id: int
    page_id: int
    locale: str


def _sqlite_match(words: list[str], locale: str) -> str:
    # Each term quoted as an FTS5 string: whatever it holds is text, never query syntax.
    quoted = dict.fromkeys('"' + term(word, locale).replace('"', '""') + '"' for word in words)
    return " ".join(quoted)


def _locale_matches(words: list[str], locales: list[str]) -> tuple[str, list[Any]]:
    """One bounded SELECT per locale (localization_id, locale), UNION ALL."""
    parts: list[str] = []
    params: list[Any] = []
    for locale in locales:
        if connection.vendor == "postgresql":
            config = postgres_index.config_name(locale)
            parts.append(
                f"(SELECT localization_id, locale FROM {postgres_index.TABLE}"
                f" WHERE locale = %s AND document @@ plainto_tsquery('{config}', %s) LIMIT {MAX_MATCHES_READ})"
            )
            params += [locale, " ".join(words)]
        else:
            table = sqlite_index.table(locale)
            parts.append(
                f"SELECT * FROM (SELECT rowid AS localization_id, %s AS locale, -bm25({table}, 10.0, 1.0) AS score"
                f" FROM {table} WHERE {table} MATCH %s ORDER BY rowid DESC LIMIT {MAX_MATCHES_READ})"
            )
            params += [locale, _sqlite_match(words, locale)]
    return " UNION ALL ".join(parts), params


def _ranked(
    words: list[str], locales: list[str], first_locale: str, condition: str, condition_params: list[Any]
) -> list[Hit]:
    """The candidates the condition keeps, best first (a tie: `first_locale`'s, then by page)."""
    matches, params = _locale_matches(words, locales)
    candidates = (
        f"SELECT m.*, l.page_id FROM ({matches}) m JOIN {PageLocalization._meta.db_table} l ON l.id = m.localization_id"
        f" JOIN {Page._meta.db_table} p ON p.id = l.page_id WHERE {condition} LIMIT {MAX_CANDIDATES}"
    )
    order = "ORDER BY score DESC, CASE WHEN c.locale = %s THEN 0 ELSE 1 END, c.page_id, c.locale"
    if connection.vendor == "postgresql":
        sql = (
            f"WITH c AS MATERIALIZED ({candidates})"
            f" SELECT c.localization_id, c.page_id, c.locale, search_rank(d.document, q.query) AS score"
            f" FROM c JOIN {postgres_index.TABLE} d ON d.localization_id = c.localization_id"
            f" CROSS JOIN LATERAL (SELECT (CASE c.locale {_or_queries(locales)} END) AS query) q {order}"
        )
        or_params = [" ".join(words) for _ in locales]
        params = [*params, *condition_params, *or_params, first_locale]
    else:
        sql = f"SELECT c.localization_id, c.page_id, c.locale, c.score FROM ({candidates}) c {order}"
        params = [*params, *condition_params, first_locale]
    with _bounded() as cursor:
        cursor.execute(sql, params)
        return [Hit(row[0], row[1], row[2]) for row in cursor.fetchall()]


def _or_queries(locales: list[str]) -> str:
    # The AND query's words OR-ed: ts_rank's cost then grows with the places of each word, not
    # with the pairs of them.
    return " ".join(
        f"WHEN {sqlite_index.literal(locale)} THEN"
        f" replace(plainto_tsquery('{postgres_index.config_name(locale)}', %s)::text, ' & ', ' | ')::tsquery"
        for locale in locales
    )


@contextmanager
def _bounded() -> Iterator[Any]:
    """A cursor whose statements stop at TIMEOUT_MS (SearchTooSlow): on PostgreSQL in a
    transaction of its own (SET LOCAL), on SQLite outside any (its transactions start with the
    write lock, which a search must not take from the editors' saves)."""
    try:
        if connection.vendor == "postgresql":
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL statement_timeout = {TIMEOUT_MS}")
                yield cursor
                # Inside a request's own transaction this block is a savepoint, whose release
                # would keep the timeout for the rest of the request.
                cursor.execute("SET LOCAL statement_timeout TO DEFAULT")
        else:
            deadline = time.monotonic() + TIMEOUT_MS / 1000
            connection.ensure_connection()
            raw = connection.connection
            raw.set_progress_handler(lambda: time.monotonic() > deadline, PROGRESS_STEPS)
            try:
                with connection.cursor() as cursor:
                    yield cursor
            finally:
                raw.set_progress_handler(None, 0)
    except OperationalError as error:
        if _timed_out(error):
            raise SearchTooSlow from error
        raise


def _timed_out(error: OperationalError) -> bool:
    cause = error.__cause__
    if connection.vendor == "postgresql":
        return getattr(cause, "sqlstate", None) == "57014"  # query_canceled: the statement timeout
    return "interrupted" in str(error)


def admin_hits(words: list[str], *, locales: list[str], first_locale: str) -> list[Hit]:
    """The ranked candidates in every locale but of deleted pages."""
    return _ranked(words, locales, first_locale, f"p.status <> {Status.DELETED}", [])


def public_hits(words: list[str], *, locale: str, now: datetime) -> list[Hit]:
    """The ranked candidates in `locale` among listed pages not kept out of search (their
    ancestors are not checked here: cms.search.services does that)."""
    condition = f"{listed_sql('p')} AND p.skip_index = %s"
    return _ranked(words, [locale], locale, condition, [sql_time(now), False])


def matched_stems(words: list[str], locales: list[str]) -> dict[str, list[str]]:
    """PostgreSQL: the lexemes each locale's configuration makes of the words (the stems found
    words start with, for the snippets); nothing on SQLite, whose terms cms.search.languages makes."""
    if connection.vendor != "postgresql" or not locales:
        return {}
    parts = [
        f"SELECT %s, unnest(tsvector_to_array(to_tsvector('{postgres_index.config_name(locale)}', %s)))"
        for locale in locales
    ]
    params = [value for locale in locales for value in (locale, " ".join(words))]
    stems: dict[str, list[str]] = {locale: [] for locale in locales}
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), params)
        for locale, stem in cursor.fetchall():
            stems[locale].append(stem)
    return stems
