"""HTTP layer of scheduled changes (DESIGN.md §3 Scheduled changes): parse, call one service,
answer."""

from datetime import datetime
from typing import Any, Literal

from ninja import Field, Router, Schema, Status

from cms.audit.schemas import ActorOut
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import Int64, StorableDateTime
from cms.core.schemas import ErrorOut, ErrorPair, ValidationErrorOut
from cms.pages.scheduling import services as scheduling
from cms.pages.schemas import ConflictOut, PageFieldsIn

router = Router(tags=["scheduled changes"])

READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
SCHEDULED_URL = "/{locale}/pages/{dbid:page_id}/scheduled.json"
ScheduledStateOut = Literal["waiting", "applied", "failed"]


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
    page: dict[str, Any] = Field(
        description="The fields it changes (those of the payload that differed from the page when it was scheduled)"
    )
    errors: list[ErrorPair] = Field(description="Why it failed: (attribute, message) pairs, as a refused save's")
    applied_at: datetime | None = Field(description="When it went live or failed")
    revision_id: int | None = Field(description="The revision it made when it went live")


class ScheduledMarkOut(Schema):
    id: int
    page_id: int
    at: datetime
    state: ScheduledStateOut


@router.post(
    SCHEDULED_URL,
    response={
        201: ScheduledOut,
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
            403: {"description": "Not signed in as staff, or without `edit` on the page"},
            404: {"description": "Unknown locale or page"},
            409: {"description": "`lock_version` is stale: the page changed since it was opened"},
            422: {
                "description": "`at` or `lock_version` missing or malformed, a field breaks a rule a save checks"
                " without the database, or the payload changes nothing"
            },
        }
    },
)
def schedule_change(request: AuthenticatedRequest, locale: str, page_id: int, payload: ScheduleIn) -> Status:
    """Keep the edited fields to go live at `at` as a save by the signed-in user; the page stays
    as it is until then. Only the fields whose value differs from the page's are kept."""
    change = scheduling.schedule(
        actor=request.auth, page_id=page_id, locale=locale, fields=payload.page, at=payload.at,
        lock_version=payload.lock_version,
    )  # fmt: skip
    return Status(201, scheduling.change_record(change))


@router.get(
    SCHEDULED_URL,
    response={200: list[ScheduledOut], **READ_ERRORS},
    operation_id="listScheduledChanges",
    url_name="page_scheduled",
    openapi_extra={"responses": {404: {"description": "Unknown locale or page"}}},
)
def list_scheduled_changes(request: AuthenticatedRequest, locale: str, page_id: int) -> list[dict[str, Any]]:
    """The page's scheduled changes, newest first: waiting, applied and failed ones."""
    return [scheduling.change_record(change) for change in scheduling.changes_of_page(page_id=page_id, locale=locale)]


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
    response={200: list[ScheduledMarkOut], 401: ErrorOut, 403: ErrorOut},
    operation_id="listSiteScheduledChanges",
)
def list_site_scheduled_changes(request: AuthenticatedRequest) -> list[dict[str, Any]]:
    """Every waiting or failed change of the site, soonest first (the page tree marks their rows)."""
    return scheduling.site_marks()
