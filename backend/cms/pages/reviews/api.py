"""HTTP layer of reviews (DESIGN.md §3 Review before publishing): parse, call one service, answer."""

from datetime import datetime
from typing import Annotated, Any, Literal

from django.http import HttpResponse
from ninja import Field, Query, Router, Schema, Status
from pydantic import ConfigDict, StrictBool, StringConstraints

from cms.audit.schemas import ActorOut
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import Int64, StorableDateTime, StorableText
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.mail.composing import request_base_url
from cms.pages.reviews import inbox, listing
from cms.pages.reviews import services as reviews
from cms.pages.schemas import ConflictOut, PageFieldsIn

router = Router(tags=["reviews"])

READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
REVIEWS_URL = "/{locale}/pages/{dbid:page_id}/reviews.json"
REVIEW_URL = "/{locale}/pages/{dbid:page_id}/reviews/{dbid:review_id}"
TOTAL_HEADER = "X-Total-Count"
PAGE_NUMBER = Query(1, ge=1, le=1_000_000, description=f"1 for the newest {listing.PER_PAGE}, 2 for the next …")
PAGED_HEADERS = {
    "headers": {TOTAL_HEADER: {"description": "How many there are in all pages", "schema": {"type": "integer"}}}
}
ReviewStateOut = Literal["waiting", "approved", "changes_requested", "withdrawn"]
MAX_MESSAGE = 5_000
MAX_LOCALES = 50
LocaleCode = Annotated[str, StringConstraints(min_length=1, max_length=16)]


class SubmitIn(Schema):
    model_config = ConfigDict(extra="forbid")

    page: PageFieldsIn
    lock_version: Int64 = Field(description="The page's lock_version the payload was edited from")
    message: StorableText = Field("", max_length=MAX_MESSAGE, description="What the author tells the reviewers")
    locales: dict[LocaleCode, PageFieldsIn] | None = Field(
        None,
        max_length=MAX_LOCALES,
        description="The same change in other locales: {locale: partial save payload} with only the fields a"
        " locale has of its own (`name`, `path_segment`, localized blocks); shared fields go in `page`. All go"
        " live together as one save. A broken rule answers 422 naming `locales.{locale}.{field}`",
    )


class DecideIn(Schema):
    model_config = ConfigDict(extra="forbid")

    comment: StorableText = Field("", max_length=MAX_MESSAGE, description="Told to the author with the decision")


class ApproveIn(DecideIn):
    publish: Literal["as_submitted", "now", "at", "reviewed"] = Field(
        "as_submitted",
        description="`as_submitted`: the change goes live as it was submitted; `now`: published now (status 2);"
        " `at`: a scheduled change publishing it at `at`; `reviewed`: status 1, to publish later",
    )
    at: StorableDateTime | None = Field(None, description="When it goes live (with `publish: at`)")


class CommentOut(Schema):
    user: ActorOut
    at: datetime
    text: str
    kind: str = Field(description="The state the comment came with (`approved`, `changes_requested`) or `comment`")
    locale: str | None = Field(description="The locale of the block it is about")
    block: str | None = Field(description="The block it is about")


class ReviewOut(Schema):
    id: int
    state: ReviewStateOut
    user: ActorOut | None = Field(description="Its author, as whom it goes live; null: a user deleted since")
    at: datetime = Field(description="When it was submitted")
    message: str


class LocaleChangeOut(Schema):
    fields: list[str] = Field(description="The payload names of the fields it changes in this locale")
    page: dict[str, Any] = Field(description="The values it sets in this locale")


class ReviewDetailOut(ReviewOut):
    page_id: int
    locale: str = Field(description="The locale of its blocks")
    locales: list[str] = Field(description="The locales it covers")
    fields: list[str] = Field(description="The payload names of the fields it changes")
    page: dict[str, Any] = Field(description="The values it sets, by field (those that differed when submitted)")
    by_locale: dict[str, LocaleChangeOut] = Field(
        description="What it changes in each locale it covers (`locale`'s entry is `fields` and `page`)"
    )
    lock_version: int = Field(description="The page's lock_version it was submitted against")
    decided_by: ActorOut | None
    decided_at: datetime | None
    decision: Literal["save", "publish", "schedule", "reviewed"] | None = Field(
        description="How an approved change went live"
    )
    comments: list[CommentOut]
    revision_id: int | None = Field(description="The revision it made when it went live")
    scheduled_id: int | None = Field(description="The scheduled change it became (approved to go live at a time)")


class QueuedReviewOut(ReviewDetailOut):
    page_name: str = Field(description="The page's name in the change's locale")


class ChangedSinceOut(ConflictOut):
    fields: list[str] = Field(
        default_factory=list,
        description="The fields it sets that were changed since it was submitted (for a change in several"
        " locales: `locales.{locale}.{field}`)",
    )


DECISION_ERRORS: dict[int, Any] = {400: ErrorOut, 409: ChangedSinceOut, 415: ErrorOut, 422: ValidationErrorOut}
DECISIONS = {"as_submitted": "save", "now": "publish", "at": "schedule", "reviewed": "reviewed"}


@router.post(
    REVIEWS_URL,
    response={201: ReviewDetailOut, 400: ErrorOut, 409: ConflictOut, 415: ErrorOut, 422: ValidationErrorOut,
              **READ_ERRORS},
    operation_id="submitReview",
    openapi_extra={
        "responses": {
            403: {"description": "Not signed in as staff, or without `submit` or `edit` on the page"},
            404: {"description": "Unknown locale or page"},
            409: {"description": "`lock_version` is stale: the page changed since it was opened"},
            422: {
                "description": "A field breaks a rule of a save (tried against the page as it would be), the"
                " payload changes nothing, or the page has as many changes waiting as it may (50); in `locales`,"
                " an unknown locale, the address's own, or a shared field (named `locales.{locale}.{field}`)"
            },
        }
    },
)  # fmt: skip
def submit_review(request: AuthenticatedRequest, locale: str, page_id: int, payload: SubmitIn) -> Status:
    """Submit the edited fields as a change waiting for review; the live page stays as it is. The
    author's waiting change of the page, if any, is withdrawn (a resubmission)."""
    review = reviews.submit(
        actor=request.auth, page_id=page_id, locale=locale, fields=payload.page,
        lock_version=payload.lock_version, note=payload.message, base_url=request_base_url(request),
        other_locales=payload.locales,
    )  # fmt: skip
    return Status(201, listing.review_record(review))


@router.get(
    REVIEWS_URL,
    response={200: list[ReviewDetailOut], 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="listPageReviews",
    openapi_extra={"responses": {200: PAGED_HEADERS, 404: {"description": "Unknown locale or page"}}},
)
def list_page_reviews(
    request: AuthenticatedRequest, locale: str, page_id: int, response: HttpResponse, page: int = PAGE_NUMBER
) -> list[dict[str, Any]]:
    """The page's submitted changes, newest first, 50 a page (how many in all: X-Total-Count)."""
    records, total = listing.reviews_of_page(page_id=page_id, locale=locale, page=page)
    response[TOTAL_HEADER] = str(total)
    return records


@router.get(
    REVIEW_URL + ".json",
    response={200: ReviewDetailOut, **READ_ERRORS},
    operation_id="getReview",
    openapi_extra={"responses": {404: {"description": "Unknown locale, or no such change of this page"}}},
)
def get_review(request: AuthenticatedRequest, locale: str, page_id: int, review_id: int) -> dict[str, Any]:
    """One submitted change of the page, with the values it sets and its comments."""
    return listing.review_of_page(page_id=page_id, locale=locale, review_id=review_id)


@router.get(
    "/reviews.json",
    response={200: list[QueuedReviewOut], 401: ErrorOut, 403: ErrorOut, 422: ValidationErrorOut},
    operation_id="listWaitingReviews",
    openapi_extra={"responses": {200: PAGED_HEADERS, 422: {"description": "`page` is not a whole number"}}},
)
def list_waiting_reviews(
    request: AuthenticatedRequest, response: HttpResponse, page: int = PAGE_NUMBER
) -> list[dict[str, Any]]:
    """The waiting changes the signed-in user may decide (`edit` on their page), newest first, 50 a
    page (how many in all: X-Total-Count, the header's count)."""
    records, total = listing.waiting_for(request.auth, page=page)
    response[TOTAL_HEADER] = str(total)
    return records


class HeaderCountsOut(Schema):
    waiting: int = Field(description="How many changes wait for the signed-in user's decision, up to `most`")
    unread: int = Field(description="How many of the signed-in user's notifications are unread, up to `most`")
    most: int = Field(description="Where the counts stop: a count of `most` means that many or more")


@router.get(
    "/reviews/counts.json",
    response={200: HeaderCountsOut, 401: ErrorOut, 403: ErrorOut},
    operation_id="getHeaderCounts",
)
def get_header_counts(request: AuthenticatedRequest) -> dict[str, Any]:
    """The header's counts: the waiting changes the signed-in user may decide and their unread
    notifications, each counted up to `most` (two bounded queries; nothing cached on the server,
    as the counts are the user's own)."""
    return {
        "waiting": listing.waiting_count(request.auth),
        "unread": inbox.unread_count(request.auth),
        "most": listing.MOST_COUNTED,
    }


DECIDE_DOCS = {
    403: {"description": "Not signed in as staff, or without `edit` on the page"},
    404: {"description": "Unknown locale, or no such change of this page"},
    409: {
        "description": "The change is no longer waiting, or a field it sets was changed since it was submitted"
        " (`fields` names them; nothing applied)"
    },
    422: {
        "description": "A field breaks a rule of a save now, `at` missing with `publish: at`, `publish: at` for a"
        " change in several locales, or malformed input"
    },
}


@router.post(
    REVIEW_URL + "/approve.json",
    response={200: ReviewDetailOut, **DECISION_ERRORS, **READ_ERRORS},
    operation_id="approveReview",
    openapi_extra={"responses": DECIDE_DOCS},
)
def approve_review(
    request: AuthenticatedRequest, locale: str, page_id: int, review_id: int, payload: ApproveIn
) -> dict[str, Any]:
    """Approve a waiting change: it goes live as a save by its author (one revision, one audit
    entry naming the approver), published now, at a time, or marked reviewed (status 1)."""
    review = reviews.approve(
        actor=request.auth, page_id=page_id, locale=locale, review_id=review_id, comment=payload.comment,
        decision=DECISIONS[payload.publish], at=payload.at, base_url=request_base_url(request),
    )  # fmt: skip
    return listing.review_of_page(page_id=page_id, locale=locale, review_id=review.pk)


@router.post(
    REVIEW_URL + "/request_changes.json",
    response={200: ReviewDetailOut, **DECISION_ERRORS, **READ_ERRORS},
    operation_id="requestReviewChanges",
    openapi_extra={"responses": DECIDE_DOCS},
)
def request_review_changes(
    request: AuthenticatedRequest, locale: str, page_id: int, review_id: int, payload: DecideIn
) -> dict[str, Any]:
    """Send a waiting change back to its author with a comment."""
    review = reviews.request_changes(
        actor=request.auth,
        page_id=page_id,
        locale=locale,
        review_id=review_id,
        comment=payload.comment,
        base_url=request_base_url(request),
    )
    return listing.review_of_page(page_id=page_id, locale=locale, review_id=review.pk)


@router.post(
    REVIEW_URL + "/withdraw.json",
    response={200: ReviewDetailOut, 409: ConflictOut, **READ_ERRORS},
    operation_id="withdrawReview",
    openapi_extra={
        "responses": {
            403: {"description": "Not signed in as staff, or not the change's author"},
            404: {"description": "Unknown locale, or no such change of this page"},
            409: {"description": "The change is no longer waiting"},
        }
    },
)
def withdraw_review(request: AuthenticatedRequest, locale: str, page_id: int, review_id: int) -> dict[str, Any]:
    """The author takes back their waiting change."""
    review = reviews.withdraw(
        actor=request.auth, page_id=page_id, locale=locale, review_id=review_id, base_url=request_base_url(request)
    )
    return listing.review_of_page(page_id=page_id, locale=locale, review_id=review.pk)


class CommentIn(Schema):
    model_config = ConfigDict(extra="forbid")

    text: StorableText = Field(min_length=1, max_length=MAX_MESSAGE)
    block: StorableText = Field("", max_length=100, description="The block it is about (empty: the whole change)")
    locale: StorableText = Field("", max_length=16, description="The locale of that block (empty: none)")


@router.post(
    REVIEW_URL + "/comments.json",
    response={201: ReviewDetailOut, 400: ErrorOut, 415: ErrorOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="commentOnReview",
    openapi_extra={
        "responses": {
            403: {"description": "Not signed in as staff, or neither its author nor holding `edit` on the page"},
            404: {"description": "Unknown locale (of the address or the comment), or no such change of this page"},
            422: {"description": "An empty or too long text, an unknown block, or 200 comments already"},
        }
    },
)
def comment_on_review(
    request: AuthenticatedRequest, locale: str, page_id: int, review_id: int, payload: CommentIn
) -> Status:
    """Comment on a submitted change, on a block in a locale or on the whole; answers the change."""
    review = reviews.comment(
        actor=request.auth, page_id=page_id, locale=locale, review_id=review_id, text=payload.text,
        block=payload.block, on_locale=payload.locale,
    )  # fmt: skip
    return Status(201, listing.review_of_page(page_id=page_id, locale=locale, review_id=review.pk))


NoticeKind = Literal["review_waiting", "review_approved", "review_changes_requested", "review_withdrawn"]


class NoticeOut(Schema):
    id: int
    kind: NoticeKind
    at: datetime
    read: bool
    review_id: int
    review_state: ReviewStateOut = Field(description="The change's state now")
    page_id: int
    locale: str
    page_name: str
    by: ActorOut | None = Field(description="Who made the transition; null: a user deleted since")


class NoticesOut(Schema):
    notifications: list[NoticeOut]
    total: int
    unread: int = Field(description="How many of all are unread (the header's count)")
    per_page: int


class NoticesReadIn(Schema):
    model_config = ConfigDict(extra="forbid")

    ids: list[Int64] | None = Field(None, max_length=1000, description="Those to mark read; null: all")


class UnreadOut(Schema):
    unread: int


class MailSettingsIO(Schema):
    model_config = ConfigDict(extra="forbid")

    review_waiting: StrictBool | None = Field(None, description="A change waits for my review")
    review_approved: StrictBool | None = Field(None, description="My change was approved")
    review_changes_requested: StrictBool | None = Field(None, description="Changes were requested to my change")
    review_withdrawn: StrictBool | None = Field(None, description="A change waiting for my review was withdrawn")


class NotificationSettingsIO(Schema):
    model_config = ConfigDict(extra="forbid")

    mail: MailSettingsIO = Field(description="Per kind: true to get a mail (the default), false not to")


@router.get(
    "/notifications.json",
    response={200: NoticesOut, 401: ErrorOut, 403: ErrorOut, 422: ValidationErrorOut},
    operation_id="listNotifications",
)
def list_notifications(request: AuthenticatedRequest, page: int = PAGE_NUMBER) -> dict[str, Any]:
    """The signed-in user's notifications, newest first, 50 a page, with the unread count."""
    return inbox.notices_of(request.auth, page=page)


@router.post(
    "/notifications/read.json",
    response={200: UnreadOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 415: ErrorOut, 422: ValidationErrorOut},
    operation_id="markNotificationsRead",
)
def mark_notifications_read(request: AuthenticatedRequest, payload: NoticesReadIn) -> dict[str, Any]:
    """Mark the signed-in user's notifications read (`ids`, or all); answers the unread count."""
    return {"unread": inbox.mark_read(request.auth, ids=payload.ids)}


@router.get(
    "/account/notifications.json",
    response={200: NotificationSettingsIO, 401: ErrorOut, 403: ErrorOut},
    operation_id="getNotificationSettings",
)
def get_notification_settings(request: AuthenticatedRequest) -> dict[str, Any]:
    """Which kinds of notification the signed-in user gets by mail (the in-app list has them all)."""
    return {"mail": inbox.mail_settings(request.auth)}


@router.put(
    "/account/notifications.json",
    response={200: NotificationSettingsIO, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 415: ErrorOut,
              422: ValidationErrorOut},
    operation_id="setNotificationSettings",
)  # fmt: skip
def set_notification_settings(request: AuthenticatedRequest, payload: NotificationSettingsIO) -> dict[str, Any]:
    """Turn mail of each kind sent on or off; kinds left out stay as they are."""
    wanted = {kind: on for kind, on in payload.mail.model_dump().items() if on is not None}
    return {"mail": inbox.set_mail_settings(request.auth, wanted)}
