"""JSON rendering with orjson: fast, and datetimes as ISO 8601 in UTC with a Z."""

from typing import Any

import orjson
from django.http import HttpRequest
from ninja.renderers import BaseRenderer

ORJSON_OPTIONS = orjson.OPT_UTC_Z | orjson.OPT_NON_STR_KEYS


def dumps(data: Any) -> bytes:
    return orjson.dumps(data, option=ORJSON_OPTIONS, default=_default)


def _default(value: Any) -> Any:
    # Lazy translation strings and other str-likes.
    return str(value)


class ORJSONRenderer(BaseRenderer):
    media_type = "application/json"

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> bytes:
        return dumps(data)
