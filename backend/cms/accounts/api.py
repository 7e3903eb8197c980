"""HTTP layer of the people calls (DESIGN.md §3): parse, call one service, answer."""

from typing import Any

from django.contrib.auth import update_session_auth_hash
from ninja import Field, Query, Router, Schema, Status
from pydantic import StrictBool

from cms.accounts import users
from cms.accounts.forms import client_address
from cms.accounts.permissions import require_administrator
from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ErrorOut, ValidationErrorOut

router = Router(tags=["people"])

# Every call needs a staff login (401, 403); a body that can't be read answers 400.
ERRORS: dict[int, Any] = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut}


class UserOut(Schema):
    id: int
    username: str
    name: str
    email: str
    is_active: bool
    is_superuser: bool
    two_factor: bool = Field(description="has a second factor (TOTP or a passkey)")


class NewUser(Schema):
    username: str = Field(max_length=150)
    password: str = Field(max_length=4096)
    name: str = Field("", max_length=500)
    email: str = Field("", max_length=254)
    is_superuser: bool = False


class UserCreateIn(Schema):
    user: NewUser


class UserChanges(Schema):
    name: str | None = Field(None, max_length=500)
    email: str | None = Field(None, max_length=254)
    password: str | None = Field(None, max_length=4096)
    is_superuser: bool | None = None
    is_active: bool | None = None
    # Strict: "no" or 0 must not switch a user's second step off by accident.
    two_factor: StrictBool | None = Field(None, description="false turns every second factor off (TOTP and passkeys)")


class UserUpdateIn(Schema):
    user: UserChanges


@router.get("/users.json", response={200: list[UserOut], 422: ValidationErrorOut, **ERRORS}, operation_id="listUsers")
def list_users(
    request: AuthenticatedRequest,
    active: bool | None = Query(None, description="only the active (or deactivated) ones"),
) -> list[dict[str, Any]]:
    """The back office's users (editors and administrators), active ones first (administrators only)."""
    require_administrator(request.auth)
    return users.user_list(active=active)


@router.post(
    "/users.json", response={201: UserOut, 415: ErrorOut, 422: ValidationErrorOut, **ERRORS}, operation_id="createUser"
)
def create_user(request: AuthenticatedRequest, payload: UserCreateIn) -> Status:
    """Add an editor (administrators only); the password must pass the password rules."""
    user = users.user_create(actor=request.auth, fields=payload.user.model_dump())
    return Status(201, users.user_record(user))


@router.put(
    "/users/{dbid:user_id}.json",
    response={200: UserOut, 404: ErrorOut, 415: ErrorOut, 422: ValidationErrorOut, **ERRORS},
    operation_id="updateUser",
)
def update_user(request: AuthenticatedRequest, user_id: int, payload: UserUpdateIn) -> dict[str, Any]:
    """Change a user (administrators only); `is_active: false` ends their access, keeping their work."""
    fields = payload.user.model_dump(exclude_unset=True)
    user = users.user_update(actor=request.auth, user_id=user_id, fields=fields, client=client_address(request))
    if user.pk == request.auth.pk and fields.get("password"):
        update_session_auth_hash(request, user)  # a new password of one's own keeps one signed in
    return users.user_record(user)
