"""The news archive's SQL (cms.pages.dated.services): its counts per month.

SQL: the ORM's TruncMonth runs, on SQLite, a Python function per row (django_datetime_trunc,
with the time zone's rules): 10,000 articles cost 400 ms. The month as text from each row's
date is the database's own work (to_char / strftime), a few milliseconds.
"""

from django.db import connection


def month_counts(articles_sql: str, *, utc: bool) -> str:
    """Articles per month ('YYYY-MM' in the site's zone) from the articles' query (its SQL as
    the ORM writes it). Params: one `%s`, the zone's name on PostgreSQL, on SQLite its offset
    now ('+60 minutes': exact for a site in UTC, the default), then the query's own."""
    if connection.vendor == "postgresql":
        month = "to_char(a.published_at AT TIME ZONE %s, 'YYYY-MM')"
    elif utc:  # the stored text's own first seven characters: 'YYYY-MM-DD hh:mm:ss'
        month = "substr(a.published_at, 1, 7 + 0 * length(%s))"
    else:
        month = "strftime('%%Y-%%m', a.published_at, %s)"
    return f"SELECT {month} AS m, COUNT(*) FROM ({articles_sql}) a GROUP BY m ORDER BY m"


def read_month_counts(articles_sql: str, params: list, *, utc: bool) -> list[tuple[str, int]]:
    """month_counts' rows, ('YYYY-MM', articles); `params` as it says (the package's only cursor)."""
    with connection.cursor() as cursor:
        cursor.execute(month_counts(articles_sql, utc=utc), params)
        return cursor.fetchall()
