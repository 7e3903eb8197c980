"""Requests too large to take: an address over MAX_ADDRESS_CHARS (414) and a body over Django's
limit (413), refused before anything reads them, in the error shape of every refusal.

Anyone can send either, signed in or not: they are the sender's mistake, not the server's, so
they are logged as warnings of one line (Django's own line for every 4xx answer, on
django.request), never as errors with a traceback (which would let anyone fill the error log,
and bury the errors that matter). gunicorn takes request lines up to its own
maximum (config/gunicorn.conf.py) so that this middleware, not gunicorn's HTML page, answers the
addresses between the two bounds; gunicorn's own refusals beyond it are written in JSON too.

Multipart bodies are the upload guard's (cms.core.uploads), which answers 413 by path.
"""

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _

from cms.core.messages import message
from cms.core.uploads import is_json_call, size_text

# The longest address (path and query, as sent) taken: just under what gunicorn passes on (its
# request line holds the method and protocol too, at most 8190 bytes), so that this answers
# first. Far past any address the admin makes; a page's public address, percent-encoded, may
# reach it only dozens of levels deep in long Arabic segments.
MAX_ADDRESS_CHARS = 8000
ADDRESS_TOO_LONG = _("The address is too long: at most %(count)s characters.")
BODY_TOO_LARGE = _("The request is too large: at most %(size)s.")
# Django's refusals of what a client sent, logged by it on django.security.<class> as errors
# with a traceback: warnings without one (ClientFaultLogFilter).
CLIENT_FAULTS = ("RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent")


class RequestLimitsMiddleware:
    """Refuse an over-long address with 414 and an over-large body with 413, unread.

    After InterfaceLanguageMiddleware (the refusal is worded in the interface language) and
    before anything reads a body (the upload guard, the form conventions, a view).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        address = request.get_full_path()
        if len(address) > MAX_ADDRESS_CHARS:
            return refusal(request, str(message(ADDRESS_TOO_LONG, count=MAX_ADDRESS_CHARS)), 414)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        # A multipart body is the upload guard's, which knows each upload path's own limit.
        if limit is not None and request.content_type != "multipart/form-data" and declared_length(request) > limit:
            return body_too_large(request)
        return self.get_response(request)


def declared_length(request: HttpRequest) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0  # not a number: the server would not have passed the body on


def body_too_large(request: HttpRequest) -> HttpResponse:
    """Answer 413 for a body over Django's limit (also Django's own RequestDataTooBig, see
    cms.admin_ui.views.bad_request)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
    return refusal(request, str(message(BODY_TOO_LARGE, size=size_text(limit))), 413)


def refusal(request: HttpRequest, text: str, status: int) -> HttpResponse:
    """The error shape for the JSON calls (`detail`, as every refusal of the API); text for the rest."""
    if is_json_call(request.path_info) or request.content_type == "application/json":
        return JsonResponse({"detail": text}, status=status)
    return HttpResponse(text, content_type="text/plain; charset=utf-8", status=status)


class ClientFaultLogFilter(logging.Filter):
    """Make Django's log of a refused client fault (CLIENT_FAULTS) a warning without traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.rpartition(".")[2] in CLIENT_FAULTS and record.levelno > logging.WARNING:
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
            record.exc_info = record.exc_text = None
        return True
