"""HTTP layer of the content search (DESIGN.md §3): parse, call the service, answer."""

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from cms.core.http import AuthenticatedRequest
from cms.core.locales import get_locale
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.search import services
from cms.search.schemas import SearchOut

router = Router(tags=["search"])

MAX_PAGE = 10_000  # past the MAX_MATCHES ranked: no results, nothing more read
RETRY_AFTER_S = 5
DESCRIPTION = (
    "Full-text search over every page's name and the text of the blocks its template shows "
    "(localized and shared) in every locale, words found by their stems, best first, 20 a page: one "
    "result per page and locale that holds every word. A tie lists the address's locale first. "
    f"Deleted pages are left out. At most {services.MAX_MATCHES} matches are ranked (`total` counts "
    "those): a search that common is refined, not paged through. Past the last page: no results, the "
    "same `total`."
)
TOO_SLOW = _("The search took too long. Try fewer or rarer words.")


@router.get(
    "/{locale}/search.json",
    response={
        200: SearchOut,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        422: ValidationErrorOut,
        503: ValidationErrorOut,
    },
    operation_id="searchContent",
    description=DESCRIPTION,
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
            503: {
                "description": (
                    f"The search ran past its time limit ({services.TIMEOUT_MS:,} ms) and was stopped; `Retry-After`"
                    " says when to try again (fewer or rarer words find sooner)"
                ),
                "headers": {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}},
            },
        }
    },
)
def search_content(
    request: AuthenticatedRequest,
    response: HttpResponse,
    locale: str,
    q: str = Query(..., description="The words to find (all of them), in any locale's names and texts"),
    page: int = Query(1, ge=1, le=MAX_PAGE, description=f"1 for the best {services.ADMIN_PER_PAGE}, 2 for the next …"),
) -> dict[str, Any] | Status:
    get_locale(locale)
    try:
        found = services.admin_search(q, locale=locale, page=page)
    except services.SearchTooSlow:
        text = str(TOO_SLOW)
        response["Retry-After"] = str(RETRY_AFTER_S)
        return Status(503, {"detail": text, "errors": [["q", text]]})
    return {
        "results": [
            {**result.__dict__, "highlights": [list(span) for span in result.highlights]} for result in found.results
        ],
        "total": found.total,
    }
