"""Logs as JSON lines, and one line per answered request.

A log collector reads one JSON object per line without guessing at a format: the time (UTC,
ISO 8601), the level, the logger, the message, the id of the request it was written for (the
X-Request-ID the answer carried, so an editor's error report finds its traceback) and the
traceback itself when there is one. `LOG_FORMAT=text` gives the old one-line text for a person
at a terminal.
"""

import json
import logging
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime

from django.http import HttpRequest, HttpResponse

ACCESS_LOGGER = "cms.access"
# Attributes every LogRecord has; anything else on a record was passed in `extra` and is kept.
STANDARD_ATTRIBUTES = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "request"}

access_log = logging.getLogger(ACCESS_LOGGER)

# Addresses that carry a secret handed out by mail (an invitation's token, a password reset's),
# which no log line may hold: the access line and Django's own warnings ("Gone: /admin/…") name
# the path. Django's reset view's own next step (`set-password`) is no secret.
SECRET_IN_PATH = re.compile(r"(/admin/invitation/|/admin/reset/[^/\s]*/)(?!set-password/)[^/\s?\"']+")


def without_secrets(text: str) -> str:
    return SECRET_IN_PATH.sub(r"\1[hidden]", text)


class SecretPathFilter(logging.Filter):
    """Hide the secrets of such addresses in every record the handler writes, whoever logs it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = without_secrets(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(without_secrets(arg) if isinstance(arg, str) else arg for arg in record.args)
        path = getattr(record, "path", None)
        if isinstance(path, str):
            record.path = without_secrets(path)
        return True


class JsonLineFormatter(logging.Formatter):
    """One JSON object per record, on one line (newlines in messages are escaped by JSON)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", "-"),
        }
        for key, value in record.__dict__.items():
            if key not in STANDARD_ATTRIBUTES and key not in line:
                line[key] = value if isinstance(value, str | int | float | bool | None) else repr(value)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False)


class AccessLogMiddleware:
    """Log each answered request (method, path, status, time) at INFO on `cms.access`.

    Ours rather than the server's access log: it is a JSON line like every other, it carries the
    request id, and it is the same under any server (gunicorn, uvicorn, a test).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        if access_log.isEnabledFor(logging.INFO):
            access_log.info(
                "%s %s %s",
                request.method,
                request.path,
                response.status_code,
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                },
            )
        return response
