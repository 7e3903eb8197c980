"""Which pages show which images and files (issue 18, item 1): one row per page and medium,
written by the page save, so the rule for changing media, the visitors' download rule and the
libraries' "used on" lists read one indexed table and agree."""

from django.db import models
from django.db.models import Q


class MediaUse(models.Model):
    """A page shows an image or an attachment: through a link, as its sharing image, or through
    an embed code its text expands (cms.pages.media_uses says which)."""

    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="media_uses")
    image = models.ForeignKey("media.Image", null=True, on_delete=models.CASCADE, related_name="+")
    attachment = models.ForeignKey("media.Attachment", null=True, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(image__isnull=True, attachment__isnull=False)
                | Q(image__isnull=False, attachment__isnull=True),
                name="media_use_one_medium",
            ),
            models.UniqueConstraint(fields=["page", "image"], condition=Q(image__isnull=False), name="media_use_image"),
            models.UniqueConstraint(
                fields=["page", "attachment"], condition=Q(attachment__isnull=False), name="media_use_attachment"
            ),
        ]

    def __str__(self) -> str:
        shown = f"image {self.image_id}" if self.image_id else f"attachment {self.attachment_id}"
        return f"{self.page_id} shows {shown}"
