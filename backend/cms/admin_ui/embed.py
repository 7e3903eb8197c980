"""Embed data in a page as JSON that is safe inside a <script> element."""

from typing import Any

from django.utils.safestring import SafeString, mark_safe

from cms.api.renderers import dumps

# The same escapes as Django's json_script: nothing in the data can close the script element.
SCRIPT_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def json_for_script(data: Any) -> SafeString:
    """Return `data` as JSON (orjson, the API's own encoding) with <, > and & escaped."""
    return mark_safe(dumps(data).decode().translate(SCRIPT_ESCAPES))
