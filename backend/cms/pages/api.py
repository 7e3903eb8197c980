"""HTTP layer of the page calls (spec §7, DESIGN.md §3): parse, call one service, answer."""

import re
from collections.abc import Sequence
from typing import Any, Literal

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from cms.audit import log as audit
from cms.audit.schemas import AuditEntryOut
from cms.core.exceptions import NotFound, ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import unstorable_text_message
from cms.core.json import dumps
from cms.core.locales import get_locale
from cms.core.messages import Message, message, worded
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.pages import read_model
from cms.pages.audit_names import subject_names
from cms.pages.models import Page
from cms.pages.saving import services, trash, validation
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.tags import MAX_TAG_LENGTH, tags_starting_with
from cms.pages.scheduling.applying import apply_if_due
from cms.pages.schemas import (
    ConflictOut,
    MoveIn,
    PageOut,
    PageWriteIn,
    TagsOut,
    TemplateOut,
    TreePageOut,
)
from cms.pages.templates_registry import registry
from cms.pages.translations.filtering import translation_records

router = Router(tags=["pages"])

# Every call needs a staff login (401 without one, 403 for others) and a known locale (404).
READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
# 415: a form body (multipart) where JSON is expected (cms.core.uploads).
WRITE_ERRORS: dict[int, Any] = {400: ErrorOut, 415: ErrorOut, **READ_ERRORS}


# `parent_ids`: the most nodes one call answers the children of, and what each entry may be.
MAX_PARENT_IDS = 100
PARENT_ID = re.compile(r"root|[0-9]{1,18}")
LIST_MODES = ("parent_id", "parent_ids", "q", "translation")
COMBINED = _("can't be combined with %(other)s: give only one of parent_id, parent_ids, q and translation")
GIVEN_TWICE = _("is given more than once: list every node in one parameter")
NONE_LISTED = _("must list at least one page id or root")
TOO_MANY = _("lists %(count)d entries; at most %(limit)d are answered in one call")
NOT_AN_ID = _("entry %(number)d is not a page id (up to 18 digits) or root")
LISTED_TWICE = _("entry %(number)d lists %(entry)s again: list each node once")
LIST_422 = (
    "A parameter is malformed: `parent_id` or an entry of `parent_ids` is not a page id (up to 18 digits) or"
    f" `root`; `parent_ids` is empty, lists more than {MAX_PARENT_IDS} entries, lists one twice, or is given"
    " twice; `q` is blank, longer than 200 characters or holds text no database can store; `translation` is not"
    " `outdated` or `missing`; or more than one of `parent_id`, `parent_ids`, `q` and `translation` is given."
)


@router.get(
    "/{locale}/pages.json",
    response={200: list[TreePageOut], 400: ErrorOut, 422: ValidationErrorOut, **READ_ERRORS},
    operation_id="listPages",
    url_name="pages",
    openapi_extra={
        "responses": {
            400: {"description": "The request can't be read (more query parameters than the server accepts)"},
            404: {"description": "Unknown locale"},
            422: {"description": LIST_422},
        }
    },
)
def list_pages(
    request: AuthenticatedRequest,
    locale: str,
    parent_id: str | None = Query(
        None, pattern=f"^({PARENT_ID.pattern})$", description="Only this page's children; `root` for the top level"
    ),
    parent_ids: str | None = Query(
        None,
        description=(
            f"The children of several nodes in one read: a comma-separated list of at most {MAX_PARENT_IDS} page"
            " ids, `root` for the top level (e.g. `12,root,40`), each listed once. The answer holds each node's"
            " children as `parent_id` answers them, grouped in the order the nodes are listed; a node without"
            " children (or that does not exist) adds nothing."
        ),
        example="12,root,40",
    ),
    q: str | None = Query(
        None, min_length=1, max_length=200, description="Pages whose name contains this, with their ancestors"
    ),
    translation: Literal["outdated", "missing"] | None = Query(
        None,
        description="Pages whose translation into the address's locale is in this state (none in the default"
        " locale), with their ancestors",
    ),
) -> HttpResponse:
    """Every page as a tree node (the page-tree data source); or, with one of these parameters
    (never more than one), one node's children (`parent_id`), several nodes' children in one read
    (`parent_ids`), a search (`q`), or the pages whose translation is outdated or missing
    (`translation`). Children come in the tree's order, deleted ones included."""
    user = request.auth
    modes = (parent_id, parent_ids, q, translation)
    given = [name for name, value in zip(LIST_MODES, modes, strict=True) if value is not None]
    if len(given) > 1:
        refusal = message(COMBINED, other=given[0])
        raise ValidationFailed([(given[-1], refusal)])
    if q is not None:
        pages = dumps(read_model.search_records(q, locale=locale, user=user))
    elif translation is not None:
        pages = dumps(translation_records(translation, locale=locale, user=user))
    elif parent_id is not None:
        parent = None if parent_id == "root" else int(parent_id)
        pages = read_model.children_json([parent], locale=locale, user=user)
    elif parent_ids is not None:
        parents = parse_parent_ids(parent_ids, repeated=len(request.GET.getlist("parent_ids")) > 1)
        pages = read_model.children_json(parents, locale=locale, user=user)
    else:
        pages = read_model.tree_json(locale=locale, user=user)
    # Serialised directly: validating 10,000 records through pydantic would triple the time.
    return HttpResponse(pages, content_type="application/json")


def parse_parent_ids(text: str, *, repeated: bool = False) -> list[int | None]:
    """Read `parent_ids` (see list_pages), None standing for the top level; refuse anything else
    with a message that says what is wrong, quoting only entries already read as ids (the input
    may hold anything)."""
    if repeated:
        raise ValidationFailed([("parent_ids", GIVEN_TWICE)])
    if not text:
        raise ValidationFailed([("parent_ids", NONE_LISTED)])
    entries = text.split(",")
    if len(entries) > MAX_PARENT_IDS:
        raise ValidationFailed([("parent_ids", message(TOO_MANY, count=len(entries), limit=MAX_PARENT_IDS))])
    parents: list[int | None] = []
    for number, entry in enumerate(entries, 1):
        if not PARENT_ID.fullmatch(entry):
            raise ValidationFailed([("parent_ids", message(NOT_AN_ID, number=number))])
        parent = None if entry == "root" else int(entry)
        if parent in parents:
            raise ValidationFailed([("parent_ids", message(LISTED_TWICE, number=number, entry=entry))])
        parents.append(parent)
    return parents


@router.get(
    "/{locale}/pages/{dbid:page_id}.json",
    response={200: PageOut, **READ_ERRORS},
    operation_id="getPage",
    url_name="page",
)
def get_page(request: AuthenticatedRequest, locale: str, page_id: int) -> dict[str, Any]:
    apply_if_due(page_id=page_id)  # its scheduled changes whose time has come show at once (no query until then)
    return read_model.page_record(page_id, locale=locale, user=request.auth)


@router.get(
    "/{locale}/pages/{dbid:page_id}/history.json",
    response={200: list[AuditEntryOut], **READ_ERRORS},
    operation_id="getPageHistory",
)
def get_page_history(request: AuthenticatedRequest, locale: str, page_id: int) -> list[dict[str, Any]]:
    """What was done to the page, by whom and when, newest first; pages, images and files the
    entries mention are named in the address's locale (`subject_name`, `names`)."""
    get_locale(locale)
    if not Page.objects.filter(pk=page_id).exists():
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    return audit.history("page", page_id, namer=subject_names(locale))


@router.post(
    "/{locale}/pages.json",
    response={201: PageOut, 422: PageOut | ValidationErrorOut, **WRITE_ERRORS},
    operation_id="createPage",
    url_name="pages",
)
def create_page(request: AuthenticatedRequest, locale: str, payload: PageWriteIn) -> Status:
    user = request.auth
    try:
        page = services.page_create(actor=user, locale=locale, changes=PageChanges.from_input(payload.page))
    except ValidationFailed as exc:
        return Status(422, refused_page(request, exc.errors))
    return Status(201, read_model.page_record(page.pk, locale=locale, user=user))


@router.put(
    "/{locale}/pages/{dbid:page_id}.json",
    response={200: PageOut, 409: ConflictOut, 422: PageOut | ValidationErrorOut, **WRITE_ERRORS},
    operation_id="updatePage",
    url_name="page",
)
def update_page(request: AuthenticatedRequest, locale: str, page_id: int, payload: PageWriteIn) -> Status:
    user = request.auth
    try:
        changes = PageChanges.from_input(payload.page)
        page = services.page_update(actor=user, page_id=page_id, locale=locale, changes=changes)
    except ValidationFailed as exc:
        return Status(422, refused_page(request, exc.errors))
    return Status(200, read_model.page_record(page.pk, locale=locale, user=user))


@router.delete(
    "/{locale}/pages/{dbid:page_id}.json",
    response={204: None, 409: ConflictOut, **WRITE_ERRORS},
    operation_id="purgePage",
    openapi_extra={
        "responses": {
            403: {"description": "Not a superuser"},
            404: {"description": "Unknown locale or page"},
            409: {"description": "The page is not deleted: only deleted pages can be removed for good"},
        }
    },
)
def purge_page(request: AuthenticatedRequest, locale: str, page_id: int) -> Status:
    """Remove a deleted page and the pages deleted with it for good (superusers only)."""
    get_locale(locale)
    trash.page_purge(actor=request.auth, page_id=page_id)
    return Status(204, None)


@router.put(
    "/{locale}/pages/{dbid:page_id}/move.json",
    response={200: TreePageOut, 422: ValidationErrorOut, **WRITE_ERRORS},
    operation_id="movePage",
)
def move_page(request: AuthenticatedRequest, locale: str, page_id: int, payload: MoveIn) -> dict[str, Any]:
    get_locale(locale)
    # The tree sends false for the top level; 0 is no page (and is refused as one).
    parent_id = None if payload.parent_id is False or payload.parent_id is None else payload.parent_id
    page = services.page_move(actor=request.auth, page_id=page_id, parent_id=parent_id, position=payload.position)
    return read_model.records_by_id([page.pk], locale=locale, user=request.auth)[0]


@router.get(
    "/tags.json",
    response={200: TagsOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 422: ValidationErrorOut},
    operation_id="listTags",
    openapi_extra={
        "responses": {422: {"description": "`q` is longer than 100 characters or holds text no database can store"}}
    },
)
def list_tags(
    request: AuthenticatedRequest,
    q: str = Query("", max_length=MAX_TAG_LENGTH, description="The start of a tag's name, whatever the letter case"),
) -> dict[str, Any]:
    """Tags whose name starts with `q`, alphabetically, at most 20: the tag editor's suggestions
    beyond those a page record carries (`tags_and_suggestions` is bounded)."""
    if problem := unstorable_text_message(q):
        raise ValidationFailed([("q", problem)])
    return {"tags": tags_starting_with(q)}


@router.get(
    "/{locale}/templates.json",
    response={200: list[TemplateOut], **READ_ERRORS},
    by_alias=True,
    operation_id="listTemplates",
)
def list_templates(request: AuthenticatedRequest, locale: str) -> list[dict[str, Any]]:
    # Their texts (names, block titles …) in the user's interface language.
    get_locale(locale)
    return registry().as_dicts(get_language())


def refused_page(request: HttpRequest, errors: Sequence[tuple[str, Message]]) -> dict[str, Any]:
    """Return the answer to a refused save: the page shape (as stored; blank for a new page)
    with its errors, worded in the interface language. Also used for payloads that fail their
    schema (see cms.api.api)."""
    texts = worded(errors)
    match = request.resolver_match
    assert match is not None
    locale, page_id = match.kwargs["locale"], match.kwargs.get("page_id")
    if page_id:
        return read_model.page_record(page_id, locale=locale, user=request.user, errors=texts)
    page = Page(template=registry().default.template_name)
    return read_model.unsaved_page_record(page, locale=locale, user=request.user, errors=texts)


PAGE_WRITE_URL_NAMES = {"page", "pages"}
