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

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import OperationalError, connection

from cms.pages.visibility import listed_sql, sql_time
from cms.search import sql
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


def _locale_matches(words: list[str], locales: list[str]) -> tuple[list[str], list[Any]]:
    """One bounded SELECT per locale (localization_id, locale), and their parameters."""
    parts: list[str] = []
    params: list[Any] = []
    for locale in locales:
        if connection.vendor == "postgresql":
            parts.append(sql.pg_matches(locale, MAX_MATCHES_READ))
            params += [locale, " ".join(words)]
        else:
            parts.append(sql.sqlite_matches(locale, MAX_MATCHES_READ))
            params += [locale, _sqlite_match(words, locale)]
    return parts, params


def _ranked(
    words: list[str], locales: list[str], first_locale: str, condition: str, condition_params: list[Any]
) -> list[Hit]:
    """The candidates the condition keeps, best first (a tie: `first_locale`'s, then by page)."""
    matches, params = _locale_matches(words, locales)
    postgresql = connection.vendor == "postgresql"
    statement = sql.ranked(matches, condition, MAX_CANDIDATES, postgresql=postgresql, locales=locales)
    or_params = [" ".join(words) for _ in locales] if postgresql else []
    try:
        rows = sql.read_bounded(
            statement, [*params, *condition_params, *or_params, first_locale],
            timeout_ms=TIMEOUT_MS, progress_steps=PROGRESS_STEPS,
        )  # fmt: skip
    except OperationalError as error:
        if _timed_out(error):
            raise SearchTooSlow from error
        raise
    return [Hit(localization_id, page_id, locale) for localization_id, page_id, locale, _score in rows]


assert sql.HIT_COLUMNS == ("localization_id", "page_id", "locale", "score")


def _timed_out(error: OperationalError) -> bool:
    cause = error.__cause__
    if connection.vendor == "postgresql":
        return getattr(cause, "sqlstate", None) == "57014"  # query_canceled: the statement timeout
    return "interrupted" in str(error)


def admin_hits(words: list[str], *, locales: list[str], first_locale: str) -> list[Hit]:
    """The ranked candidates in every locale but of deleted pages."""
    return _ranked(words, locales, first_locale, sql.NOT_DELETED, [])


def public_hits(words: list[str], *, locale: str, now: datetime) -> list[Hit]:
    """The ranked candidates in `locale` among listed pages not kept out of search (their
    ancestors are not checked here: cms.search.services does that)."""
    condition = sql.listed_and_indexed(listed_sql("p"))
    return _ranked(words, [locale], locale, condition, [sql_time(now), False])


def matched_stems(words: list[str], locales: list[str]) -> dict[str, list[str]]:
    """PostgreSQL: the lexemes each locale's configuration makes of the words (the stems found
    words start with, for the snippets); nothing on SQLite, whose terms cms.search.languages makes."""
    if connection.vendor != "postgresql" or not locales:
        return {}
    params = [value for locale in locales for value in (locale, " ".join(words))]
    stems: dict[str, list[str]] = {locale: [] for locale in locales}
    for locale, stem in sql.read_stems(locales, params):
        stems[locale].append(stem)
    return stems
