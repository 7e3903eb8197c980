"""Reads of media in the shapes of spec §3 (the shapes themselves are built in cms.media.records)."""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_lazy as _

from cms.audit import log as audit
from cms.core.exceptions import NotFound
from cms.core.locales import in_locale
from cms.core.messages import message
from cms.media.models import Attachment, Image
from cms.media.records import attachment_record, attachment_records, image_record, image_records

__all__ = [
    "attachment_get",
    "attachment_names",
    "attachment_record",
    "attachment_records",
    "image_get",
    "image_names",
    "image_record",
    "image_records",
]

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


def image_names(image_ids: Iterable[int]) -> dict[int, str]:
    """What the log calls each image: its filename (what the library shows it by); a deleted one,
    the filename it had (its deletion entry keeps it)."""
    ids = set(image_ids)
    names = dict(Image.objects.filter(pk__in=ids).values_list("pk", "filename"))
    for image_id, details in audit.deleted_details("image", ids - names.keys()).items():
        if isinstance(details.get("filename"), str):
            names[image_id] = details["filename"]
    return names


def attachment_names(attachment_ids: Iterable[int], locale: str) -> dict[int, str]:
    """What the log calls each file: its name in `locale`, falling back as the page tree does,
    else its filename (as the file library shows it); a deleted one, the names it had."""
    ids = set(attachment_ids)
    rows: dict[int, tuple[Any, Any]] = {
        pk: (name, filename)
        for pk, name, filename in Attachment.objects.filter(pk__in=ids).values_list("pk", "name", "filename")
    }
    for attachment_id, details in audit.deleted_details("attachment", ids - rows.keys()).items():
        rows[attachment_id] = (details.get("name"), details.get("filename"))
    named = {
        pk: in_locale(name if isinstance(name, dict) else {}, locale) or filename
        for pk, (name, filename) in rows.items()
    }
    return {pk: name for pk, name in named.items() if isinstance(name, str) and name}
