"""A user's in-app notifications and which kinds they want by mail (issue 32, item 4).

The list reads one page of the user's lines newest first (index notice_user_newest) and the
unread count from the partial index of unread lines: two reads, whatever the list's length.
"""

from typing import Any

from django.db import transaction
from django.utils import timezone

from cms.core.types import User
from cms.pages.models import NoticeMailOff, PageLocalization, ReviewNotice, ReviewNoticeKind
from cms.pages.reviews.listing import person

PER_PAGE = 50
# As the waiting count (cms.pages.reviews.listing.MOST_COUNTED): the header shows "99+" past it.
MOST_COUNTED = 100
KINDS = [kind.value for kind in ReviewNoticeKind]


def notices_of(actor: User, *, page: int = 1) -> dict[str, Any]:
    """One page of the user's notifications, newest first, with how many in all and unread."""
    mine = ReviewNotice.objects.filter(user=actor)
    start = (page - 1) * PER_PAGE
    rows = list(mine.select_related("by", "review").order_by("-id")[start : start + PER_PAGE])
    wanted = {(row.review.page_id, row.review.locale) for row in rows}
    names = {}
    if wanted:
        found = PageLocalization.objects.filter(page_id__in={page_id for page_id, _ in wanted})
        names = {(p, loc): name for p, loc, name in found.values_list("page_id", "locale", "name")}
    notices = [
        {
            "id": row.pk,
            "kind": row.kind,
            "at": row.created_at,
            "read": row.read_at is not None,
            "review_id": row.review_id,
            "review_state": row.review.state,
            "page_id": row.review.page_id,
            "locale": row.review.locale,
            "page_name": names.get((row.review.page_id, row.review.locale), ""),
            "by": person(row.by),
        }
        for row in rows
    ]
    return {
        "notifications": notices,
        "total": mine.count(),
        "unread": mine.filter(read_at__isnull=True).count(),
        "per_page": PER_PAGE,
    }


def unread_count(actor: User) -> int:
    """How many of the user's notifications are unread, up to MOST_COUNTED (the header's bell)."""
    return ReviewNotice.objects.filter(user=actor, read_at__isnull=True)[:MOST_COUNTED].count()


def mark_read(actor: User, *, ids: list[int] | None) -> int:
    """Mark the user's notifications of `ids` read (None: all of them); return how many are unread."""
    unread = ReviewNotice.objects.filter(user=actor, read_at__isnull=True)
    (unread if ids is None else unread.filter(pk__in=ids)).update(read_at=timezone.now())
    return unread.count()


def mail_settings(actor: User) -> dict[str, bool]:
    off = set(NoticeMailOff.objects.filter(user=actor).values_list("kind", flat=True))
    return {kind: kind not in off for kind in KINDS}


def set_mail_settings(actor: User, wanted: dict[str, bool]) -> dict[str, bool]:
    """Turn mail of each kind in `wanted` on or off (kinds left out stay as they are)."""
    with transaction.atomic():
        turned_off = [kind for kind, on in wanted.items() if not on]
        NoticeMailOff.objects.filter(user=actor, kind__in=[kind for kind, on in wanted.items() if on]).delete()
        NoticeMailOff.objects.bulk_create(
            [NoticeMailOff(user=actor, kind=kind) for kind in turned_off], ignore_conflicts=True
        )
    return mail_settings(actor)
