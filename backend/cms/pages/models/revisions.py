"""What a page was after each accepted save (issue 20): a small manifest per revision that
refers to texts stored once by their content's hash (cms.pages.revisions.storage)."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class RevisionText(models.Model):
    """A text stored once whatever how many revisions (of any page) hold it: a block's value, or
    a manifest part (a locale's name, segment and block digests) that revisions refer to."""

    digest = models.CharField(max_length=32, primary_key=True)  # blake2b, 16 bytes, in hex
    text = models.TextField()
    # When a save last stored it (again): prune_revisions drops only texts no save has stored
    # for a while, so one that a save still in flight refers to again is never dropped under it.
    stored_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return self.digest


class PageRevision(models.Model):
    """One accepted save of a page: who, when, why (its kind and the fields it changed, worded
    when answered) and the page's content after it (`manifest`, see storage.Manifest)."""

    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="revisions")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    # create, update, delete, undelete, restore (a revision restored), scheduled (went live by itself)
    kind = models.CharField(max_length=16)
    # What changed, for the one-line summary: {"locale": …, "fields": […], "revision": id}
    summary = models.JSONField(default=dict, blank=True)
    # The page was live after this save (published or hidden): prune_revisions keeps it.
    live = models.BooleanField(default=False)
    manifest = models.JSONField()

    class Meta:
        indexes = [
            models.Index(fields=["page", "-id"], name="revision_page_newest"),
            # "Has this user saved the page since?" (a working copy is then stale) in one probe.
            models.Index(fields=["page", "user", "at"], name="revision_page_user_at"),
        ]

    def __str__(self) -> str:
        return f"{self.page_id} revision {self.pk}"
