"""Let HTML forms say PUT: a POST carrying `_method=put` is handled as a PUT (spec §7)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

OVERRIDABLE = {"PUT", "PATCH", "DELETE"}


class MethodOverrideMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            override = request.headers.get("X-HTTP-Method-Override", "")
            if not override and request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
                override = request.POST.get("_method", "")
            if override.upper() in OVERRIDABLE:
                request.method = override.upper()
        return self.get_response(request)
