"""Reads of media in the shapes of spec §3."""

from typing import Any

from cms.core.exceptions import NotFound
from cms.media.models import Image


def image_get(image_id: int) -> Image:
    try:
        return Image.objects.get(pk=image_id)
    except Image.DoesNotExist:
        raise NotFound(f"Image {image_id} does not exist.") from None


def image_record(image: Image) -> dict[str, Any]:
    """Return the Image shape of spec §3 (renditions come with the image issue: URLs are the original)."""
    url = image.file.url
    return {
        "id": image.pk,
        "filename": image.filename,
        "content_type": image.content_type,
        "real_width": image.real_width,
        "real_height": image.real_height,
        "thumbnail_url": url,
        "original_url": url,
        "uncropped_url": url,
        "crop_start_x": image.crop_start_x,
        "crop_start_y": image.crop_start_y,
        "crop_width": image.crop_width,
        "crop_height": image.crop_height,
        "crop_gravity_x": image.crop_gravity_x,
        "crop_gravity_y": image.crop_gravity_y,
        "alternative": image.alternative,
        "caption": image.caption,
    }
