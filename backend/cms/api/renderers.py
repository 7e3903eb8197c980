"""The API's renderer: JSON as cms.core.json writes it."""

from typing import Any

from django.http import HttpRequest
from ninja.renderers import BaseRenderer

from cms.core.json import dumps


class ORJSONRenderer(BaseRenderer):
    media_type = "application/json"

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> bytes:
        return dumps(data)
