"""Who is told of a review's transitions, and how (issue 32, item 4): exactly the people
concerned, each once, in the in-app list and — unless they turned that kind off — by mail in
their own interface language.

- waiting: the reviewers who may decide it (`edit` on the page: grants on it or above, and
  superusers), not its author;
- approved, changes requested: its author, not the reviewer who decided;
- withdrawn: the reviewers who may decide it.

Everything is written in the caller's transaction: the lines and the mails exist exactly when
the transition does (the outbox sends after the commit, cms.mail.outbox).
"""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.db.models.expressions import RawSQL
from django.utils import timezone

from cms.accounts.languages import stored_choice
from cms.core.types import User
from cms.mail.composing import compose
from cms.mail.outbox import queue_mail
from cms.pages import sql
from cms.pages.models import NoticeMailOff, PageGrant, PageLocalization, PageReview, ReviewNotice, ReviewNoticeKind

MAIL_TEMPLATE = "pages/mail/review"


def waiting(review: PageReview, *, base_url: str = "") -> None:
    """A change waits: the reviewers who may decide it are told."""
    _tell(deciders(review.page_id, but=review.user_id), review, ReviewNoticeKind.WAITING, review.user, base_url)


def decided(review: PageReview, *, base_url: str = "") -> None:
    """A change was approved or sent back: its author is told (with the decision's comment)."""
    kind = ReviewNoticeKind.APPROVED if review.state == "approved" else ReviewNoticeKind.CHANGES_REQUESTED
    author = review.user
    if author is None or author.pk == review.decided_by_id or not author.is_active:
        return
    _tell([author], review, kind, review.decided_by, base_url)


def withdrawn(review: PageReview, *, base_url: str = "") -> None:
    """A change was withdrawn: the reviewers who may decide it are told."""
    _tell(deciders(review.page_id, but=review.user_id), review, ReviewNoticeKind.WITHDRAWN, review.user, base_url)


def deciders(page_id: int, *, but: int | None) -> list[User]:
    """The active staff users who hold `edit` on the page (cms.pages.rights: grants on it or above,
    or everything as a superuser), in one query."""
    granted = PageGrant.objects.filter(
        Q(page_id=None) | Q(page_id__in=RawSQL(sql.ancestry_ids(), [page_id])), edit=True
    ).values("user_id")
    users = get_user_model().objects.filter(Q(is_superuser=True) | Q(pk__in=granted), is_active=True, is_staff=True)
    if but is not None:
        users = users.exclude(pk=but)
    return list(users.select_related("preferences").order_by("pk"))


def _tell(users: list[User], review: PageReview, kind: str, by: Any, base_url: str) -> None:
    if not users:
        return
    now = timezone.now()
    ReviewNotice.objects.bulk_create(
        [ReviewNotice(user=user, review=review, kind=kind, by=by, created_at=now) for user in users]
    )
    muted = set(NoticeMailOff.objects.filter(user__in=users, kind=kind).values_list("user_id", flat=True))
    page_name = (
        PageLocalization.objects.filter(page_id=review.page_id, locale=review.locale)
        .values_list("name", flat=True)
        .first()
        or ""
    )
    base = settings.CMS_BASE_URL or base_url
    text = review.message if kind in (ReviewNoticeKind.WAITING,) else _last_comment(review)
    context = {
        "kind": kind,
        "page_name": page_name,
        "by": (by.get_full_name() or by.get_username()) if by is not None else "",
        "text": text,
        "page_url": f"{base}/admin/{review.locale}/pages/{review.page_id}?review={review.pk}",
    }
    for user in users:
        if user.pk in muted or not user.email:
            continue
        language = stored_choice(user) or settings.LANGUAGE_CODE
        # Keyed by the transition and the reader: asked again (a retried transaction), no second mail.
        queue_mail(
            to=user.email, composed=compose(MAIL_TEMPLATE, context, language), key=f"{kind}:{review.pk}:{user.pk}"
        )


def _last_comment(review: PageReview) -> str:
    return str(review.comments[-1]["text"]) if review.comments else ""
