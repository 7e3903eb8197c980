"""Reads of media in the shapes of spec §3 (the Image shape itself is built in cms.media.records)."""

from cms.core.exceptions import NotFound
from cms.media.models import Image
from cms.media.records import image_record, image_records

__all__ = ["image_get", "image_record", "image_records"]


def image_get(image_id: int) -> Image:
    try:
        return Image.objects.get(pk=image_id)
    except Image.DoesNotExist:
        raise NotFound(f"Image {image_id} does not exist.") from None
