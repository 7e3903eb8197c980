"""Request adapters for the spec's form conventions (spec §7)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

OVERRIDABLE = {"PUT", "PATCH", "DELETE"}
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class FormConventionsMiddleware:
    """Let forms say PUT with `_method`, and carry their CSRF token as `authenticity_token`.

    The preview form and forms of existing pages follow these conventions; Django's CSRF check
    then sees the token under its own field name.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            override = request.headers.get("X-HTTP-Method-Override", "")
            if request.content_type in FORM_TYPES:
                override = override or request.POST.get("_method", "")
                token = request.POST.get("authenticity_token")
                if token and "csrfmiddlewaretoken" not in request.POST:
                    form = request.POST.copy()
                    form["csrfmiddlewaretoken"] = token
                    request.POST = form  # type: ignore[assignment]
            if override.upper() in OVERRIDABLE:
                request.method = override.upper()
        return self.get_response(request)
