"""HTTP layer of invitations (DESIGN §3 "Invitations"): parse, call one service, answer."""

import math
from datetime import datetime
from typing import Any, Literal

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _
from ninja import Field, Router, Schema, Status
from pydantic import StrictBool, field_validator

from cms.accounts.forms import client_address
from cms.accounts.invitations import services as invitations
from cms.accounts.invitations.throttle import InvitationThrottled
from cms.accounts.languages import interface_language, is_interface_language
from cms.accounts.permissions import PagePermission
from cms.core.exceptions import ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.mail.composing import request_base_url

router = Router(tags=["people"])

ERRORS: dict[int, Any] = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut}
MAX_GRANT_ENTRIES = 50  # the editor sends one per set of rights; a person chooses a few


class InvitationGrantIn(Schema):
    page_ids: str = Field(min_length=1, max_length=20_000, description="Comma-separated page ids; `root` for the root")
    permissions: list[PagePermission] = Field(min_length=1, max_length=3, description="Each right once")

    @field_validator("permissions")
    @classmethod
    def _each_once(cls, permissions: list[PagePermission]) -> list[PagePermission]:
        if len(set(permissions)) != len(permissions):
            raise ValueError("each right may be named once")
        return permissions


class InvitationFields(Schema):
    email: str = Field(max_length=254)
    name: str = Field("", max_length=150)
    is_superuser: StrictBool = False
    grants: list[InvitationGrantIn] = Field(default_factory=list, max_length=MAX_GRANT_ENTRIES)
    language: str | None = Field(
        None, max_length=16, description="The mail's and the acceptance page's language (default: the inviter's)"
    )


class InvitationCreateIn(Schema):
    invitation: InvitationFields


class InviterOut(Schema):
    id: int
    username: str
    name: str


class InvitationGrantOut(Schema):
    page_ids: str
    permissions: list[PagePermission]


class InvitationOut(Schema):
    id: int
    email: str
    name: str
    state: Literal["open", "accepted", "expired", "revoked"]
    expires_at: datetime
    is_superuser: bool
    created_at: datetime
    language: str
    delivery: Literal["queued", "sent", "failed"] = Field(
        description="The mail with the link: `failed` when it could not be delivered after its retries"
    )
    invited_by: InviterOut | None
    accepted_user_id: int | None
    grants: list[InvitationGrantOut]


@router.get("/invitations.json", response={200: list[InvitationOut], **ERRORS}, operation_id="listInvitations")
def list_invitations(request: AuthenticatedRequest) -> list[dict[str, Any]]:
    """Every invitation, newest first, with its state and its mail's (administrators only)."""
    return invitations.invitation_list(actor=request.auth)


@router.post(
    "/invitations.json",
    response={201: InvitationOut, 415: ErrorOut, 422: ValidationErrorOut, 429: ErrorOut, **ERRORS},
    operation_id="createInvitation",
)
def create_invitation(request: AuthenticatedRequest, payload: InvitationCreateIn) -> Status | HttpResponse:
    """Invite someone (administrators only): one mail with a link to make their account, with
    these grants, within 7 days. Too many invitations at once answer 429 with Retry-After."""
    fields = payload.invitation.model_dump()
    fields["grants"] = [grant.model_dump() for grant in payload.invitation.grants]
    language = fields.pop("language") or interface_language(request)
    if not is_interface_language(language):
        raise ValidationFailed([("language", _("is not a language of the back office"))])
    try:
        invitation = invitations.invitation_create(
            actor=request.auth, fields=fields, language=language,
            base_url=request_base_url(request), client=client_address(request),
        )  # fmt: skip
    except InvitationThrottled as throttled:
        response = JsonResponse({"detail": str(throttled.text)}, status=429)
        response["Retry-After"] = str(max(1, math.ceil(throttled.retry_after.total_seconds())))
        return response
    return Status(201, invitations.invitation_record(invitation))


@router.delete(
    "/invitations/{dbid:invitation_id}.json",
    response={200: InvitationOut, 404: ErrorOut, 422: ValidationErrorOut, **ERRORS},
    operation_id="revokeInvitation",
)
def revoke_invitation(request: AuthenticatedRequest, invitation_id: int) -> dict[str, Any]:
    """Revoke an open invitation (administrators only); one accepted, expired or revoked answers 422."""
    invitation = invitations.invitation_revoke(
        actor=request.auth, invitation_id=invitation_id, client=client_address(request)
    )
    return invitations.invitation_record(invitation)
