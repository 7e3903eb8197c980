"""The OpenAPI document as stable text, for the committed copy and its freshness test."""

import json

from cms.api.api import api


def openapi_text() -> str:
    schema = api.get_openapi_schema(path_prefix="/admin/")
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
