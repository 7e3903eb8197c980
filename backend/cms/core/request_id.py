"""A request id on every answer and in every log line written while the request runs.

A server error tells the editor its request id (the admin shows it), and the same id is in the
log beside the error, so the two can be matched. A proxy's id (X-Request-ID) is kept when it is
safe to echo and to log: short, letters, digits and dashes only; otherwise a fresh one is made.
"""

import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

HEADER = "X-Request-ID"
SAFE_ID = re.compile(r"[A-Za-z0-9-]{1,64}")
NO_REQUEST = "-"

_current: ContextVar[str] = ContextVar("request_id", default=NO_REQUEST)


def request_id_for(incoming: str | None) -> str:
    """Return the incoming id when it is safe, or a fresh random one."""
    if incoming and SAFE_ID.fullmatch(incoming):  # fullmatch: "$" would let a final newline through
        return incoming
    return uuid.uuid4().hex


def current_request_id() -> str:
    """Return the id of the request being answered ('-' outside a request)."""
    return _current.get()


class RequestIdMiddleware:
    """Give each request an id, answer it in X-Request-ID, and hold it for the logs.

    First in MIDDLEWARE, so every answer carries it, refusals and server errors included.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_for(request.headers.get(HEADER))
        request.request_id = request_id  # type: ignore[attr-defined]
        token = _current.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            _current.reset(token)
        response[HEADER] = request_id
        return response


class RequestIdFilter(logging.Filter):
    """Put the current request's id on each record as `request_id` (for the log format)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request = getattr(record, "request", None)
            record.request_id = getattr(request, "request_id", None) or current_request_id()
        return True
