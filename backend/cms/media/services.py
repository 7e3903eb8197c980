"""Writes of media: storing uploaded images."""

import os
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from cms.core.exceptions import ValidationFailed
from cms.core.locales import locale_codes
from cms.media.images import read_image_info
from cms.media.models import Image

MAX_UPLOAD_BYTES = 50 * 1024 * 1024


def image_create(*, upload: UploadedFile, alternative: dict[str, str], user: Any) -> Image:
    """Store an uploaded image after checking its content; alternative text per locale."""
    if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
        raise ValidationFailed([("file", f"is too large: at most {MAX_UPLOAD_BYTES // (1024 * 1024)} MB")])
    info = read_image_info(_source(upload))
    known = set(locale_codes())
    image = Image(
        filename=os.path.basename(upload.name or "image"),
        content_type=info.content_type,
        byte_size=upload.size or 0,
        real_width=info.width,
        real_height=info.height,
        alternative={code: text.strip() for code, text in alternative.items() if code in known},
        uploaded_by=user,
    )
    with transaction.atomic():
        image.file.save(image.filename, upload, save=False)
        image.save()
    return image


def _source(upload: UploadedFile) -> str | bytes:
    """Return what libvips reads: a large upload's temporary file, or a small one's bytes."""
    if hasattr(upload, "temporary_file_path"):
        return str(upload.temporary_file_path())
    data = upload.read()
    upload.seek(0)
    return data
