"""Keeps "last seen" of signed-in sessions, under /admin/ only: the public site never pays for it."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from cms.accounts.user_sessions.services import touch

ADMIN_PREFIX = "/admin/"


class LastSeenMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info.startswith(ADMIN_PREFIX) and request.user.is_authenticated:
            touch(request)
        return self.get_response(request)
