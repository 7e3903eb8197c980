"""Speak the user's interface language in the back office (not on the public website)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from cms.accounts.languages import interface_language

ADMIN_PREFIX = "/admin/"


class InterfaceLanguageMiddleware:
    """Activate the interface language for everything under /admin/, login page included.

    After AuthenticationMiddleware (the user's stored choice needs request.user). The public
    site speaks its content locale (the address's), so its requests are left alone.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(ADMIN_PREFIX):
            return self.get_response(request)
        language = interface_language(request)
        request.LANGUAGE_CODE = language
        with translation.override(language):
            response = self.get_response(request)
            response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Accept-Language",))
        return response
