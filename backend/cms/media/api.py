"""HTTP layer of the image calls (spec §7)."""

from typing import Any

from ninja import Router, Status

from cms.core.exceptions import ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.schemas import ErrorOut
from cms.media import selectors, services
from cms.media.schemas import ImageOut, UploadErrorOut

router = Router(tags=["media"])


@router.post(
    "/images.json",
    # 413 is answered by the upload guard (cms.core.uploads) before this view runs, 400 by
    # Django for a body it can't parse (config.urls handler400).
    response={201: ImageOut, 422: UploadErrorOut, 413: UploadErrorOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut},
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
        return Status(422, {"status": "error", "error": "No file was sent (the form field is image[file])."})
    alternative = {
        key.removeprefix("image[alternative][").removesuffix("]"): request.POST.get(key, "")
        for key in request.POST
        if key.startswith("image[alternative][")
    }
    try:
        image = services.image_create(actor=request.auth, upload=upload, alternative=alternative)
    except ValidationFailed as exc:
        # The spec's upload error shape: the message the editor shows in its toast.
        attribute, message = exc.errors[0]
        subject = "The file" if attribute == "file" else f"The {attribute} text"
        return Status(422, {"status": "error", "error": f"{subject} {message}."})
    return Status(201, selectors.image_record(image))


@router.get(
    "/images/{dbid:image_id}.json",
    response={200: ImageOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut},
    operation_id="getImage",
)
def get_image(request: AuthenticatedRequest, image_id: int) -> dict[str, Any]:
    return selectors.image_record(selectors.image_get(image_id))
