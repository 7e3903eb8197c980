"""HTTP layer of working copies and presence (DESIGN.md §3 Working copy): parse, call one
service, answer."""

from datetime import datetime
from typing import Any

from ninja import Field, Router, Schema, Status

from cms.audit.schemas import ActorOut
from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.core.types import User
from cms.pages.schemas import PageWriteIn
from cms.pages.working_copies import services as working_copies

router = Router(tags=["working copies"])

READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
WRITE_ERRORS: dict[int, Any] = {400: ErrorOut, 415: ErrorOut, 422: ValidationErrorOut, **READ_ERRORS}
DRAFT_URL = "/{locale}/pages/{dbid:page_id}/draft.json"
PRESENCE_URL = "/{locale}/pages/{dbid:page_id}/presence.json"


class DraftOut(Schema):
    page: dict[str, Any] = Field(
        description="The save payload as sent (partial; dates in UTC), blocks for the address's locale"
    )
    saved_at: datetime


class PresenceOut(Schema):
    viewers: list[ActorOut] = Field(description="The other users whose editor had the page open in the last 15 s")


def _draft(copy: Any) -> dict[str, Any]:
    return {"page": copy.payload, "saved_at": copy.saved_at}


def _person(user: User) -> dict[str, Any]:
    return {"id": user.pk, "username": user.get_username(), "name": user.get_full_name() or user.get_username()}


@router.put(
    DRAFT_URL,
    response={200: DraftOut, **WRITE_ERRORS},
    operation_id="saveWorkingCopy",
    url_name="page_draft",
    openapi_extra={
        "responses": {
            403: {"description": "Not signed in as staff, or without `edit` on the page"},
            404: {"description": "Unknown locale or page"},
            422: {
                "description": "A field fails the save payload's schema or holds text no database can store (NUL,"
                " lone surrogates), a block is not text or is too long, or `serialized_tags` is malformed; nothing"
                " is kept"
            },
        }
    },
)
def save_working_copy(request: AuthenticatedRequest, locale: str, page_id: int, payload: PageWriteIn) -> dict[str, Any]:
    """Keep the signed-in user's unsaved edits of the page in this locale (replacing those kept
    before). Never live, never in another user's answers, no revision; a save's rules that need
    the database are not applied (it is work in progress)."""
    copy = working_copies.draft_save(actor=request.auth, page_id=page_id, locale=locale, fields=payload.page)
    return _draft(copy)


@router.get(
    DRAFT_URL,
    response={200: DraftOut, **READ_ERRORS},
    operation_id="getWorkingCopy",
    url_name="page_draft",
    openapi_extra={
        "responses": {404: {"description": "Unknown locale, or no working copy (none kept, or saved since)"}}
    },
)
def get_working_copy(request: AuthenticatedRequest, locale: str, page_id: int) -> dict[str, Any]:
    """The signed-in user's working copy of the page in this locale."""
    return _draft(working_copies.draft_read(actor=request.auth, page_id=page_id, locale=locale))


@router.delete(
    DRAFT_URL,
    response={204: None, **READ_ERRORS},
    operation_id="discardWorkingCopy",
    url_name="page_draft",
    openapi_extra={"responses": {404: {"description": "Unknown locale"}}},
)
def discard_working_copy(request: AuthenticatedRequest, locale: str, page_id: int) -> Status:
    """Discard the signed-in user's working copy of the page in this locale (none is fine)."""
    working_copies.draft_discard(actor=request.auth, page_id=page_id, locale=locale)
    return Status(204, None)


@router.post(
    PRESENCE_URL,
    response={200: PresenceOut, 400: ErrorOut, 415: ErrorOut, **READ_ERRORS},
    operation_id="markPresence",
    url_name="page_presence",
    openapi_extra={
        "responses": {
            403: {"description": "Not signed in as staff, or without `edit` on the page; nothing is kept"},
            404: {"description": "Unknown locale or page"},
        }
    },
)
def mark_presence(request: AuthenticatedRequest, locale: str, page_id: int) -> dict[str, Any]:
    """Say the signed-in user has the page open (the editor posts every 5 s; no body); answers
    the other users who did in the last 15 s."""
    viewers = working_copies.presence_mark(actor=request.auth, page_id=page_id, locale=locale)
    return {"viewers": [_person(user) for user in viewers]}


@router.delete(
    PRESENCE_URL,
    response={204: None, **READ_ERRORS},
    operation_id="leavePage",
    url_name="page_presence",
    openapi_extra={
        "responses": {
            403: {"description": "Not signed in as staff, or without `edit` on the page"},
            404: {"description": "Unknown locale or page"},
        }
    },
)
def leave_page(request: AuthenticatedRequest, locale: str, page_id: int) -> Status:
    """The signed-in user closed the page: the others stop seeing them at once."""
    working_copies.presence_leave(actor=request.auth, page_id=page_id, locale=locale)
    return Status(204, None)
