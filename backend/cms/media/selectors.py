"""Reads of media in the shapes of spec §3 (the shapes themselves are built in cms.media.records)."""

from cms.core.exceptions import NotFound
from cms.media.models import Attachment, Image
from cms.media.records import attachment_record, attachment_records, image_record, image_records

__all__ = ["attachment_get", "attachment_record", "attachment_records", "image_get", "image_record", "image_records"]


def image_get(image_id: int) -> Image:
    try:
        return Image.objects.get(pk=image_id)
    except Image.DoesNotExist:
        raise NotFound(f"Image {image_id} does not exist.") from None


def attachment_get(attachment_id: int) -> Attachment:
    try:
        return Attachment.objects.get(pk=attachment_id)
    except Attachment.DoesNotExist:
        raise NotFound(f"Attachment {attachment_id} does not exist.") from None
