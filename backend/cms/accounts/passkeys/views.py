"""HTTP for passkeys: JSON calls that carry a WebAuthn ceremony (the browser's half is
accounts/passkeys.js), and the account page's plain forms (rename, remove, confirm password).

Plain Django views, not the JSON API: each belongs to one server-rendered page (the account
page, the login page, the second-step page), with its session and CSRF token, and none is a
resource the admin's React code reads. Every answer of a ceremony is JSON: 200/201 with what
comes next, or 4xx `{"detail"}` saying nothing about which check refused it.
"""

from collections.abc import Callable
from typing import Any

import orjson
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import authenticate
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cms.accounts.decorators import staff_required
from cms.accounts.forms import client_address
from cms.accounts.login_throttle import login_failure_record, login_failures_clear, login_retry_after
from cms.accounts.passkeys import ceremony, services
from cms.accounts.two_step import pending
from cms.audit import log as audit
from cms.core.types import User

# A registration or an assertion is a few kilobytes; anything much larger is not one.
MAX_BODY = 64 * 1024
PASSKEYS_ANCHOR = "/admin/account/#passkeys"


def _detail(message: str, status: int) -> JsonResponse:
    return JsonResponse({"detail": message}, status=status)


def _refused() -> JsonResponse:
    return _detail(_("The passkey could not be verified. Please try again."), 400)


def _throttled() -> JsonResponse:
    return _detail(_("Too many failed sign-in attempts. Try again later."), 429)


def _body(request: HttpRequest) -> dict[str, Any] | None:
    """The request's JSON object, or None (too large, not JSON, not an object)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    if length > MAX_BODY:
        return None
    try:
        body = request.body
    except Exception:  # the body could not be read as announced
        return None
    if len(body) > MAX_BODY:
        return None
    try:
        parsed = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _next_url(request: HttpRequest, body: dict[str, Any]) -> str:
    target = body.get("next")
    if isinstance(target, str) and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return str(settings.LOGIN_REDIRECT_URL)


# --- The account page: add (a ceremony), rename, remove, confirm the password.


@staff_required
@require_POST
def add_options(request: HttpRequest) -> HttpResponse:
    user: User = request.user  # type: ignore[assignment]
    try:
        options = services.registration_options(request, user)
    except services.PasskeyError as error:
        return _account_refusal(error)
    return HttpResponse(options, content_type="application/json")


@staff_required
@require_POST
def add(request: HttpRequest) -> HttpResponse:
    user: User = request.user  # type: ignore[assignment]
    body = _body(request)
    if body is None or not isinstance(body.get("credential"), dict):
        request.session.pop(ceremony.CHALLENGE_KEY, None)
        return _detail(_("That is not a passkey."), 400)
    try:
        passkey = services.passkey_add(
            request, user, body["credential"], body.get("name"), client=client_address(request)
        )
    except ceremony.Refused:
        return _refused()
    except services.PasskeyError as error:
        return _account_refusal(error)
    messages.success(request, _("The passkey “%(name)s” was added.") % {"name": passkey.name})
    return JsonResponse({"id": passkey.pk, "name": passkey.name}, status=201)


def _account_refusal(error: services.PasskeyError) -> JsonResponse:
    if error.code == "not_recent":
        return _detail(_("Confirm your password first."), 403)
    if error.code == "too_many":
        return _detail(_("You have as many passkeys as an account may have. Remove one first."), 409)
    if error.code == "known":
        return _detail(_("That passkey is already in use."), 409)
    return _detail(_("Give the passkey a name of at most 100 characters."), 400)


@staff_required
@require_POST
def rename(request: HttpRequest, passkey_id: int) -> HttpResponse:
    try:
        services.passkey_rename(request.user, passkey_id, request.POST.get("name"))  # type: ignore[arg-type]
    except services.PasskeyError as error:
        if error.code == "not_found":
            return HttpResponse(status=404)
        messages.error(request, _("Give the passkey a name of at most 100 characters."))
    return redirect(PASSKEYS_ANCHOR)


@staff_required
@require_POST
def remove(request: HttpRequest, passkey_id: int) -> HttpResponse:
    try:
        services.passkey_remove(request, request.user, passkey_id, client=client_address(request))  # type: ignore[arg-type]
    except services.PasskeyError as error:
        if error.code == "not_found":
            return HttpResponse(status=404)
        messages.error(request, _("Confirm your password first."))
        return redirect(PASSKEYS_ANCHOR)
    messages.success(request, _("The passkey was removed."))
    return redirect(PASSKEYS_ANCHOR)


@staff_required
@require_POST
def confirm_password(request: HttpRequest) -> HttpResponse:
    """The password again, before adding or removing a passkey long after signing in; wrong ones
    count against the sign-in throttle (it is a guess like any other)."""
    user: User = request.user  # type: ignore[assignment]
    username, address = user.get_username(), client_address(request)
    if login_retry_after(username=username, address=address) is not None:
        messages.error(request, _("Too many failed sign-in attempts. Try again later."))
        return redirect(PASSKEYS_ANCHOR)
    password = request.POST.get("password", "")
    if password and authenticate(request, username=username, password=password) is not None:
        services.mark_verified(request)
    else:
        login_failure_record(username=username, address=address)
        messages.error(request, _("That is not your password."))
    return redirect(PASSKEYS_ANCHOR)


# --- Signing in: the second step for a waiting user, and a sign-in with a passkey alone.


@require_POST
def second_step_options(request: HttpRequest) -> HttpResponse:
    user = pending.pending_user(request)
    if user is None:
        return _detail(_("Your sign-in has expired. Please log in again."), 403)
    return HttpResponse(
        services.assertion_options(request, ceremony.SECOND_STEP, user), content_type="application/json"
    )


@require_POST
def second_step(request: HttpRequest) -> HttpResponse:
    user = pending.pending_user(request)
    if user is None:
        return _detail(_("Your sign-in has expired. Please log in again."), 403)
    username, address = user.get_username(), client_address(request)
    if login_retry_after(username=username, address=address) is not None:
        request.session.pop(ceremony.CHALLENGE_KEY, None)
        return _throttled()
    body = _body(request) or {}
    try:
        services.passkey_authenticate(request, ceremony.SECOND_STEP, body.get("credential"), user=user)
    except ceremony.Refused:
        login_failure_record(username=username, address=address)
        audit.record(user, "second_step_failed", "user", user.pk, {"address": address, "method": "passkey"})
        return _refused()
    login_failures_clear(username=username, address=address)
    pending.complete(request, user, method="passkey")
    return JsonResponse({"redirect": _next_url(request, body)})


def _sign_in_allowed(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not settings.CMS_PASSKEY_SIGN_IN:
            return _detail(_("This site does not allow signing in with a passkey alone."), 404)
        return view(request, *args, **kwargs)

    return wrapper


@_sign_in_allowed
@require_POST
def sign_in_options(request: HttpRequest) -> HttpResponse:
    return HttpResponse(services.assertion_options(request, ceremony.SIGN_IN, None), content_type="application/json")


@_sign_in_allowed
@require_POST
def sign_in(request: HttpRequest) -> HttpResponse:
    address = client_address(request)
    body = _body(request) or {}
    credential = body.get("credential")
    owner = services.credential_owner(credential)
    username = owner.get_username() if owner is not None else None
    # Throttled like a password: per address always, per account when the passkey names one.
    if login_retry_after(username=username, address=address) is not None:
        request.session.pop(ceremony.CHALLENGE_KEY, None)
        return _throttled()
    try:
        user = services.passkey_authenticate(request, ceremony.SIGN_IN, credential, user=None)
    except ceremony.Refused:
        login_failure_record(username=username, address=address)
        audit.record(
            owner, "sign_in_failed", "user", owner.pk if owner else None, {"address": address, "method": "passkey"}
        )
        return _refused()
    login_failures_clear(username=user.get_username(), address=address)
    pending.complete(request, user, method="passkey")
    return JsonResponse({"redirect": _next_url(request, body)})
