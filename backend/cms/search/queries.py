"""The index's reads: the ranked matches of a search, in SQL for SQLite (FTS5) and PostgreSQL.

A search is a list of words, each required (AND). SQLite finds each word whole or, from three
letters on, as the start of a longer word ("bil" finds "biler"); PostgreSQL finds words by their
stems in the locale's language. Names weigh more than text: bm25 weights name 10 to body 1 on
SQLite; on PostgreSQL the name's lexemes carry weight A (1.0) and the text's D (0.1).
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection

from cms.pages.models import Page, PageLocalization, Status
from cms.pages.visibility import listed_sql, sql_time
from cms.search import postgres_index, sqlite_index
from cms.search.languages import normalised

MIN_PREFIX = 3


@dataclass(frozen=True)
class Hit:
    localization_id: int
    page_id: int
    locale: str


def _sqlite_match(words: list[str], locale: str) -> str:
    # Each word quoted as an FTS5 string: whatever it holds is text, never query syntax.
    terms = []
    for word in words:
        text = normalised(word, locale).replace('"', '""')
        terms.append(f'"{text}"' + ("*" if len(word) >= MIN_PREFIX else ""))
    return " ".join(terms)


def _locale_hits(words: list[str], locales: list[str]) -> tuple[str, list[Any]]:
    """One SELECT per locale (localization_id, locale, score: higher is better), UNION ALL."""
    parts: list[str] = []
    params: list[Any] = []
    for locale in locales:
        if connection.vendor == "postgresql":
            config = postgres_index.config_name(locale)
            query = f"plainto_tsquery('{config}', %s)"
            parts.append(
                f"SELECT localization_id, locale, search_rank(document, {query}) AS score"
                f" FROM {postgres_index.TABLE} WHERE locale = %s AND document @@ {query}"
            )
            params += [" ".join(words), locale, " ".join(words)]
        else:
            table = sqlite_index.table(locale)
            parts.append(
                f"SELECT rowid AS localization_id, %s AS locale, -bm25({table}, 10.0, 1.0) AS score"
                f" FROM {table} WHERE {table} MATCH %s"
            )
            params += [locale, _sqlite_match(words, locale)]
    return " UNION ALL ".join(parts), params


def _ranked(words: list[str], locales: list[str], condition: str, condition_params: list[Any]) -> tuple[str, list]:
    hits, params = _locale_hits(words, locales)
    sql = (
        f"WITH hits AS ({hits})"
        " SELECT h.localization_id, l.page_id, h.locale, COUNT(*) OVER () AS total"
        f" FROM hits h JOIN {PageLocalization._meta.db_table} l ON l.id = h.localization_id"
        f" JOIN {Page._meta.db_table} p ON p.id = l.page_id WHERE {condition}"
    )
    return sql, [*params, *condition_params]


def _order(first_locale: str) -> tuple[str, list[Any]]:
    # Best score first; in a tie the address's locale, then the page and locale for a stable order.
    return " ORDER BY h.score DESC, CASE WHEN h.locale = %s THEN 0 ELSE 1 END, l.page_id, h.locale", [first_locale]


def admin_hits(
    words: list[str], *, locales: list[str], first_locale: str, limit: int, offset: int
) -> tuple[list[Hit], int]:
    """One page of the matches in every locale but of deleted pages, and how many there are."""
    sql, params = _ranked(words, locales, f"p.status <> {Status.DELETED}", [])
    order, order_params = _order(first_locale)
    with connection.cursor() as cursor:
        cursor.execute(f"{sql}{order} LIMIT %s OFFSET %s", [*params, *order_params, limit, offset])
        rows = cursor.fetchall()
        if rows:
            return [Hit(row[0], row[1], row[2]) for row in rows], rows[0][3]
        if not offset:
            return [], 0
        cursor.execute(f"SELECT COUNT(*) FROM ({sql}) counted", params)  # past the end: the total alone
        return [], cursor.fetchone()[0]


def public_hits(words: list[str], *, locale: str, now: datetime, limit: int) -> list[Hit]:
    """The best `limit` matches in `locale` among listed pages not kept out of search (their
    ancestors are not checked here: cms.search.services does that)."""
    condition = f"{listed_sql('p')} AND p.skip_index = %s"
    sql, params = _ranked(words, [locale], condition, [sql_time(now), False])
    order, order_params = _order(locale)
    with connection.cursor() as cursor:
        cursor.execute(f"{sql}{order} LIMIT %s", [*params, *order_params, limit])
        return [Hit(row[0], row[1], row[2]) for row in cursor.fetchall()]


def matched_stems(words: list[str], locales: list[str]) -> dict[str, list[str]]:
    """PostgreSQL: the lexemes each locale's configuration makes of the words (the stems found
    words start with, for the snippets); nothing on SQLite, whose matches are the words."""
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
