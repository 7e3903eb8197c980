"""One delete of a page (issue 31, item 1): who deleted it, when, the status it had, and how many
pages below it went with it. A row per deleted page; a restore or a purge removes it.

The pages below a deleted page keep their own status (the tree hides them through it): those
"deleted with it" are the descendants reached through pages that are not deleted themselves; a
page deleted before it has its own row and stays deleted when it comes back."""

from django.conf import settings
from django.db import models

from cms.pages.models.page import Page


class PageDeletion(models.Model):
    page = models.OneToOneField(Page, on_delete=models.CASCADE, primary_key=True, related_name="deletion")
    deleted_at = models.DateTimeField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The page's status before the delete: what a restore gives it back.
    status_before = models.PositiveSmallIntegerField(default=0)
    # The pages below it that went with it (counted at the delete).
    descendants = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [
            # The Deleted pages screen: newest deletion first, a page of them (cms.pages.trash).
            models.Index(fields=["-deleted_at", "-page"], name="page_deletion_newest"),
        ]

    def __str__(self) -> str:
        return f"Deletion of page {self.page_id}"
