"""The ordered links from a page to its images and its file attachments."""

from django.db import models


class PageImage(models.Model):
    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="page_images")
    image = models.ForeignKey("media.Image", on_delete=models.CASCADE, related_name="page_links")
    primary = models.BooleanField(default=False)
    position = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["page", "image"], name="page_image_unique")]

    def __str__(self) -> str:
        return f"{self.page_id} → image {self.image_id}"


class PageFile(models.Model):
    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="page_files")
    attachment = models.ForeignKey("media.Attachment", on_delete=models.CASCADE, related_name="page_links")
    position = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["page", "attachment"], name="page_file_unique")]

    def __str__(self) -> str:
        return f"{self.page_id} → attachment {self.attachment_id}"
