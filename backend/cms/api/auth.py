"""Authentication of API calls: the admin's session cookie, with CSRF on every write."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from ninja.errors import HttpError
from ninja.security import APIKeyCookie

from cms.accounts.permissions import can_use_admin
from cms.core.messages import NO_ACCESS


class StaffSession(APIKeyCookie):
    """Accept a logged-in staff user's session; ninja checks the CSRF token before this runs."""

    param_name = settings.SESSION_COOKIE_NAME

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = request.user
        if not user.is_authenticated:
            return None  # ninja answers 401
        if not can_use_admin(user):
            raise HttpError(403, str(NO_ACCESS))
        return user


staff_session = StaffSession()


def staff_json_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Guard a plain view (the OpenAPI document and docs) like the API: 401/403 as JSON."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return JsonResponse({"detail": "Unauthorized"}, status=401)
        if not can_use_admin(request.user):
            return JsonResponse({"detail": str(NO_ACCESS)}, status=403)
        return view(request, *args, **kwargs)

    return wrapper
