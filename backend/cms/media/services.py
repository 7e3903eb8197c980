"""Writes of media: storing uploaded images."""

from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from cms.core.exceptions import ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.locales import locale_codes
from cms.core.uploads import file_too_large
from cms.media.images import read_image_info
from cms.media.models import Image
from cms.media.names import clean_filename


def image_create(*, actor: Any, upload: UploadedFile, alternative: dict[str, str]) -> Image:
    """Store an uploaded image after checking its content; alternative text per locale."""
    # The same limit the upload guard applies while reading the request (cms.core.uploads).
    limit = settings.CMS_IMAGE_MAX_UPLOAD_BYTES
    if upload.size is not None and upload.size > limit:
        raise ValidationFailed([("file", file_too_large(limit))])
    alternative = {code: text.strip() for code, text in alternative.items() if code in locale_codes()}
    if errors := _text_errors("alternative", alternative):
        raise ValidationFailed(errors)
    info = read_image_info(_source(upload))
    image = Image(
        filename=clean_filename(upload.name, fallback="image"),
        content_type=info.content_type,
        byte_size=upload.size or 0,
        real_width=info.width,
        real_height=info.height,
        alternative=alternative,
        uploaded_by=actor,
    )
    with transaction.atomic():
        # The stored name comes from the detected type (Image.file's upload_to), not this filename.
        image.file.save(image.filename, upload, save=False)
        image.save()
    return image


MAX_TEXT_LENGTH = 2000  # alternative texts and captions: a few sentences at most


def _text_errors(attribute: str, texts: dict[str, str]) -> list[tuple[str, str]]:
    """Return errors for per-locale texts that are too long or that no database can store."""
    errors = []
    for code, text in texts.items():
        if message := unstorable_text_message(text):
            errors.append((attribute, f"({code}) {message}"))
        elif len(text) > MAX_TEXT_LENGTH:
            errors.append((attribute, f"({code}) is too long (at most {MAX_TEXT_LENGTH} characters)"))
    return errors


def _source(upload: UploadedFile) -> str | bytes:
    """Return what libvips reads: a large upload's temporary file, or a small one's bytes."""
    if hasattr(upload, "temporary_file_path"):
        return str(upload.temporary_file_path())
    data = upload.read()
    upload.seek(0)
    return data
