"""Django's messages (the admin's "saved" notes), their storage made only when a request uses it.

Django's MessageMiddleware makes the storage on every request: a cookie signer and a session
store, then asks them on the way out whether anything is to be written. The public site never
shows or adds a message, and that work cost each cached public answer some 7 % of its time
(issue 29's profile). Here the storage is made on first use, and an answer to a request that
never used it has nothing to write. Everything else is Django's.
"""

from collections.abc import Callable

from django.conf import settings
from django.contrib.messages.storage import default_storage
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject, empty


class LazyMessageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        storage = SimpleLazyObject(lambda: default_storage(request))
        request._messages = storage  # type: ignore[attr-defined]
        response = self.get_response(request)
        # A view may have put storage of its own (Django's tests do); ours untouched: nothing to save.
        messages = getattr(request, "_messages", None)
        if messages is None or (messages is storage and storage._wrapped is empty):  # type: ignore[attr-defined]
            return response
        unstored = messages.update(response)
        if unstored and settings.DEBUG:
            raise ValueError("Not all temporary messages could be stored.")
        return response
