"""Writes of media: storing uploaded images, changing their texts, crop and focal point.

Page answers show images, so a change must reach the page read model's cache: the pages app
listens for Image saves (cms.pages.apps) and forgets its cache when the transaction commits.
"""

from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cms.audit import log as audit
from cms.core.exceptions import InUse, NotFound, ValidationFailed
from cms.core.input_types import shown_text
from cms.core.locales import locale_codes
from cms.core.messages import Errors, message
from cms.core.types import User
from cms.core.uploads import file_too_large
from cms.media import usage
from cms.media.images.geometry import crop_errors, crop_region, plan
from cms.media.images.jpeg import jpeg_is_complete
from cms.media.images.reading import DAMAGED, any_transparent_pixel, read_image_info
from cms.media.models import Image
from cms.media.names import clean_filename
from cms.media.records import CROP_FIELDS, THUMBNAIL_WIDTH
from cms.media.selectors import IMAGE_MISSING
from cms.media.storage import renditions
from cms.media.storage.rendition_addresses import Address, crop_token
from cms.media.storage.uploads import removed_on_failure
from cms.media.texts import checked_texts, text_errors

MAX_TEXT_LENGTH = 2000  # alternative texts and captions: a few sentences at most
TEXT_FIELDS = ("alternative", "caption")


def image_create(*, actor: User, upload: UploadedFile, alternative: dict[str, str]) -> Image:
    """Store an uploaded image after checking its content; alternative text per locale.

    A damaged or truncated file is refused before anything is stored. A JPEG (a camera's photo,
    the large uploads) is checked from its header and markers without decoding a pixel; its grid
    thumbnail is made when first asked for, as every other rendition is. Other formats are
    decoded here, into the grid thumbnail (and for their transparency).
    """
    # The same limit the upload guard applies while reading the request (cms.core.uploads).
    limit = settings.CMS_IMAGE_MAX_UPLOAD_BYTES
    if upload.size is not None and upload.size > limit:
        raise ValidationFailed([("file", file_too_large(limit))])
    alternative = {code: shown_text(text) for code, text in alternative.items() if code in locale_codes()}
    if errors := _text_errors("alternative", alternative):
        raise ValidationFailed(errors)
    info = read_image_info(upload)
    has_alpha = info.alpha_band and any_transparent_pixel(upload)
    thumbnail = Address(0, THUMBNAIL_WIDTH, 0, "fit", crop_token((None,) * 6), "png" if has_alpha else "jpg")
    thumbnail_bytes = None
    if info.content_type == "image/jpeg":
        # Decoding a 12-megapixel JPEG, even shrunk on load, costs several times the rest of
        # the upload together (BENCHMARKS.md, image_upload_ms); its markers say as much.
        if not jpeg_is_complete(upload):
            raise ValidationFailed([("file", DAMAGED)])
    else:
        geometry = plan(
            info.width, info.height, crop_region(info.width, info.height, (None,) * 4), None, *_size(thumbnail)
        )
        try:
            thumbnail_bytes = renditions.render(upload, geometry, thumbnail.format)
        except renditions.RenditionFailed:
            raise ValidationFailed([("file", DAMAGED)]) from None
    image = Image(
        filename=clean_filename(upload.name, fallback="image"),
        content_type=info.content_type,
        byte_size=upload.size or 0,
        real_width=info.width,
        real_height=info.height,
        has_alpha=has_alpha,
        alternative=alternative,
        uploaded_by=actor,
    )
    # A failure anywhere below (a full disk too: StorageFull) leaves no file and no row.
    with removed_on_failure(renditions.discard) as written, transaction.atomic():
        # Streamed from the upload (a large one is moved from its temporary file); the stored
        # name comes from the detected type (Image.file's upload_to), not the uploader's name.
        written.save(image.file, image.filename, upload)
        image.save()
        audit.record(actor, "upload", "image", image.pk, {"filename": image.filename})
        if thumbnail_bytes is not None:
            address = Address(**{**thumbnail.__dict__, "image_id": image.pk})
            renditions.store(written.note(renditions.stored_name(address, thumbnail.format)), thumbnail_bytes)
    return image


def image_update(*, actor: User, image_id: int, changes: dict[str, Any]) -> Image:
    """Change an image's texts (per locale), crop and focal point; absent fields keep their values.

    A crop or focal point outside the image, or a crop of no size, is refused and changes nothing.
    """
    texts = checked_texts(changes, dict.fromkeys(TEXT_FIELDS, MAX_TEXT_LENGTH))
    with transaction.atomic():
        image = _locked_to_change(actor, image_id)
        before = _audited(image)
        for field, values in texts.items():
            merged = {**getattr(image, field), **{code: shown_text(text) for code, text in values.items()}}
            setattr(image, field, {code: text for code, text in merged.items() if text})
        for field in CROP_FIELDS:
            if field in changes:
                setattr(image, field, changes[field])
        crop = (image.crop_start_x, image.crop_start_y, image.crop_width, image.crop_height)
        if errors := crop_errors(
            image.real_width, image.real_height, crop, (image.crop_gravity_x, image.crop_gravity_y)
        ):
            raise ValidationFailed(errors)
        # The entry lists what the stored values changed, not what was sent (the editor sends
        # every field); a change that changes nothing is neither saved nor logged.
        details = audit.changes(before, _audited(image))
        if details["fields"]:
            image.save(update_fields=[*TEXT_FIELDS, *CROP_FIELDS, "updated_at"])
            audit.record(actor, "update", "image", image.pk, details)
    return image


IN_USE = _("This image can't be deleted: a page shows it. Remove it from every page that shows it first.")


def image_delete(*, actor: User, image_id: int) -> None:
    """Delete an image no page shows: its record, its original and its renditions.

    One a page shows (a link, a sharing image, an embed code in a text: cms.media.usage) is
    refused with InUse, and one the actor may not change with PermissionDenied. The files go once
    the deletion is committed; the audit entry keeps the filename, so the log still names it.
    """
    with transaction.atomic():
        image = _locked_to_change(actor, image_id)
        if usage.pages_using([image.pk])[image.pk]:
            raise InUse(IN_USE)
        original = image.file.name
        image.delete()
        audit.record(actor, "delete", "image", image_id, {"filename": image.filename})
        transaction.on_commit(lambda: _discard_files(image_id, original))


def _locked_to_change(actor: User, image_id: int) -> Image:
    """The image, locked until the transaction ends, once the actor may change it."""
    try:
        image = Image.objects.select_for_update().get(pk=image_id)
    except Image.DoesNotExist:
        raise NotFound(message(IMAGE_MISSING, id=image_id)) from None
    usage.require_change_right(actor, "image", image.pk)
    return image


def _discard_files(image_id: int, original: str) -> None:
    renditions.discard(original)
    renditions.discard_all(image_id)


def _audited(image: Image) -> dict[str, Any]:
    return {field: getattr(image, field) for field in (*TEXT_FIELDS, *CROP_FIELDS)}


def _size(address: Address) -> tuple[int, int, Any]:
    return address.width, address.height, address.mode


def _text_errors(attribute: str, texts: dict[str, Any]) -> Errors:
    return text_errors(attribute, texts, limit=MAX_TEXT_LENGTH)
