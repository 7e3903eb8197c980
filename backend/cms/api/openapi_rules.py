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

ADDRESS_TOO_LONG = (
    "URI Too Long: the address (path and query) is longer than 8000 characters; nothing was read"
    " (cms.core.request_limits answers it for every call, before any other check)"
)
BODY_TOO_LARGE = (
    "Content Too Large: the body is larger than the server takes (10 MB); it was not read (cms.core.request_limits)"
)


def document_json_refusals(schema: dict[str, Any]) -> None:
    """List the refusals an operation may meet before its own code runs: 414 for those taking a
    query (the only part of an address a caller can make long: path parameters are ids of a few
    digits and locale codes, anything longer is no address of the API), and for those that take
    a JSON body 413 (a body too large) and 415 (the upload guard's answer to a multipart body
    sent to a JSON call, cms.core.uploads)."""
    for operations in schema["paths"].values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            if any(parameter.get("in") == "query" for parameter in operation.get("parameters", ())):
                responses[414] = _refusal(ADDRESS_TOO_LONG)
            if JSON in operation.get("requestBody", {}).get("content", {}):
                responses.setdefault(413, _refusal(BODY_TOO_LARGE))
                responses[415] = _refusal(TAKES_JSON)


def _refusal(description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": ERROR_REF}}}


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
