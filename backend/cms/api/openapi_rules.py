"""Rules the whole OpenAPI document follows, applied once it is made (cms.api.api), so that no
operation or schema has to remember them."""

from typing import Any

from cms.core.locales import all_locales
from cms.core.schemas import LOCALE_MAP_MARK

ERROR_REF = {"$ref": "#/components/schemas/ErrorOut"}
JSON = "application/json"
TAKES_JSON = (
    "Unsupported Media Type: the body is a form (multipart/form-data) where this call takes JSON"
    " (cms.core.uploads answers it before the body is read)"
)


def document_json_refusals(schema: dict[str, Any]) -> None:
    """List the 415 of every operation that takes a JSON body: the upload guard answers it to a
    multipart body sent to any JSON call (cms.core.uploads.refuse_unread)."""
    for operations in schema["paths"].values():
        for operation in operations.values():
            if JSON in operation.get("requestBody", {}).get("content", {}):
                operation.setdefault("responses", {})[415] = {
                    "description": TAKES_JSON,
                    "content": {JSON: {"schema": ERROR_REF}},
                }


def document_locale_maps(node: Any) -> None:
    """Give every locale map (core.schemas.LocaleMap) the configured locales as its keys.

    The keys are named twice: as `properties` (each a locale, its name as title), and as
    `propertyNames`, which says no other key is taken. `additionalProperties` stays a string for
    TypeScript's sake: the frontend reads a map with locale codes known only at run time, which a
    type with fixed keys would refuse.
    """
    if isinstance(node, dict):
        if node.pop(LOCALE_MAP_MARK, False):
            locales = all_locales()
            node["properties"] = {locale.code: {"type": "string", "title": locale.name} for locale in locales}
            node["propertyNames"] = {"enum": [locale.code for locale in locales]}
        for value in node.values():
            document_locale_maps(value)
    elif isinstance(node, list):
        for value in node:
            document_locale_maps(value)
