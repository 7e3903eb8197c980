"""HTTP layer of the revision calls (DESIGN.md §3, Revisions): parse, call one service, answer."""

from typing import Any

from ninja import Query, Router, Status

from cms.core.exceptions import ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.locales import get_locale
from cms.core.schemas import ValidationErrorOut
from cms.pages import read_model
from cms.pages.api import READ_ERRORS, WRITE_ERRORS, refused_page
from cms.pages.revisions import history, plan, restore
from cms.pages.revisions.schemas import CompareOut, RestoredPageOut, RestoreIn, RestorePlanOut, RevisionOut
from cms.pages.schemas import ConflictOut, PageOut

router = Router(tags=["revisions"])
BASE = "/{locale}/pages/{dbid:page_id}/revisions"


@router.get(
    f"{BASE}.json",
    response={200: list[RevisionOut], 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="listRevisions",
    openapi_extra={"responses": {422: {"description": "`page` is not a whole number from 1 to 1,000,000"}}},
)
def list_revisions(
    request: AuthenticatedRequest,
    locale: str,
    page_id: int,
    page: int = Query(1, ge=1, le=1_000_000, description=f"1 for the newest {history.PER_PAGE}, 2 for the next …"),
) -> list[dict[str, Any]]:
    """The page's revisions, newest first, 50 a page; past the last page: an empty list."""
    get_locale(locale)
    return history.revision_list(page_id, page=page, reader=request.auth)


@router.get(f"{BASE}/{{dbid:revision_id}}.json", response={200: PageOut, **READ_ERRORS}, operation_id="getRevision")
def get_revision(request: AuthenticatedRequest, locale: str, page_id: int, revision_id: int) -> dict[str, Any]:
    """The page shape as it was after that save: its texts, fields, tags and links then; its
    place in the tree (parent, ancestors) and `lock_version` as they are now."""
    get_locale(locale)
    return history.revision_record(page_id, revision_id, locale=locale, user=request.auth)


@router.post(
    f"{BASE}/{{dbid:revision_id}}/restore.json",
    response={200: RestoredPageOut, 409: ConflictOut, 422: PageOut | ValidationErrorOut, **WRITE_ERRORS},
    operation_id="restoreRevision",
    openapi_extra={
        "responses": {
            422: {
                "description": "A rule refuses the content now (the page shape with its"
                " errors), or `locales` is empty, repeats or names an unknown locale"
            }
        }
    },
)
def restore_revision(
    request: AuthenticatedRequest, locale: str, page_id: int, revision_id: int, payload: RestoreIn
) -> Status:
    """Save the revision's content again (a new revision on top; none is deleted): in `locales`,
    by default those the version had a name in (the others keep what they have), and the page's
    own fields. The page's status, publication date and place in the tree stay. Needs `edit`.
    A `locales` list that is empty, names a locale twice or one the site does not have: 422."""
    get_locale(locale)
    try:
        restored = restore.restore_revision(
            actor=request.auth, page_id=page_id, revision_id=revision_id, lock_version=payload.lock_version,
            locales=payload.locales,
        )  # fmt: skip
    except ValidationFailed as exc:
        return Status(422, refused_page(request, exc.errors))
    record = read_model.page_record(page_id, locale=locale, user=request.auth)
    record["missing_image_ids"] = restored.missing_image_ids
    record["missing_attachment_ids"] = restored.missing_attachment_ids
    return Status(200, record)


@router.get(
    f"{BASE}/{{dbid:revision_id}}/restore.json",
    response={200: RestorePlanOut, **READ_ERRORS},
    operation_id="planRestore",
)
def plan_restore(request: AuthenticatedRequest, locale: str, page_id: int, revision_id: int) -> dict[str, Any]:
    """What restoring the revision would do in each locale, and which locales it restores by
    default; nothing is changed."""
    get_locale(locale)
    return plan.restore_plan(page_id, revision_id, reader=request.auth)


@router.get(
    f"{BASE}/{{dbid:revision_id}}/compare.json",
    response={200: CompareOut, 422: ValidationErrorOut, **READ_ERRORS},
    by_alias=True,
    operation_id="compareRevisions",
)
def compare_revisions(
    request: AuthenticatedRequest,
    locale: str,
    page_id: int,
    revision_id: int,
    other: str = Query(
        ..., alias="with", pattern="^(current|[0-9]{1,18})$", description="Another revision's id, or `current`"
    ),
    every_block: bool = Query(False, alias="all", description="Every block with a text, the unchanged ones too"),
) -> dict[str, Any]:
    """What changed from the revision to `with` (a newer revision, or the page as it is now)."""
    get_locale(locale)
    return history.compare(page_id, revision_id, other, every_block=every_block, reader=request.auth)
