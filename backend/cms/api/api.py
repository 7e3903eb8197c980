"""The one NinjaAPI of the back office: routers per app, one error shape, session auth."""

import contextlib
import copy
from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import ValidationError
from ninja.openapi.schema import REF_TEMPLATE, OpenAPISchema
from ninja.schema import NinjaGenerateJsonSchema
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from cms.accounts.api import router as people_router
from cms.accounts.invitations.api import router as invitations_router
from cms.accounts.totp.api import router as two_factor_router
from cms.admin_ui.log_api import router as audit_router
from cms.admin_ui.schemas import SCREEN_SCHEMAS
from cms.api.auth import staff_json_required, staff_session
from cms.api.openapi_rules import document_json_refusals, document_locale_maps
from cms.api.renderers import ORJSONRenderer
from cms.core.exceptions import (
    BadRequest,
    Conflict,
    DomainError,
    InUse,
    NotFound,
    PermissionDenied,
    StorageFull,
    StorageUnavailable,
    ValidationFailed,
)
from cms.core.locales import locale_codes
from cms.core.messages import worded
from cms.core.uploads import refusal_body
from cms.media.images.api import router as media_router
from cms.pages.api import PAGE_WRITE_URL_NAMES, refused_page
from cms.pages.api import router as pages_router
from cms.pages.bulk.api import router as bulk_router
from cms.pages.dated.api import router as dated_router
from cms.pages.grants.api import router as grants_router
from cms.pages.reports.api import router as reports_router
from cms.pages.reviews.api import router as reviews_router
from cms.pages.reviews.services import ChangedSinceSubmitted
from cms.pages.revisions.api import router as revisions_router
from cms.pages.scheduling.api import router as scheduling_router
from cms.pages.text_links.api import router as links_router
from cms.pages.translations.api import router as translations_router
from cms.pages.trash.api import router as trash_router
from cms.pages.working_copies.api import router as working_copies_router
from cms.search.api import router as search_router


class BackOfficeAPI(NinjaAPI):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._documents: dict[tuple[str, tuple[str, ...]], OpenAPISchema] = {}

    def get_openapi_schema(self, *, path_prefix: str | None = None, path_params: Any = None) -> OpenAPISchema:
        """The document (a copy, its reader's to change), built once per process for each address
        it is served at and each set of locales: building it walks every operation's schemas
        (about 0.3 s), the same every time."""
        if path_prefix is None:
            path_prefix = self.get_root_path(path_params or {})
        key = (path_prefix, tuple(locale_codes()))
        if key not in self._documents:
            self._documents[key] = self._build_openapi_schema(path_prefix=path_prefix)
        built = self._documents[key]
        # The document's own keys deep, not the attributes it carries (the API itself): a shallow
        # copy keeps those, and its keys are then replaced by copies.
        document = copy.copy(built)
        document.update(copy.deepcopy(dict(built)))
        return document

    def _build_openapi_schema(self, **kwargs: Any) -> OpenAPISchema:
        """The document, listing the website's locales wherever an address takes one, and the
        schemas of the data the admin screens embed (no call answers those, but the frontend's
        types come from this document).

        Documentation only: an unknown locale still answers 404 (DESIGN.md §3), not 422.
        """
        schema = super().get_openapi_schema(**kwargs)
        for operations in schema["paths"].values():
            for operation in operations.values():
                for parameter in operation.get("parameters", []):
                    if parameter["in"] == "path" and parameter["name"] == "locale":
                        parameter["schema"]["enum"] = locale_codes()
        _add_components(schema["components"]["schemas"], SCREEN_SCHEMAS)
        document_json_refusals(schema)
        document_locale_maps(schema)
        return schema


def _add_components(components: dict[str, Any], models: tuple[type[BaseModel], ...]) -> None:
    """Add the models' schemas (and those they use) as ninja writes an answer's schema."""
    _, document = models_json_schema(
        [(model, "serialization") for model in models],
        by_alias=True,
        ref_template=REF_TEMPLATE,
        schema_generator=NinjaGenerateJsonSchema,
    )
    for name, definition in document.get("$defs", {}).items():
        # A schema the calls already list (PageOut …) must come out the same: one name, one shape.
        if components.setdefault(name, definition) != definition:
            raise ValueError(f"Two different OpenAPI schemas are named {name!r}")


api = BackOfficeAPI(
    title="Back office API",
    version="1",
    urls_namespace="api",
    openapi_url="/api/openapi.json",
    docs_url="/api/docs",
    renderer=ORJSONRenderer(),
    auth=staff_session,
    docs_decorator=staff_json_required,
)
api.add_router("/", pages_router)
api.add_router("/", trash_router)
api.add_router("/", bulk_router)
api.add_router("/", revisions_router)
api.add_router("/", working_copies_router)
api.add_router("/", scheduling_router)
api.add_router("/", reviews_router)
api.add_router("/", translations_router)
api.add_router("/", reports_router)
api.add_router("/", links_router)
api.add_router("/", dated_router)
api.add_router("/", media_router)
api.add_router("/", grants_router)
api.add_router("/", people_router)
api.add_router("/", invitations_router)
api.add_router("/", two_factor_router)
api.add_router("/", audit_router)
api.add_router("/", search_router)


# A domain error's messages are worded here, in the request's interface language
# (cms.core.messages): the answer is the one place they become text.
@api.exception_handler(BadRequest)
def bad_request(request: HttpRequest, exc: BadRequest) -> HttpResponse:
    return api.create_response(request, {"detail": str(exc.message)}, status=400)


@api.exception_handler(NotFound)
def not_found(request: HttpRequest, exc: NotFound) -> HttpResponse:
    return api.create_response(request, {"detail": str(exc.message)}, status=404)


@api.exception_handler(PermissionDenied)
def permission_denied(request: HttpRequest, exc: PermissionDenied) -> HttpResponse:
    return api.create_response(request, {"detail": str(exc.message)}, status=403)


@api.exception_handler(Conflict)
def conflict(request: HttpRequest, exc: Conflict) -> HttpResponse:
    body = {"detail": str(exc.message), "lock_version": exc.current_version}
    return api.create_response(request, body, status=409)


@api.exception_handler(ChangedSinceSubmitted)
def changed_since_submitted(request: HttpRequest, exc: ChangedSinceSubmitted) -> HttpResponse:
    # What the reviewer needs to see: the fields the change sets that were changed since.
    body = {"detail": str(exc.message), "lock_version": exc.current_version, "fields": exc.fields}
    return api.create_response(request, body, status=409)


@api.exception_handler(InUse)
def in_use(request: HttpRequest, exc: InUse) -> HttpResponse:
    return api.create_response(request, {"detail": str(exc.message)}, status=409)


@api.exception_handler(StorageFull)
def storage_full(request: HttpRequest, exc: StorageFull) -> HttpResponse:
    # In the upload error shape too (`error`): only uploads write enough to fill a disk.
    return api.create_response(request, refusal_body(str(exc.message)), status=507)


@api.exception_handler(StorageUnavailable)
def storage_unavailable(request: HttpRequest, exc: StorageUnavailable) -> HttpResponse:
    # The upload error shape (`error`, which the uploader shows) and `errors`, as a 503 of the
    # database has: the caller may try again; nothing was kept (cms.media.storage.uploads).
    text = str(exc.message)
    response = api.create_response(request, {**refusal_body(text), "errors": [["base", text]]}, status=503)
    response["Retry-After"] = "5"
    return response


@api.exception_handler(ValidationFailed)
def validation_failed(request: HttpRequest, exc: ValidationFailed) -> HttpResponse:
    errors = [list(error) for error in worded(exc.errors)]
    return api.create_response(request, {"detail": str(exc.message), "errors": errors}, status=422)


# The objects payloads are wrapped in ({"page": {…}}): not an attribute the editor knows.
PAYLOAD_WRAPPERS = ("body", "payload", "page", "image", "attachment", "user", "invitation")


@api.exception_handler(ValidationError)
def invalid_input(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """Answer malformed fields in the spec's error shape: (attribute, message) pairs.

    The messages are pydantic's, in English whatever the interface language: the admin's own
    forms never send a malformed field, and half-translated sentences would read worse.
    """
    errors: list[list[str]] = []
    for error in exc.errors:
        # Leave out the wrappers and the names pydantic gives the members of a union
        # ("literal[False]", "function-before[…]"): they mean nothing to an editor.
        location = [
            part
            for part in error.get("loc", ())
            if part not in PAYLOAD_WRAPPERS and not (isinstance(part, str) and "[" in part)
        ]
        message = error.get("msg", "is invalid")
        if len(location) > 1:  # inside a list of link records: say which record and field
            where = " ".join(f"record {part + 1}" if isinstance(part, int) else str(part) for part in location[1:])
            message = f"{where}: {message}"
        attribute = str(location[0]) if location else "page"
        if not any(known == attribute for known, _ in errors):  # one message per attribute is enough
            errors.append([attribute, message])
    detail = "; ".join(f"{attribute}: {message}" for attribute, message in errors)
    match = request.resolver_match
    if request.method in ("POST", "PUT") and match and match.url_name in PAGE_WRITE_URL_NAMES:
        # A refused page save answers the page shape, whatever refused it (DESIGN.md §3).
        with contextlib.suppress(DomainError):
            page = refused_page(request, [(a, m) for a, m in errors])
            return api.create_response(request, {**page, "detail": detail}, status=422)
    return api.create_response(request, {"detail": detail, "errors": errors}, status=422)
