"""HTTP layer of the translation calls (issue 22): parse, call one service, answer."""

from typing import Any

from ninja import Query, Router

from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ValidationErrorOut
from cms.pages import read_model
from cms.pages.api import READ_ERRORS, WRITE_ERRORS
from cms.pages.schemas import ConflictOut, PageOut
from cms.pages.translations import checking, report, source_changes
from cms.pages.translations.schemas import SourceChangesOut, TranslationCheckedIn, TranslationReportOut

router = Router(tags=["translations"])
BASE = "/{locale}/pages/{dbid:page_id}"

CHECKED_422 = (
    "The locale is the default one (the source of the translations), or the page has no name in it; or `blocks`"
    f" is empty, lists more than {checking.MAX_BLOCKS} entries, one twice, or one that is not a localized block"
    " of the page's template; or the body is malformed"
)


@router.post(
    f"{BASE}/translation_checked.json",
    response={200: PageOut, 409: ConflictOut, 422: ValidationErrorOut, **WRITE_ERRORS},
    operation_id="markTranslationChecked",
    openapi_extra={"responses": {422: {"description": CHECKED_422}}},
)
def mark_translation_checked(
    request: AuthenticatedRequest, locale: str, page_id: int, payload: TranslationCheckedIn
) -> dict[str, Any]:
    """Mark the locale's outdated and copied blocks (those listed, or all) "checked, still right":
    they are current until the source changes again (a copy: until its text changes). Needs
    `edit`; a stale `lock_version` answers 409. Increments `lock_version` and logs one audit
    entry (`translation_checked`) when a block was outdated or copied; stores no revision (no
    text changed)."""
    checking.mark_checked(
        actor=request.auth, page_id=page_id, locale=locale, lock_version=payload.lock_version, blocks=payload.blocks
    )
    return read_model.page_record(page_id, locale=locale, user=request.auth)


@router.get(f"{BASE}/source_changes.json", response={200: SourceChangesOut, **READ_ERRORS},
            operation_id="getSourceChanges")  # fmt: skip
def get_source_changes(request: AuthenticatedRequest, locale: str, page_id: int) -> dict[str, Any]:
    """What changed in the default locale's text of each outdated block of the page in the locale
    since that locale's block was last saved or checked, and which of its blocks are copies of
    another locale's text (nothing for the default locale itself)."""
    return source_changes.source_changes(page_id, locale)


@router.get(
    "/{locale}/translations.json",
    response={200: TranslationReportOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="listTranslationsToDo",
    openapi_extra={
        "responses": {422: {"description": "`state` is not outdated or missing, or `page` not a whole number from 1"
                                           " to 1,000,000"}}
    },
)  # fmt: skip
def list_translations_to_do(
    request: AuthenticatedRequest,
    locale: str,
    state: str = Query(
        "outdated", pattern="^(outdated|missing)$", description="Pages whose translation is outdated, or missing"
    ),
    page: int = Query(1, ge=1, le=1_000_000, description=f"1 for the first {report.PER_PAGE}, 2 for the next …"),
) -> dict[str, Any]:
    """The translation report: the pages (not deleted) in the state in the locale, newest change
    of the source first, 50 a page (past the last: no items); none for the default locale."""
    return report.report(locale, state, page=page)
