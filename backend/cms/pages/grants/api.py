"""HTTP layer of editors' rights (DESIGN.md §3 people and grants): parse, call one service, answer."""

from typing import Any, Literal

from ninja import Field, Query, Router, Schema, Status

from cms.accounts.permissions import PagePermission, require_administrator
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import Int64
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.pages.grants import services as grants

router = Router(tags=["grants"])

# Every call needs a staff login (401, 403); a body that can't be read answers 400.
ERRORS: dict[int, Any] = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 422: ValidationErrorOut}


class GrantOut(Schema):
    page_id: int | None = Field(description="The page (null: the root, where 'create' allows top-level pages)")
    permissions: list[PagePermission]


class GrantsChangeIn(Schema):
    user_id: Int64
    page_ids: str = Field(max_length=200_000, description="Comma-separated page ids; `root` for the root")
    permissions: list[PagePermission] = Field(min_length=1, max_length=3)
    action: Literal["grant", "revoke"]


@router.get(
    "/grants.json",
    response={200: list[GrantOut], 404: ErrorOut, **ERRORS},
    operation_id="listGrants",
)
def list_grants(request: AuthenticatedRequest, user_id: int = Query(..., ge=1, lt=2**63)) -> list[dict[str, Any]]:
    """One user's grants; each holds for the page and everything below it (administrators only)."""
    require_administrator(request.auth)
    return grants.grants_of(user_id)


@router.post(
    "/grants.json",
    response={200: list[GrantOut], 415: ErrorOut, **ERRORS},  # 415: a form body where JSON is expected
    operation_id="changeGrants",
)
def change_grants(request: AuthenticatedRequest, payload: GrantsChangeIn) -> Status:
    """Grant or revoke rights on several pages at once (administrators only); answers the new list."""
    changed = grants.grants_change(
        actor=request.auth, user_id=payload.user_id, page_ids=payload.page_ids,
        permissions=payload.permissions, action=payload.action,
    )  # fmt: skip
    return Status(200, changed)
