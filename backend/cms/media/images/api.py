"""HTTP layer of the media calls (spec §7): parse, call one service or selector, answer.

The image calls are here; the attachment calls (cms.media.attachments.api) join this router.
"""

from typing import Any

from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from cms.core.exceptions import ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.messages import message
from cms.core.schemas import ErrorOut, UploadRefusedOut
from cms.media import library
from cms.media.attachments.api import router as attachment_router
from cms.media.images import services
from cms.media.records import image_record
from cms.media.schemas import (
    ImageErrorsOut,
    ImageLibraryOut,
    ImageOut,
    ImageWriteIn,
    StoreUnavailableOut,
    UploadErrorOut,
)
from cms.media.selectors import image_get
from cms.media.storage.upload_errors import upload_error_text

router = Router(tags=["media"])
NO_FILE = _("No file was sent (the form field is %(field)s).")
router.add_router("", attachment_router)

# Every call needs a staff login (401 without one, 403 for others).
READ_ERRORS: dict[int, Any] = {401: ErrorOut, 403: ErrorOut}
# 400: a body that is not JSON; 415: a form body (multipart) where JSON is expected
# (cms.core.uploads); 422: a field of the wrong type, or a rule broken (`errors` pairs).
WRITE_ERRORS: dict[int, Any] = {400: ErrorOut, 404: ErrorOut, 415: ErrorOut, **READ_ERRORS}


@router.post(
    "/images.json",
    # 413 is answered by the upload guard (cms.core.uploads) before this view runs, 400 by
    # Django for a body it can't parse (config.urls handler400).
    # 507: no room left to store it, 503: the file store can't be reached (cms.media.storage.uploads);
    # nothing is kept.
    response={
        201: ImageOut,
        422: UploadErrorOut,
        413: UploadErrorOut,
        507: UploadRefusedOut,
        503: StoreUnavailableOut,
        400: ErrorOut,
        **READ_ERRORS,
    },
    operation_id="uploadImage",
    openapi_extra={
        "requestBody": {
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": ["image[file]"],
                        "properties": {
                            "image[file]": {"type": "string", "format": "binary"},
                            "image[alternative][en]": {"type": "string"},
                        },
                    }
                }
            }
        }
    },
)
def upload_image(request: AuthenticatedRequest) -> Status:
    """Store an image sent as multipart `image[file]` with `image[alternative][{locale}]` fields."""
    # Read from the form directly: the spec's bracketed field names are not Python names.
    upload = request.FILES.get("image[file]")
    if upload is None:
        return Status(422, {"status": "error", "error": str(message(NO_FILE, field="image[file]"))})
    alternative = {
        key.removeprefix("image[alternative][").removesuffix("]"): request.POST.get(key, "")
        for key in request.POST
        if key.startswith("image[alternative][")
    }
    try:
        image = services.image_create(actor=request.auth, upload=upload, alternative=alternative)
    except ValidationFailed as exc:
        # The spec's upload error shape: the message the editor shows in its toast.
        attribute, problem = exc.errors[0]
        return Status(422, {"status": "error", "error": upload_error_text(attribute, problem)})
    return Status(201, image_record(image))


@router.get(
    "/images.json",
    response={200: ImageLibraryOut, 422: ImageErrorsOut, **READ_ERRORS},
    operation_id="listImages",
)
def list_images(
    request: AuthenticatedRequest,
    q: str = Query("", max_length=200, description="Matches filename, captions and alternative texts"),
    missing_alt: str | None = Query(None, description="Only images without alternative text in this locale"),
    page: int = Query(1, ge=1, le=library.MAX_PAGE),
) -> dict[str, Any]:
    """The image library: newest first, 48 a page."""
    return library.image_library(q=q, missing_alt=missing_alt, page=page)


@router.get(
    "/images/{dbid:image_id}.json",
    response={200: ImageOut, 404: ErrorOut, **READ_ERRORS},
    operation_id="getImage",
)
def get_image(request: AuthenticatedRequest, image_id: int) -> dict[str, Any]:
    return image_record(image_get(image_id))


@router.put(
    "/images/{dbid:image_id}.json",
    response={200: ImageOut, 422: ImageErrorsOut, **WRITE_ERRORS},
    operation_id="updateImage",
)
def update_image(request: AuthenticatedRequest, image_id: int, payload: ImageWriteIn) -> dict[str, Any]:
    """Change alternative texts and captions (per locale), the crop and the focal point."""
    changes = payload.image.model_dump(exclude_unset=True)
    return image_record(services.image_update(actor=request.auth, image_id=image_id, changes=changes))


@router.put(
    "/images/{dbid:image_id}",
    response={200: ImageOut, 422: ImageErrorsOut, **WRITE_ERRORS},
    operation_id="updateImageWithoutSuffix",
    summary="Update Image (the spec's address, without .json)",
)
def update_image_without_suffix(request: AuthenticatedRequest, image_id: int, payload: ImageWriteIn) -> dict[str, Any]:
    return update_image(request, image_id, payload)


@router.delete(
    "/images/{dbid:image_id}.json",
    response={204: None, 404: ErrorOut, 409: ErrorOut, **READ_ERRORS},
    operation_id="deleteImage",
    openapi_extra={
        "responses": {
            204: {"description": "Deleted: the record, its original and its renditions"},
            403: {"description": "Not staff, no CSRF token, or a page the user may not edit shows it"},
            409: {"description": "A page shows it (a link, a sharing image, an embed code): remove it there first"},
        }
    },
)
def delete_image(request: AuthenticatedRequest, image_id: int) -> Status:
    """Delete an image from the library; only one no page shows (its library record's `pages` is empty)."""
    services.image_delete(actor=request.auth, image_id=image_id)
    return Status(204, None)
