"""What the calls answer of reviews (issue 32): a page's submitted changes, one change, and the
"Waiting for review" list of the changes the signed-in user may decide.

The waiting list stays fast with grants on 1,000 subtrees and 10,000 waiting changes: one
statement walks down from the user's granted pages and answers one page of the waiting
changes there with their count (cms.pages.reviews.sql); a user holding `edit` everywhere (a
superuser, a grant on the root) reads the waiting changes' index alone. Only the changes of
the page asked for are then read as records.
"""

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from cms.accounts.permissions import can_use_admin
from cms.core.exceptions import NotFound
from cms.core.locales import get_locale
from cms.core.messages import message
from cms.core.types import User, Visitor
from cms.pages.models import Page, PageGrant, PageLocalization, PageReview, ReviewState
from cms.pages.reviews import sql
from cms.pages.reviews.services import REVIEW_MISSING
from cms.pages.saving import validation

PER_PAGE = 50
# The header's counts stop here ("99+"): what it costs stays the same however many wait.
MOST_COUNTED = 100


def reviews_of_page(*, page_id: int, locale: str, page: int = 1) -> tuple[list[dict[str, Any]], int]:
    """One page (PER_PAGE) of the page's submitted changes, newest first, and how many in all."""
    get_locale(locale)
    _require_page(page_id)
    listed = PageReview.objects.filter(page_id=page_id)
    start = (page - 1) * PER_PAGE
    reviews = list(_with_people(listed).order_by("-id")[start : start + PER_PAGE])
    return _records(reviews), listed.count()


def review_of_page(*, page_id: int, locale: str, review_id: int) -> dict[str, Any]:
    get_locale(locale)
    review = _with_people(PageReview.objects.filter(pk=review_id, page_id=page_id)).first()
    if review is None:
        _require_page(page_id)
        raise NotFound(message(REVIEW_MISSING, id=review_id))
    return _records([review])[0]


def waiting_for(actor: Visitor, *, page: int = 1) -> tuple[list[dict[str, Any]], int]:
    """One page (PER_PAGE) of the waiting changes `actor` may decide (`edit` on their page),
    newest first, and how many there are in all."""
    waiting = PageReview.objects.filter(state=ReviewState.WAITING).order_by("-id")
    start = (page - 1) * PER_PAGE
    if not can_use_admin(actor):
        return [], 0
    if actor.is_superuser or PageGrant.objects.filter(user=actor, page=None, edit=True).exists():  # everywhere
        ids = list(waiting.values_list("pk", flat=True)[start : start + PER_PAGE])
        total = waiting.count()
    else:
        rows = sql.read_decidable_waiting(actor.pk, PER_PAGE, start)
        ids = [row[0] for row in rows]
        total = rows[0][1] if rows else (_decidable_count(actor) if start else 0)
    reviews = list(_with_people(PageReview.objects.filter(pk__in=ids)).order_by("-id"))
    return _records(reviews, with_page_names=True), total


def waiting_count(actor: Visitor) -> int:
    """How many waiting changes `actor` may decide, up to MOST_COUNTED (the header's count): one
    bounded query (a second asks whether a grant on the root makes it everything)."""
    if not can_use_admin(actor):
        return 0
    if actor.is_superuser or PageGrant.objects.filter(user=actor, page=None, edit=True).exists():
        return PageReview.objects.filter(state=ReviewState.WAITING)[:MOST_COUNTED].count()
    return sql.read_decidable_waiting_count(actor.pk, MOST_COUNTED)


def _decidable_count(actor: User) -> int:
    """How many the user may decide, for a page past the end (the statement's count needs a row)."""
    rows = sql.read_decidable_waiting(actor.pk, 1, 0)
    return rows[0][1] if rows else 0


def _with_people(reviews: "QuerySet[PageReview]") -> "QuerySet[PageReview]":
    return reviews.select_related("user", "decided_by")


def _records(reviews: list[PageReview], *, with_page_names: bool = False) -> list[dict[str, Any]]:
    commenters = {c["user_id"] for review in reviews for c in review.comments if c.get("user_id")}
    people = {user.pk: user for user in get_user_model().objects.filter(pk__in=commenters)} if commenters else {}
    names: dict[tuple[int, str], str] = {}
    if with_page_names and reviews:
        rows = PageLocalization.objects.filter(page_id__in={r.page_id for r in reviews}).values_list(
            "page_id", "locale", "name"
        )
        names = {(page_id, locale): name for page_id, locale, name in rows}
    records = []
    for review in reviews:
        record = review_record(review, people)
        if with_page_names:
            record["page_name"] = names.get((review.page_id, review.locale), "")
        records.append(record)
    return records


def review_record(review: PageReview, people: dict[int, Any] | None = None) -> dict[str, Any]:
    """A submitted change as the calls answer it."""
    people = people or {}
    return {
        "id": review.pk,
        "page_id": review.page_id,
        "state": review.state,
        "user": person(review.user),
        "at": review.created_at,
        "message": review.message,
        "locale": review.locale,
        "locales": review.locales,
        "fields": sorted(review.payload),
        "page": review.payload,
        "by_locale": {
            review.locale: {"fields": sorted(review.payload), "page": review.payload},
            **{
                code: {"fields": sorted(entry["payload"]), "page": entry["payload"]}
                for code, entry in review.other_locales.items()
            },
        },
        "lock_version": review.lock_version,
        "decided_by": person(review.decided_by),
        "decided_at": review.decided_at,
        "decision": review.decision or None,
        "comments": [
            {
                "user": person(people.get(comment.get("user_id"))) or _gone(comment.get("user_id")),
                "at": comment["at"],
                "text": comment["text"],
                "kind": comment.get("kind", ""),
                "locale": comment.get("locale") or None,
                "block": comment.get("block") or None,
            }
            for comment in review.comments
        ],
        "revision_id": review.revision_id,
        "scheduled_id": review.scheduled_id,
    }


def person(user: Any) -> dict[str, Any] | None:
    if user is None:
        return None
    return {"id": user.pk, "username": user.get_username(), "name": user.get_full_name() or user.get_username()}


def _gone(user_id: Any) -> dict[str, Any]:
    return {"id": None, "username": "", "name": ""}


def _require_page(page_id: int) -> None:
    if not Page.objects.filter(pk=page_id).exists():
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
