"""HTTP layer of the attachment calls (spec §7, and the file library): parse, call one service or
selector, answer."""

from typing import Any

from django.http import QueryDict
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from cms.core.exceptions import ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.messages import message
from cms.core.schemas import ErrorOut, UploadRefusedOut
from cms.media import library
from cms.media.attachments import services
from cms.media.records import attachment_record
from cms.media.schemas import (
    AttachmentLibraryOut,
    AttachmentOut,
    AttachmentWriteIn,
    ImageErrorsOut,
    StoreUnavailableOut,
    UploadErrorOut,
)
from cms.media.selectors import attachment_get
from cms.media.storage.upload_errors import upload_error_text

router = Router(tags=["attachments"])

# Every call needs a staff login (401 without one, 403 for others).
READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut}
# 400: a body that is not JSON; 415: a form body (multipart) where JSON is expected
# (cms.core.uploads); 422: a field of the wrong type, or a rule broken (`errors` pairs).
WRITE_ERRORS: dict[int, Any] = {400: ErrorOut, 404: ErrorOut, 415: ErrorOut, **READ_ERRORS}
# 413 is answered by the upload guard (cms.core.uploads) before the view runs, 400 by Django for
# a body it can't parse (config.urls handler400); 422 in the spec's upload error shape; 507 when
# there is no room left to store the file, 503 when the file store can't be reached (nothing is
# kept either way).
UPLOAD_ERRORS: dict[int, Any] = {
    422: UploadErrorOut,
    413: UploadErrorOut,
    507: UploadRefusedOut,
    503: StoreUnavailableOut,
    400: ErrorOut,
    **READ_ERRORS,
}
FILE_FIELD = "attachment[file]"
NOT_SENT = _("was not sent (the form field is %(field)s)")
SENT_TWICE = _("was sent more than once: send one file at a time")


def multipart_body(*fields: str) -> dict[str, Any]:
    """Describe a multipart body with the attachment's file and the given text fields."""
    properties = {FILE_FIELD: {"type": "string", "format": "binary"}}
    properties.update({field: {"type": "string"} for field in fields})
    schema = {"type": "object", "required": [FILE_FIELD], "properties": properties}
    return {"requestBody": {"content": {"multipart/form-data": {"schema": schema}}}}


@router.post(
    "/attachments.json",
    response={201: AttachmentOut, **UPLOAD_ERRORS},
    operation_id="uploadAttachment",
    openapi_extra=multipart_body("attachment[name][en]", "attachment[description][en]"),
)
def upload_attachment(request: AuthenticatedRequest) -> Status:
    """Store a file sent as multipart `attachment[file]` with `attachment[name][{locale}]` fields."""
    # Read from the form directly: the spec's bracketed field names are not Python names.
    try:
        attachment = services.attachment_create(
            actor=request.auth,
            upload=_one_file(request.FILES),
            name=_locale_fields(request.POST, "name"),
            description=_locale_fields(request.POST, "description"),
        )
    except ValidationFailed as exc:
        return Status(422, _upload_error(exc))
    return Status(201, attachment_record(attachment))


@router.get(
    "/attachments.json",
    response={200: AttachmentLibraryOut, 422: ImageErrorsOut, **READ_ERRORS},
    operation_id="listAttachments",
)
def list_attachments(
    request: AuthenticatedRequest,
    q: str = Query("", max_length=200, description="Matches the filename and the names in any locale"),
    page: int = Query(1, ge=1, le=library.MAX_PAGE),
) -> dict[str, Any]:
    """The file library: newest first, 48 a page, with the pages that link to each file."""
    return library.attachment_library(q=q, page=page)


@router.get(
    "/attachments/{dbid:attachment_id}.json",
    response={200: AttachmentOut, 404: ErrorOut, **READ_ERRORS},
    operation_id="getAttachment",
)
def get_attachment(request: AuthenticatedRequest, attachment_id: int) -> dict[str, Any]:
    return attachment_record(attachment_get(attachment_id))


@router.put(
    "/attachments/{dbid:attachment_id}.json",
    response={200: AttachmentOut, 422: ImageErrorsOut, **WRITE_ERRORS},
    operation_id="updateAttachment",
)
def update_attachment(request: AuthenticatedRequest, attachment_id: int, payload: AttachmentWriteIn) -> dict[str, Any]:
    """Change names and descriptions (per locale)."""
    changes = payload.attachment.model_dump(exclude_unset=True)
    attachment = services.attachment_update(actor=request.auth, attachment_id=attachment_id, changes=changes)
    return attachment_record(attachment)


@router.put(
    "/attachments/{dbid:attachment_id}",
    response={200: AttachmentOut, 422: ImageErrorsOut, **WRITE_ERRORS},
    operation_id="updateAttachmentWithoutSuffix",
    summary="Update Attachment (the spec's address, without .json)",
)
def update_attachment_without_suffix(
    request: AuthenticatedRequest, attachment_id: int, payload: AttachmentWriteIn
) -> dict[str, Any]:
    return update_attachment(request, attachment_id, payload)


@router.delete(
    "/attachments/{dbid:attachment_id}.json",
    response={204: None, 404: ErrorOut, 409: ErrorOut, **READ_ERRORS},
    operation_id="deleteAttachment",
    openapi_extra={
        "responses": {
            204: {"description": "Deleted: the record and its stored file"},
            403: {"description": "Not staff, no CSRF token, or a page the user may not edit shows it"},
            409: {"description": "A page shows it (a link or an embed code): remove it there first"},
        }
    },
)
def delete_attachment(request: AuthenticatedRequest, attachment_id: int) -> Status:
    """Delete a file from the library; only one no page shows (its library record's `pages` is empty)."""
    services.attachment_delete(actor=request.auth, attachment_id=attachment_id)
    return Status(204, None)


@router.post(
    "/attachments/{dbid:attachment_id}/file.json",
    response={200: AttachmentOut, 404: ErrorOut, **UPLOAD_ERRORS},
    operation_id="replaceAttachmentFile",
    openapi_extra=multipart_body(),
)
def replace_attachment_file(request: AuthenticatedRequest, attachment_id: int) -> Status:
    """Put a new file (multipart `attachment[file]`) in place of the attachment's, keeping its
    address, texts and page links."""
    try:
        upload = _one_file(request.FILES)
        attachment = services.attachment_replace_file(actor=request.auth, attachment_id=attachment_id, upload=upload)
    except ValidationFailed as exc:
        return Status(422, _upload_error(exc))
    return Status(200, attachment_record(attachment))


def _one_file(files: MultiValueDict) -> Any:
    sent = files.getlist(FILE_FIELD)
    if not sent:
        raise ValidationFailed([("file", message(NOT_SENT, field=FILE_FIELD))])
    if len(sent) > 1:
        raise ValidationFailed([("file", SENT_TWICE)])
    return sent[0]


def _locale_fields(form: QueryDict, field: str) -> dict[str, str]:
    """Return the `attachment[{field}][{locale}]` fields of a form as a locale map."""
    prefix = f"attachment[{field}]["
    return {key.removeprefix(prefix).removesuffix("]"): form.get(key, "") for key in form if key.startswith(prefix)}


def _upload_error(exc: ValidationFailed) -> dict[str, str]:
    """The spec's upload error shape: the message the editor shows in its toast."""
    attribute, problem = exc.errors[0]
    return {"status": "error", "error": upload_error_text(attribute, problem)}
