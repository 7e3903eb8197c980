"""HTTP layer of the signed-in user's TOTP calls (DESIGN.md §3 "Two-step sign-in")."""

import math
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import Field, Router, Schema, Status

from cms.accounts.forms import client_address
from cms.accounts.login_throttle import login_failure_record, login_retry_after
from cms.accounts.totp import services
from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ErrorOut, ValidationErrorOut

router = Router(tags=["account"])

ERRORS: dict[int, Any] = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut}
CODE_ERRORS: dict[int, Any] = {**ERRORS, 409: ErrorOut, 415: ErrorOut, 422: ValidationErrorOut, 429: ErrorOut}


class TwoFactorStartOut(Schema):
    secret: str = Field(description="base32, for typing into an authenticator app")
    otpauth_url: str


class CodeIn(Schema):
    code: str = Field(max_length=services.MAX_INPUT)


class RecoveryCodesOut(Schema):
    recovery_codes: list[str] = Field(description="shown this once; each works once")


@router.post(
    "/account/two_factor.json",
    response={200: TwoFactorStartOut, 409: ErrorOut, **ERRORS},
    operation_id="startTwoFactor",
)
def start_two_factor(request: AuthenticatedRequest) -> Any:
    """A new secret for an authenticator app (replacing one not confirmed yet); 409 when on."""
    try:
        secret, url = services.start(request.auth)
    except services.TwoFactorError:
        return Status(409, {"detail": _("Two-step sign-in is already on. Turn it off first.")})
    return {"secret": secret, "otpauth_url": url}


@router.post(
    "/account/two_factor/confirm.json",
    response={200: RecoveryCodesOut, **CODE_ERRORS},
    operation_id="confirmTwoFactor",
)
def confirm_two_factor(request: AuthenticatedRequest, payload: CodeIn) -> Any:
    """Turn two-step sign-in on with a code from the app; answers the ten recovery codes once."""
    refused = _throttled(request)
    if refused is not None:
        return refused
    try:
        codes = services.confirm(request.auth, payload.code, client=client_address(request))
    except services.TwoFactorError as error:
        return _refusal(request, error)
    return {"recovery_codes": codes}


@router.delete(
    "/account/two_factor.json",
    response={204: None, **CODE_ERRORS},
    operation_id="stopTwoFactor",
)
def stop_two_factor(request: AuthenticatedRequest, payload: CodeIn) -> Any:
    """Turn two-step sign-in off; needs a current code from the app."""
    refused = _throttled(request)
    if refused is not None:
        return refused
    try:
        services.turn_off(request.auth, payload.code, client=client_address(request))
    except services.TwoFactorError as error:
        return _refusal(request, error)
    return Status(204, None)


def _throttled(request: AuthenticatedRequest) -> Status | None:
    # A wrong code is a guess like a wrong password: the same counters refuse the next ones.
    wait = login_retry_after(username=request.auth.get_username(), address=client_address(request))
    if wait is None:
        return None
    minutes = max(1, math.ceil(wait.total_seconds() / 60))
    message = ngettext(
        "Too many failed sign-in attempts. Try again in %(minutes)d minute.",
        "Too many failed sign-in attempts. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}
    return Status(429, {"detail": message})


def _refusal(request: AuthenticatedRequest, error: services.TwoFactorError) -> Status:
    username, address = request.auth.get_username(), client_address(request)
    if error.code == "wrong_code":
        login_failure_record(username=username, address=address)
        message = _("That code is not right. Type the 6 digits your app shows now.")
        return Status(422, {"detail": message, "errors": [["code", message]]})
    if error.code == "already_on":
        return Status(409, {"detail": _("Two-step sign-in is already on.")})
    if error.code == "not_on":
        return Status(409, {"detail": _("Two-step sign-in is not on.")})
    return Status(409, {"detail": _("Start setting up two-step sign-in first.")})
