"""HTTP layer of the reports (issue 31, item 7): parse, call one service, answer."""

from typing import Any

from django.utils.translation import get_language
from ninja import Query, Router

from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ValidationErrorOut
from cms.pages.api import READ_ERRORS
from cms.pages.reports import services
from cms.pages.reports.schemas import ExternalContentOut, TemplatesReportOut

router = Router(tags=["reports"])
PAGE_422 = f"`page` is not a whole number from 1 to {services.MAX_PAGE}"
# Printable text without control characters, quotes or angle brackets.
HOST_422 = f"`host` is longer than 253 or holds a control character, quote or angle bracket, or {PAGE_422}"
TEXT = r"^[^\x00-\x1f\x7f<>\"'\\]*$"


@router.get(
    "/{locale}/reports/templates.json",
    response={200: TemplatesReportOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="getTemplatesReport",
    openapi_extra={"responses": {422: {"description": f"`template` is not a template key, or {PAGE_422}"}}},
)
def get_templates_report(
    request: AuthenticatedRequest,
    locale: str,
    template: str | None = Query(None, min_length=1, max_length=64, pattern=TEXT, description="List its pages"),
    page: int = Query(1, ge=1, le=services.MAX_PAGE, description="1 for the first 50 pages of `template` …"),
) -> dict[str, Any]:
    """How many pages (not deleted) use each template, and with `template`, a page of them."""
    return services.templates_report(locale, get_language(), template, page)


@router.get(
    "/{locale}/reports/external_content.json",
    response={200: ExternalContentOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="getExternalContentReport",
    openapi_extra={"responses": {422: {"description": HOST_422}}},
)
def get_external_content_report(
    request: AuthenticatedRequest,
    locale: str,
    host: str = Query(
        "", max_length=253, pattern=TEXT, description="A host family, host or address: 'youtube' finds youtu.be too"
    ),
    page: int = Query(1, ge=1, le=services.MAX_PAGE, description="1 for the first 50 …"),
) -> dict[str, Any]:
    """The iframes, scripts, media and links to other hosts the pages' text blocks name, per
    block and locale (from the index the page save keeps)."""
    return services.external_content(locale, get_language(), host, page)
