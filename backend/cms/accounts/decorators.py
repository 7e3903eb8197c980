"""Guards of the back office's HTML views (the JSON API has its own: cms.api.auth)."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import user_passes_test
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from cms.accounts.permissions import can_use_admin


def staff_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Send visitors to the login form; refuse signed-in users who are not staff with a 403."""
    login_required = user_passes_test(lambda user: user.is_authenticated)(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated and not can_use_admin(request.user):
            context = {"message": _("Your account does not have access to the back office.")}
            return render(request, "admin_ui/forbidden.html", context, status=403)
        return login_required(request, *args, **kwargs)

    return wrapper
