"""HTTP layer of the deleted pages (DESIGN.md §3, Deleted pages): parse, call one service, answer."""

from typing import Any

from ninja import Query, Router

from cms.core.exceptions import ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import unstorable_text_message
from cms.core.locales import get_locale
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.pages import read_model
from cms.pages.saving import trash
from cms.pages.saving.payload import UNSENT
from cms.pages.schemas import ConflictOut, TreePageOut
from cms.pages.trash import listing
from cms.pages.trash.schemas import DeletedPagesOut, UndeleteIn

router = Router(tags=["deleted pages"])

READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
WRITE_ERRORS: dict[int, Any] = {400: ErrorOut, 415: ErrorOut, **READ_ERRORS}
# Past this page the list is surely empty (a bound, so the offset stays an index read).
MAX_PAGE = 100_000


@router.get(
    "/{locale}/deleted_pages.json",
    response={200: DeletedPagesOut, 400: ErrorOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="listDeletedPages",
    openapi_extra={
        "responses": {
            404: {"description": "Unknown locale"},
            422: {
                "description": "`page` is not a number from 1 to 100000, or `q` is longer than 200 characters"
                " or holds text no database can store"
            },
        }
    },
)
def list_deleted_pages(
    request: AuthenticatedRequest,
    locale: str,
    page: int = Query(1, ge=1, le=MAX_PAGE, description="Which 50 of them, from 1"),
    q: str = Query("", max_length=200, description="Only pages whose name (in any locale) contains this"),
) -> dict[str, Any]:
    """The deleted pages, one entry per delete (the pages deleted with it are counted in
    `descendants`), newest deletion first, 50 at a time."""
    get_locale(locale)
    if problem := unstorable_text_message(q):
        raise ValidationFailed([("q", problem)])
    return listing.deleted_pages(locale=locale, q=q.strip(), page=page, reader=request.auth)


@router.post(
    "/{locale}/pages/{dbid:page_id}/undelete.json",
    response={200: TreePageOut, 409: ConflictOut, 422: ValidationErrorOut, **WRITE_ERRORS},
    operation_id="undeletePage",
    openapi_extra={
        "responses": {
            403: {"description": "Not allowed to edit pages where it would come back"},
            404: {"description": "Unknown locale or page"},
            409: {"description": "The page is not deleted (restored meanwhile)"},
            422: {
                "description": "`parent_page_id` is no page, or is deleted; a path segment clashes there"
                " (`path_segment`); or the tree would be too deep. Nothing is restored."
            },
        }
    },
)
def undelete_page(
    request: AuthenticatedRequest, locale: str, page_id: int, payload: UndeleteIn | None = None
) -> dict[str, Any]:
    """Bring a deleted page back with the pages deleted with it, each with the status it had, at
    the end of the shown children of `parent_page_id` (left out: its old parent, the top level when
    that is gone)."""
    parent: Any = UNSENT
    if payload is not None and "parent_page_id" in payload.model_fields_set:
        parent = payload.parent_page_id
    page = trash.page_undelete(actor=request.auth, page_id=page_id, locale=locale, parent_page_id=parent)
    return read_model.records_by_id([page.pk], locale=locale, user=request.auth)[0]
