"""Uploaded images and file attachments, shared by every page that links to them."""

from typing import Any

from django.conf import settings
from django.db import models

from cms.media.names import attachment_upload_to, image_upload_to


class LibraryFile(models.Model):
    """What the image and file libraries keep of every upload besides the file: the uploader's
    filename (for display), its type and size, who uploaded it and when, and the text the
    library's search matches."""

    filename = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    byte_size = models.PositiveBigIntegerField(default=0)
    # searched_texts() case-folded, for the library's search (one LIKE on one column, the same on
    # SQLite and PostgreSQL). Kept by save().
    search_text = models.TextField(default="", blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.filename

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.keep_search_text()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_text"}
        super().save(*args, **kwargs)

    def keep_search_text(self) -> None:
        """Set `search_text` from searched_texts() (save() does; rows written in bulk call it)."""
        texts = self.searched_texts()
        self.search_text = "\n".join(text.casefold() for text in texts if isinstance(text, str) and text)

    def searched_texts(self) -> list[Any]:
        """The texts the library's search matches: the filename and the per-locale texts."""
        raise NotImplementedError


class Image(LibraryFile):
    """An uploaded picture with per-locale alternative text and caption, a crop and a focal point.

    Crop and focal point are pixels of the original image (DESIGN.md §3); no crop means the
    whole image, no focal point means the centre of the crop.
    """

    # Stored under a server-made name (cms.media.names); `filename` is the uploader's, for display.
    file = models.FileField(upload_to=image_upload_to, max_length=255)
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

    class Meta:
        # The library lists newest first and pages through them.
        indexes = [models.Index(fields=["-created_at", "-id"], name="image_newest_first")]

    def searched_texts(self) -> list[Any]:
        return [self.filename, *self.caption.values(), *self.alternative.values()]


class Attachment(LibraryFile):
    """An uploaded file (PDF, document …) with a per-locale name and description.

    Served at a stable address of its own (cms.media.attachments.downloads), which survives a replacement
    of its content; `filename` is the uploader's (cleaned), for display and downloads.
    """

    # Stored under a server-made name with the extension of its type (cms.media.names).
    file = models.FileField(upload_to=attachment_upload_to, max_length=255)
    name = models.JSONField(default=dict, blank=True)  # locale -> text
    description = models.JSONField(default=dict, blank=True)  # locale -> text

    class Meta:
        # The library lists newest first and pages through them.
        indexes = [models.Index(fields=["-created_at", "-id"], name="attachment_newest_first")]

    def searched_texts(self) -> list[Any]:
        return [self.filename, *self.name.values()]
