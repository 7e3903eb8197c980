"""CMS_REQUIRE_TWO_FACTOR: a signed-in user it covers who has no second factor of any kind (TOTP
or a passkey) may use nothing but the account page, where they set one up, and the logout.

Screens redirect there; API calls answer 403 with a `detail` saying why, so the admin's React
code shows it rather than failing on its own.
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from cms.accounts.two_step import factors

SETUP_URL = "/admin/account/#two-factor"
# The account page with everything under it (the TOTP and passkey calls), the sign-in and out.
ALLOWED_PREFIXES = ("/admin/account/", "/admin/login/", "/admin/logout/")


def covers(user: object) -> bool:
    rule = settings.CMS_REQUIRE_TWO_FACTOR
    return rule == "everyone" or (rule == "superusers" and bool(getattr(user, "is_superuser", False)))


class RequireTwoFactorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path
        if (
            settings.CMS_REQUIRE_TWO_FACTOR == "none"
            or not path.startswith("/admin/")
            or path.startswith(ALLOWED_PREFIXES)
            or not request.user.is_authenticated
            or not covers(request.user)
            or factors.has_second_factor(request.user)
        ):
            return self.get_response(request)
        if path.endswith(".json") or path.startswith("/admin/api/"):
            detail = _("This site requires two-step sign-in. Set it up on your account page first.")
            return JsonResponse({"detail": detail}, status=403)
        return redirect(SETUP_URL)
