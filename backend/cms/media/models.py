"""Uploaded images and file attachments, shared by every page that links to them."""

from django.conf import settings
from django.db import models

from cms.media.names import image_upload_to


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
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.filename


class Attachment(models.Model):
    """An uploaded file (PDF, document …) with a per-locale name and description."""

    file = models.FileField(upload_to="attachments/%Y/%m/", max_length=255)
    filename = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    byte_size = models.PositiveBigIntegerField(default=0)
    name = models.JSONField(default=dict, blank=True)  # locale -> text
    description = models.JSONField(default=dict, blank=True)  # locale -> text
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.filename
