"""Who may see a page: the one rule, as a Python predicate and as an SQL expression.

A page is *listed* (menus, news lists, feeds, the sitemap) when it is published (status 2) and
its `published_at` has come, so a future date publishes it by itself. It is *visible* (its
address answers) when it is listed or hidden (status 3: reachable by its address, never
listed). A page is *reachable* when it and every page above it are visible: a published page
under a draft answers 404, and so do the files only it offers.

Every reader asks here — the site, the tree's reachability, downloads, feeds, the sitemap and
news lists — so the two forms are tested against each other (tests/test_visibility.py).
"""

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from cms.pages import sql
from cms.pages.models import Status


def is_listed(status: int, published_at: Any, now: datetime) -> bool:
    when = as_datetime(published_at)
    return status == Status.PUBLISHED and when is not None and when <= now


def is_visible(status: int, published_at: Any, now: datetime) -> bool:
    return status == Status.HIDDEN or is_listed(status, published_at, now)


def may_be_seen(status: int) -> bool:
    """Whether visitors see a page with this status now or may later without anyone writing it
    again: visible or due later (published with a date to come), or published under a page not
    yet published (it is reachable the moment that page is). What a holder of `submit` alone may
    not write (cms.pages.rights.require_write): every page visitors can reach is one of these."""
    return status in (Status.PUBLISHED, Status.HIDDEN)


def listed_sql(alias: str) -> str:
    """SQL that is true for a listed page (alias: the page table's); one `%s`: now."""
    return f"({alias}.status = {Status.PUBLISHED} AND {alias}.published_at <= %s)"


def visible_sql(alias: str) -> str:
    """SQL that is true for a visible page (alias: the page table's); one `%s`: now."""
    return f"({alias}.status = {Status.HIDDEN} OR {listed_sql(alias)})"


def shown_sql(alias: str) -> str:
    """visible_sql as 1 or 0, for a walk that carries it (cms.pages.sql.up_to_unshown)."""
    return f"CASE WHEN {visible_sql(alias)} THEN 1 ELSE 0 END"


def due_later_sql(alias: str) -> str:
    """SQL that is true for a page that publishes itself later (published, its date still to
    come: it becomes listed then, by the rule above); one `%s`: now."""
    return f"({alias}.status = {Status.PUBLISHED} AND {alias}.published_at > %s)"


def sql_time(now: datetime) -> Any:
    """`now` as the database compares it with a stored date."""
    return connection.ops.adapt_datetimefield_value(now)


def reachable_ids(page_ids: Iterable[int], now: datetime) -> set[int]:
    """Return the pages of `page_ids` that visitors can reach, in one query."""
    ids = ",".join(str(int(page_id)) for page_id in page_ids)
    if not ids:
        return set()
    when = sql_time(now)
    return sql.read_reachable(ids, shown_sql("p"), [when, when])


def as_datetime(value: Any) -> datetime | None:
    """A date as the database driver gives it (text on SQLite, a datetime on PostgreSQL)."""
    if value is None or isinstance(value, datetime):
        return value if value is None or timezone.is_aware(value) else value.replace(tzinfo=UTC)
    try:
        parsed = parse_datetime(str(value).replace("Z", "+00:00").replace(" ", "T"))
    except ValueError:  # the shape of a date, not a real one
        return None
    if parsed is None:
        return None
    try:  # in UTC, or not at all: "0001-01-01T00:00+14:00" is a date before the first
        return parsed.astimezone(UTC) if timezone.is_aware(parsed) else parsed.replace(tzinfo=UTC)
    except OverflowError:
        return None
