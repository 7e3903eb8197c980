"""Reads of media in the shapes of spec §3 (the shapes themselves are built in cms.media.records)."""

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import NotFound
from cms.core.messages import message
from cms.media.models import Attachment, Image
from cms.media.records import attachment_record, attachment_records, image_record, image_records

__all__ = ["attachment_get", "attachment_record", "attachment_records", "image_get", "image_record", "image_records"]

IMAGE_MISSING = _("Image %(id)s does not exist.")
ATTACHMENT_MISSING = _("Attachment %(id)s does not exist.")


def image_get(image_id: int) -> Image:
    try:
        return Image.objects.get(pk=image_id)
    except Image.DoesNotExist:
        raise NotFound(message(IMAGE_MISSING, id=image_id)) from None


def attachment_get(attachment_id: int) -> Attachment:
    try:
        return Attachment.objects.get(pk=attachment_id)
    except Attachment.DoesNotExist:
        raise NotFound(message(ATTACHMENT_MISSING, id=attachment_id)) from None
