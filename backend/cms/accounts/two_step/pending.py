"""A sign-in half done: the password was right, the second step is still to come.

Until `complete` runs, the session holds only the waiting user's id, never a signed-in user, so
nothing under /admin/ answers as signed in. The wait is short: a password typed and left on a
shared machine must not be half of a sign-in an hour later.
"""

import time
from typing import Any

from django.contrib.auth import get_user_model, login
from django.http import HttpRequest

from cms.audit import log as audit
from cms.core.types import User

SESSION_KEY = "cms_two_step"
WAIT_SECONDS = 300


def begin(request: HttpRequest, user: User) -> None:
    """Remember `user` (authenticated by their password) as waiting for a second step."""
    request.session.cycle_key()  # a new key: the one before the password is not carried over
    request.session[SESSION_KEY] = {
        "user_id": user.pk,
        "backend": getattr(user, "backend", None),
        "since": time.time(),
    }


def pending_user(request: HttpRequest) -> User | None:
    """The active user waiting for a second step in this session, or None (none, or too late)."""
    waiting: Any = request.session.get(SESSION_KEY)
    if not isinstance(waiting, dict) or time.time() - float(waiting.get("since", 0)) > WAIT_SECONDS:
        return None
    user_id = waiting.get("user_id")
    if not isinstance(user_id, int):
        return None
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is not None:
        user.backend = waiting.get("backend")  # type: ignore[attr-defined]
    return user


def complete(request: HttpRequest, user: User, *, method: str) -> None:
    """Sign the waiting `user` in: the second step was passed by `method` ("totp", "recovery_code",
    "passkey"), which the sign-in's audit entry names."""
    request.session.pop(SESSION_KEY, None)
    login(request, user, backend=getattr(user, "backend", None))
    record_sign_in(request, user, method)


def record_sign_in(request: HttpRequest, user: User, method: str) -> None:
    """The audit entry of a sign-in (also the login view's, for a password alone): who, from
    where, by which method; nothing typed."""
    from cms.accounts.forms import client_address  # forms imports the throttle and its models

    audit.record(user, "sign_in", "user", user.pk, {"address": client_address(request), "method": method})


def cancel(request: HttpRequest) -> None:
    request.session.pop(SESSION_KEY, None)
