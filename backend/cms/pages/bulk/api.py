"""HTTP layer of bulk actions (DESIGN.md §3 Links and bulk work): parse, call one service, answer."""

from typing import Any

from ninja import Query, Router, Status

from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.mail.composing import request_base_url
from cms.pages.bulk import MAX_PAGES, services
from cms.pages.bulk.schemas import BulkIn, JobOut, JobStartedOut

router = Router(tags=["bulk actions"])

READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


@router.post(
    "/{locale}/bulk.json",
    response={202: JobStartedOut, 400: ErrorOut, 415: ErrorOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="startBulkJob",
    openapi_extra={
        "responses": {
            400: {"description": "The body can't be read (not JSON, or nested too deeply)"},
            403: {"description": "Not signed in as staff, or no CSRF token"},
            404: {"description": "Unknown locale"},
            415: {"description": "A form body where JSON is expected"},
            422: {
                "description": "Nothing stored: an unknown action; `page_ids` empty, longer than"
                f" {MAX_PAGES:,}, listing a page twice, or holding anything but page ids (whole numbers from 1 to"
                " 2^63-1); `parent_page_id` left out of a move or naming no page; `tag` left out of tag or untag,"
                " blank, longer than 100 characters or holding text no database can store; any of"
                " `parent_page_id`, `tag` and `message` sent with an action that takes none; an unknown field"
            },
        }
    },
)
def start_bulk_job(request: AuthenticatedRequest, locale: str, payload: BulkIn) -> Status:
    """Queue a job that writes each page in turn, as the signed-in user, as the page's own call
    would (its rights and the rules of a save checked page by page: a page refused is reported
    and the others go on). Answers at once; `GET /admin/jobs/{id}.json` follows it."""
    job = services.start_job(
        actor=request.auth, locale=locale, action=payload.action, page_ids=payload.page_ids,
        fields_sent=payload.model_fields_set, parent_page_id=payload.parent_page_id, tag=payload.tag,
        note=payload.message, base_url=request_base_url(request),
    )  # fmt: skip
    return Status(202, {"id": job.pk, "state": job.state, "total": job.total})


@router.get(
    "/jobs/{dbid:job_id}.json",
    response={200: JobOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="getBulkJob",
    openapi_extra={
        "responses": {
            404: {"description": "No such job, or another user's (only its creator and superusers see a job)"},
            422: {"description": f"`offset` is not a whole number from 0 to {MAX_PAGES:,}"},
        }
    },
)
def get_bulk_job(
    request: AuthenticatedRequest,
    job_id: int,
    offset: int = Query(
        0,
        ge=0,
        le=MAX_PAGES,
        description=f"The index of the first result to give; at most {services.RESULTS_PER_ANSWER:,} are given"
        " from it (ask again from `offset` + their number for the next)",
    ),
) -> dict[str, Any]:
    """A bulk job's progress and the results of its pages, in the order the pages were given."""
    return services.job_record(reader=request.auth, job_id=job_id, offset=offset)
