"""HTTP layer of the link calls (DESIGN §3, Links): parse, call one service, answer."""

from typing import Any

from ninja import Query, Router

from cms.core.http import AuthenticatedRequest
from cms.core.input_types import INT64_MAX
from cms.core.schemas import ValidationErrorOut
from cms.pages.api import READ_ERRORS
from cms.pages.text_links import services
from cms.pages.text_links.schemas import BrokenLinksOut, LinkedFromOut

router = Router(tags=["links"])
PAGE_422 = f"`page` is not a whole number from 1 to {services.MAX_PAGE}"
PAGE_DESCRIPTION = f"1 for the first {services.PER_PAGE}, 2 for the next …"


@router.get(
    "/{locale}/pages/{dbid:page_id}/linked_from.json",
    response={200: LinkedFromOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="getLinkedFrom",
    openapi_extra={"responses": {404: {"description": "No such locale or page"}, 422: {"description": PAGE_422}}},
)
def get_linked_from(
    request: AuthenticatedRequest,
    locale: str,
    page_id: int,
    page: int = Query(1, ge=1, le=services.MAX_PAGE, description=PAGE_DESCRIPTION),
) -> dict[str, Any]:
    """The pages whose text in any locale links to this page (by its address, an old address
    that redirects, or its permalink), deleted ones and itself left out."""
    return services.linked_from(locale, page_id, page)


@router.get(
    "/{locale}/broken_links.json",
    response={200: BrokenLinksOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="getBrokenLinks",
    openapi_extra={
        "responses": {
            404: {"description": "No such locale, or no page `under` or `page_id`"},
            422: {"description": f"{PAGE_422}, or `under` or `page_id` is not a page id"},
        }
    },
)
def get_broken_links(
    request: AuthenticatedRequest,
    locale: str,
    page: int = Query(1, ge=1, le=services.MAX_PAGE, description=PAGE_DESCRIPTION),
    under: int | None = Query(None, ge=1, le=INT64_MAX, description="Only the links of this page and those below it"),
    page_id: int | None = Query(None, ge=1, le=INT64_MAX, description="Only the links this page's text writes"),
) -> dict[str, Any]:
    """The broken links written in this locale's texts and in shared blocks: internal ones to a
    deleted, unpublished or missing page (a hidden page is reachable: not broken)."""
    return services.broken_links(locale, page=page, under=under, page_id=page_id)
