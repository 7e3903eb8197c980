"""Request adapters for the spec's form conventions (spec §7)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

OVERRIDABLE = {"PUT", "PATCH", "DELETE"}
URLENCODED = "application/x-www-form-urlencoded"


class FormConventionsMiddleware:
    """Let forms say PUT with `_method`, and carry their CSRF token as `authenticity_token`.

    The preview form and forms of existing pages follow these conventions; Django's CSRF check
    then sees the token under its own field name.

    Only a signed-in user's urlencoded form is read (so this comes after AuthenticationMiddleware):
    every form that uses the conventions needs a login anyway, and a multipart body is left to the
    upload guard, which alone may start reading one (see cms.core.uploads).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            override = request.headers.get("X-HTTP-Method-Override", "")
            if request.content_type == URLENCODED and request.user.is_authenticated:
                override = override or request.POST.get("_method", "")
                token = request.POST.get("authenticity_token") or request.POST.get("csrfmiddlewaretoken")
                if token and "HTTP_X_CSRFTOKEN" not in request.META:
                    # Django reads the form field only on a POST; a form turned into a PUT (or
                    # using the spec's field name) hands its token over as the header instead.
                    request.META["HTTP_X_CSRFTOKEN"] = token
            if override.upper() in OVERRIDABLE:
                request.method = override.upper()
        return self.get_response(request)
