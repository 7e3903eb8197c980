"""What an editor has typed but not saved (issue 20, item 5), and who has a page open.

Neither is ever live: the site and every other user's answers ignore them (cms.pages.working_copies.services).
"""

from django.conf import settings
from django.db import models


class WorkingCopy(models.Model):
    """One user's unsaved edits of one page in one locale: the payload the editor would save,
    as it sent it (partial, checked only for what can be stored)."""

    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    locale = models.CharField(max_length=16)
    payload = models.JSONField()
    saved_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["page", "user", "locale"], name="working_copy_per_user_and_locale"),
        ]

    def __str__(self) -> str:
        return f"{self.page_id}/{self.locale} by {self.user_id}"


class PagePresence(models.Model):
    """When a user's editor last said it had the page open (it says so every few seconds)."""

    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["page", "user"], name="presence_per_user")]
        indexes = [models.Index(fields=["page", "seen_at"], name="presence_recent")]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.page_id}"
