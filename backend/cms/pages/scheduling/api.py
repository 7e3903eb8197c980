"""HTTP layer of scheduled changes (DESIGN.md §3 Scheduled changes): parse, call one service,
answer."""

from datetime import datetime
from typing import Any, Literal

from django.http import HttpResponse
from ninja import Field, Query, Router, Schema, Status

from cms.audit.schemas import ActorOut
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import Int64, StorableDateTime
from cms.core.schemas import ErrorOut, ErrorPair, ValidationErrorOut
from cms.pages.scheduling import listing
from cms.pages.scheduling import services as scheduling
from cms.pages.schemas import ConflictOut, PageFieldsIn

router = Router(tags=["scheduled changes"])

READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
SCHEDULED_URL = "/{locale}/pages/{dbid:page_id}/scheduled.json"
ScheduledStateOut = Literal["waiting", "applied", "failed"]
TOTAL_HEADER = "X-Total-Count"
PAGE_NUMBER = Query(1, ge=1, le=1_000_000, description=f"1 for the newest {listing.PER_PAGE}, 2 for the next …")
PAGED_HEADERS = {
    "headers": {TOTAL_HEADER: {"description": "How many there are in all pages", "schema": {"type": "integer"}}}
}
PAGE_NUMBER_ERROR = {422: {"description": "`page` is not a whole number from 1 to 1,000,000"}}
# A page holds at most MAX_WAITING_PER_PAGE (= PER_PAGE) waiting changes: the first page of them is all
# of them, however many applied and failed ones are newer (the editor's warnings need every one).
STATE_FILTER = Query(
    None,
    description=f"`waiting`: only the waiting changes (at most {scheduling.MAX_WAITING_PER_PAGE} a page has: one"
    " page of the list)",
)


class ScheduleIn(Schema):
    page: PageFieldsIn
    at: StorableDateTime = Field(description="When it goes live (ISO 8601); a time past goes live within seconds")
    lock_version: Int64 = Field(description="The page's lock_version the payload was edited from")


class ScheduledOut(Schema):
    id: int
    at: datetime
    user: ActorOut | None = Field(description="Its author, as whom it goes live; null: a user deleted since")
    state: ScheduledStateOut
    locale: str
    fields: list[str] = Field(
        description="The payload names of the fields it changes (those that differed from the page when it was"
        " scheduled)"
    )
    reason: str | None = Field(
        description="Why it failed, in one sentence in the interface language: a field it sets was changed after it"
        " was scheduled (the newer work is kept), or a save's rule refused it; null unless failed"
    )
    errors: list[ErrorPair] = Field(
        description="Why it failed: (attribute, message) pairs, as a refused save's; a field changed after it was"
        " scheduled is named with 'was changed after this change was scheduled'"
    )
    applied_at: datetime | None = Field(description="When it went live or failed")
    revision_id: int | None = Field(description="The revision it made when it went live")


class ScheduledDetailOut(ScheduledOut):
    page: dict[str, Any] = Field(
        description="The values it sets, by field (those of the payload that differed from the page when it was"
        " scheduled)"
    )


class ScheduledMarkOut(Schema):
    id: int
    page_id: int
    at: datetime
    state: ScheduledStateOut
    reason: str | None = Field(description="Why it failed (as a page's list says); null unless failed")


@router.post(
    SCHEDULED_URL,
    response={
        201: ScheduledDetailOut,
        400: ErrorOut,
        409: ConflictOut,
        415: ErrorOut,
        422: ValidationErrorOut,
        **READ_ERRORS,
    },
    operation_id="scheduleChange",
    url_name="page_scheduled",
    openapi_extra={
        "responses": {
            403: {
                "description": "Not signed in as staff, without `edit` on the page, or without the right a move it"
                " makes needs"
            },
            404: {"description": "Unknown locale or page"},
            409: {"description": "`lock_version` is stale: the page changed since it was opened"},
            422: {
                "description": "`at` or `lock_version` missing or malformed, a field breaks a rule of a save (tried"
                " against the page as it would be), the payload changes nothing, or the page (50) or the user (200)"
                " has as many changes waiting as they may"
            },
        }
    },
)
def schedule_change(request: AuthenticatedRequest, locale: str, page_id: int, payload: ScheduleIn) -> Status:
    """Keep the edited fields to go live at `at` as a save by the signed-in user; the page stays
    as it is until then. Only the fields whose value differs from the page's are kept, and they
    leave the user's working copy of the page. When due, a field changed meanwhile fails it."""
    change = scheduling.schedule(
        actor=request.auth, page_id=page_id, locale=locale, fields=payload.page, at=payload.at,
        lock_version=payload.lock_version,
    )  # fmt: skip
    return Status(201, listing.change_record(change))


@router.get(
    SCHEDULED_URL,
    response={200: list[ScheduledOut], 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="listScheduledChanges",
    url_name="page_scheduled",
    openapi_extra={
        "responses": {
            200: PAGED_HEADERS,
            404: {"description": "Unknown locale or page"},
            422: {"description": "`page` is not a whole number from 1 to 1,000,000, or `state` is not `waiting`"},
        }
    },
)
def list_scheduled_changes(
    request: AuthenticatedRequest,
    locale: str,
    page_id: int,
    response: HttpResponse,
    page: int = PAGE_NUMBER,
    state: Literal["waiting"] | None = STATE_FILTER,
) -> list[dict[str, Any]]:
    """The page's scheduled changes, newest first, 50 a page (how many in all: X-Total-Count):
    waiting, applied and failed ones (`state=waiting`: the waiting ones alone), each naming the
    fields it changes (its values: one change's own address)."""
    changes, total = listing.changes_of_page(page_id=page_id, locale=locale, page=page, state=state)
    response[TOTAL_HEADER] = str(total)
    return [listing.change_record(change, with_payload=False) for change in changes]


@router.get(
    "/{locale}/pages/{dbid:page_id}/scheduled/{dbid:scheduled_id}.json",
    response={200: ScheduledDetailOut, **READ_ERRORS},
    operation_id="getScheduledChange",
    openapi_extra={"responses": {404: {"description": "Unknown locale, or no such change of this page"}}},
)
def get_scheduled_change(request: AuthenticatedRequest, locale: str, page_id: int, scheduled_id: int) -> dict[str, Any]:
    """One scheduled change of the page, with the values it sets."""
    return listing.change_record(listing.change_of_page(page_id=page_id, locale=locale, scheduled_id=scheduled_id))


@router.delete(
    "/{locale}/pages/{dbid:page_id}/scheduled/{dbid:scheduled_id}.json",
    response={204: None, 409: ConflictOut, **READ_ERRORS},
    operation_id="cancelScheduledChange",
    openapi_extra={
        "responses": {
            403: {"description": "Not signed in as staff, or without `edit` on the page"},
            404: {"description": "Unknown locale, or no such change of this page"},
            409: {"description": "The change has already gone live"},
        }
    },
)
def cancel_scheduled_change(request: AuthenticatedRequest, locale: str, page_id: int, scheduled_id: int) -> Status:
    """Cancel a waiting change (or dismiss a failed one)."""
    scheduling.cancel(actor=request.auth, page_id=page_id, locale=locale, scheduled_id=scheduled_id)
    return Status(204, None)


@router.get(
    "/scheduled.json",
    response={200: list[ScheduledMarkOut], 401: ErrorOut, 403: ErrorOut, 422: ValidationErrorOut},
    operation_id="listSiteScheduledChanges",
    openapi_extra={"responses": {200: PAGED_HEADERS, **PAGE_NUMBER_ERROR}},
)
def list_site_scheduled_changes(
    request: AuthenticatedRequest, response: HttpResponse, page: int = PAGE_NUMBER
) -> list[dict[str, Any]]:
    """The site's waiting or failed changes, newest first, 50 a page (how many in all:
    X-Total-Count); the page tree marks their rows."""
    marks, total = listing.site_marks(page=page)
    response[TOTAL_HEADER] = str(total)
    return marks
