"""HTTP layer of the content search (DESIGN.md §3): parse, call the service, answer."""

from typing import Any

from ninja import Query, Router

from cms.core.http import AuthenticatedRequest
from cms.core.locales import get_locale
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.search import services
from cms.search.schemas import SearchOut

router = Router(tags=["search"])

MAX_PAGE = 10_000


@router.get(
    "/{locale}/search.json",
    response={200: SearchOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ValidationErrorOut},
    operation_id="searchContent",
    openapi_extra={
        "responses": {
            400: {"description": "The request can't be read (more query parameters than the server accepts)"},
            404: {"description": "Unknown locale"},
            422: {
                "description": (
                    f"`q` is missing, shorter than {services.MIN_QUERY_LENGTH} characters once trimmed, longer than"
                    f" {services.MAX_QUERY_LENGTH}, or holds NUL or unpaired surrogates; or `page` is not a whole"
                    f" number from 1 to {MAX_PAGE:,}"
                )
            },
        }
    },
)
def search_content(
    request: AuthenticatedRequest,
    locale: str,
    q: str = Query(..., description="The words to find (all of them), in any locale's names and texts"),
    page: int = Query(1, ge=1, le=MAX_PAGE, description=f"1 for the best {services.ADMIN_PER_PAGE}, 2 for the next …"),
) -> dict[str, Any]:
    """Full-text search over every page's name and text blocks (localized and shared) in every
    locale, best first, 20 a page: one result per page and locale that holds every word. A tie
    lists the address's locale first. Deleted pages are left out. Past the last page: no results,
    the same `total`."""
    get_locale(locale)
    found = services.admin_search(q, locale=locale, page=page)
    return {
        "results": [
            {**result.__dict__, "highlights": [list(span) for span in result.highlights]} for result in found.results
        ],
        "total": found.total,
    }
