"""One round of external link checks, the task's body (cms.pages.linkcheck.tasks): the links the
pages' texts hold (cms.pages.models.ExternalReference, kind "link", kept by the page save) get a
LinkCheck row each; the rows never checked or checked longest ago (older than
CMS_LINK_CHECK_RECHECK_HOURS) are claimed, a bounded batch of them, checked (cms.pages.linkcheck.
pacing) and their outcome stored with its time.

Rounds may run at once on several workers (a task run twice, two workers that queued one each):
a round claims each row it checks for a while (`claimed_until`, per row, a conditional update),
so no address is checked by two; a round whose worker died leaves its claims to expire.
"""

import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.utils import timezone

from cms.pages.linkcheck.fetching import Outcome
from cms.pages.linkcheck.models import LinkCheck, is_broken, url_key
from cms.pages.linkcheck.pacing import check_many, interleaved
from cms.pages.models import ExternalReference

# Rows of addresses no page links any more, deleted per round at most (the rest next round).
PRUNE_PER_ROUND = 1_000
# The links the pages' texts hold.
_linked = ExternalReference.objects.filter(kind="link")
# How many due rows a round reads to choose its batch from (spread over hosts).
CANDIDATES_PER_BATCH = 4


@dataclass(frozen=True)
class RoundDone:
    checked: int
    more_due: bool  # rows still due after this round: the next goes at once


def add_new_addresses(limit: int) -> int:
    """Give up to `limit` linked addresses without a row one (never checked); return how many."""
    new = _unmatched(_linked, LinkCheck.objects.all()).order_by().values_list("url", "host").distinct()[:limit]
    rows = [LinkCheck(url=url, url_hash=url_key(url), host=host) for url, host in new]
    LinkCheck.objects.bulk_create(rows, ignore_conflicts=True)  # another round's may be there
    return len(rows)


def prune_unlinked() -> int:
    """Delete rows of addresses no text links any more (a bounded number); return how many."""
    unlinked = _unmatched(LinkCheck.objects.all(), _linked)
    gone = list(unlinked.values_list("pk", flat=True)[:PRUNE_PER_ROUND])
    if gone:
        LinkCheck.objects.filter(pk__in=gone).delete()
    return len(gone)


def stale_before(now: datetime) -> datetime:
    """Checks older than this are due again."""
    return now - timedelta(hours=settings.CMS_LINK_CHECK_RECHECK_HOURS)


def _due(now: datetime, checked_before: datetime) -> Q:
    unclaimed = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    return (Q(checked_at__isnull=True) | Q(checked_at__lt=checked_before)) & unclaimed


def claim_due(now: datetime, limit: int, checked_before: datetime) -> list[LinkCheck]:
    """Claim up to `limit` due rows, never checked first, then the oldest checks, at most
    `per_host` of one host (a batch of one host's links would wait on its rate alone)."""
    due = _due(now, checked_before)
    candidates = LinkCheck.objects.filter(due).order_by(F("checked_at").asc(nulls_first=True), "pk")
    per_host = max(1, int(settings.CMS_LINK_CHECK_PER_HOST_PER_SECOND * settings.CMS_LINK_CHECK_BATCH_SECONDS / 4))
    taken: dict[str, int] = {}
    claimed: list[LinkCheck] = []
    lease = timedelta(seconds=settings.CMS_TASK_STALE_SECONDS)
    for row in candidates.only("pk", "url", "host")[: limit * CANDIDATES_PER_BATCH]:
        if len(claimed) >= limit or taken.get(row.host, 0) >= per_host:
            continue
        # Claimed by this round only if no other round took it meanwhile.
        if LinkCheck.objects.filter(due, pk=row.pk).update(claimed_until=now + lease):
            taken[row.host] = taken.get(row.host, 0) + 1
            claimed.append(row)
    return claimed


def record(row: LinkCheck, outcome: Outcome) -> None:
    """Store a check's outcome with its time, and let the row go."""
    LinkCheck.objects.filter(pk=row.pk).update(
        status=outcome.status,
        reason=outcome.reason,
        broken=is_broken(outcome.reason, outcome.status),
        final_url=outcome.final_url[:2048],
        checked_at=timezone.now(),
        claimed_until=None,
    )


def run_round(
    *, limit: int | None = None, seconds: float | None = None, checked_before: datetime | None = None
) -> RoundDone:
    """Check one batch of due addresses: those never checked, or last checked before
    `checked_before` (CMS_LINK_CHECK_RECHECK_HOURS ago by default)."""
    limit = settings.CMS_LINK_CHECK_BATCH if limit is None else limit
    seconds = settings.CMS_LINK_CHECK_BATCH_SECONDS if seconds is None else seconds
    checked_before = checked_before or stale_before(timezone.now())
    prune_unlinked()
    add_new_addresses(limit * CANDIDATES_PER_BATCH)
    rows = claim_due(timezone.now(), limit, checked_before)
    by_url = {row.url: row for row in rows}
    order = interleaved(by_url, lambda url: by_url[url].host)
    outcomes = check_many(order, deadline=time.monotonic() + seconds)
    for url, row in by_url.items():
        if url in outcomes:
            record(row, outcomes[url])
        else:  # not started before the deadline: free for the next round at once
            LinkCheck.objects.filter(pk=row.pk).update(claimed_until=None)
    more = len(outcomes) < len(rows) or LinkCheck.objects.filter(_due(timezone.now(), checked_before)).exists()
    return RoundDone(checked=len(outcomes), more_due=more or _unindexed_left())


def _unmatched(rows: QuerySet[Any], others: QuerySet[Any]) -> QuerySet[Any]:
    """`rows` whose address none of `others` has, as an anti-join each database plans well (200,000
    links: 0.1 s either way): PostgreSQL hashes a "not exists" (its "not in" over a list larger
    than work_mem reads the list per row: 10 s), SQLite indexes a "not in" list once (its "not
    exists" reads the other table per row, the address being unindexed: 20 s)."""
    if connection.vendor == "postgresql":
        return rows.exclude(Exists(others.filter(url=OuterRef("url"))))
    return rows.exclude(url__in=others.values("url"))


def _unindexed_left() -> bool:
    return _unmatched(_linked, LinkCheck.objects.all()).exists()
