"""Uploaded images and file attachments, shared by every page that links to them."""

from typing import Any

from django.conf import settings
from django.db import models

from cms.media.names import attachment_upload_to, image_upload_to


class Image(models.Model):
    """An uploaded picture with per-locale alternative text and caption, a crop and a focal point.

    Crop and focal point are pixels of the original image (DESIGN.md §3); no crop means the
    whole image, no focal point means the centre of the crop.
    """

    # Stored under a server-made name (cms.media.names); `filename` is the uploader's, for display.
    file = models.FileField(upload_to=image_upload_to, max_length=255)
    filename = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    byte_size = models.PositiveBigIntegerField(default=0)
    real_width = models.PositiveIntegerField()
    real_height = models.PositiveIntegerField()
    crop_start_x = models.PositiveIntegerField(null=True, blank=True)
    crop_start_y = models.PositiveIntegerField(null=True, blank=True)
    crop_width = models.PositiveIntegerField(null=True, blank=True)
    crop_height = models.PositiveIntegerField(null=True, blank=True)
    crop_gravity_x = models.PositiveIntegerField(null=True, blank=True)
    crop_gravity_y = models.PositiveIntegerField(null=True, blank=True)
    alternative = models.JSONField(default=dict, blank=True)  # locale -> text
    caption = models.JSONField(default=dict, blank=True)  # locale -> text
    # Whether any pixel is transparent, found once at upload: renditions are PNG then, else JPEG
    # (spec §9), and a rendition's address can say which without opening the file.
    has_alpha = models.BooleanField(default=False)
    # The filename, captions and alternative texts, case-folded, for the image library's search
    # (one LIKE on one column, the same on SQLite and PostgreSQL). Kept by save().
    search_text = models.TextField(default="", blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # The library lists newest first and pages through them.
        indexes = [models.Index(fields=["-created_at", "-id"], name="image_newest_first")]

    def __str__(self) -> str:
        return self.filename

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.search_text = image_search_text(self.filename, self.caption, self.alternative)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_text"}
        super().save(*args, **kwargs)


def image_search_text(filename: str, caption: dict[str, str], alternative: dict[str, str]) -> str:
    """Return what the library's search matches: every text of the image, case-folded."""
    texts = [filename, *caption.values(), *alternative.values()]
    return "\n".join(text.casefold() for text in texts if isinstance(text, str) and text)


class Attachment(models.Model):
    """An uploaded file (PDF, document …) with a per-locale name and description.

    Served at a stable address of its own (cms.media.downloads), which survives a replacement
    of its content; `filename` is the uploader's (cleaned), for display and downloads.
    """

    # Stored under a server-made name with the extension of its type (cms.media.names).
    file = models.FileField(upload_to=attachment_upload_to, max_length=255)
    filename = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    byte_size = models.PositiveBigIntegerField(default=0)
    name = models.JSONField(default=dict, blank=True)  # locale -> text
    description = models.JSONField(default=dict, blank=True)  # locale -> text
    # The filename and the names, case-folded, for the file library's search (one LIKE on one
    # column, the same on SQLite and PostgreSQL). Kept by save().
    search_text = models.TextField(default="", blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # The library lists newest first and pages through them.
        indexes = [models.Index(fields=["-created_at", "-id"], name="attachment_newest_first")]

    def __str__(self) -> str:
        return self.filename

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.search_text = attachment_search_text(self.filename, self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_text"}
        super().save(*args, **kwargs)


def attachment_search_text(filename: str, name: dict[str, str]) -> str:
    """Return what the file library's search matches: the filename and every name, case-folded."""
    texts = [filename, *name.values()]
    return "\n".join(text.casefold() for text in texts if isinstance(text, str) and text)
