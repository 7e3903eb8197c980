"""Work on many pages at once, run on the task engine (issue 33, item 5; cms.pages.bulk).

A job keeps the pages it was asked to change, in order, and how far it got: `done` results
are stored, and the next page to do is `page_ids[done]`. Each page's write, its result row and
the move of `done` are one transaction, so a worker killed at any moment leaves either all
three or none, and whoever picks the job up again starts at the first page without a result.
"""

from django.conf import settings
from django.db import models


class BulkState(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"


class BulkOutcome(models.TextChoices):
    DONE = "done"
    REFUSED = "refused"  # the page's own call would have refused it too (a right, a rule, gone)
    FAILED = "failed"  # an error of ours (logged); the page is as it was


class BulkJob(models.Model):
    # Its creator, as whom every page is written; a job goes with its user.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    locale = models.CharField(max_length=16)
    action = models.CharField(max_length=16)
    # What the action needs beside the pages: parent_page_id (move), tag (tag, untag), message
    # and base_url (submit: the reviewers' mail).
    params = models.JSONField(default=dict, blank=True)
    # The pages, each once, in the order they are written (at most cms.pages.bulk.MAX_PAGES).
    page_ids = models.JSONField()
    state = models.CharField(max_length=8, choices=BulkState.choices, default=BulkState.QUEUED)
    total = models.PositiveIntegerField()
    done = models.PositiveIntegerField(default=0)  # pages with a result, whatever its outcome
    refused = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "-id"], name="bulk_job_user_newest")]

    def __str__(self) -> str:
        return f"{self.action} of {self.total} pages ({self.state}, {self.done} done)"


class BulkResult(models.Model):
    """What became of one page of a job."""

    job = models.ForeignKey(BulkJob, on_delete=models.CASCADE, related_name="results")
    position = models.PositiveIntegerField()  # its index in the job's page_ids
    page_id = models.BigIntegerField()  # not a key: a page removed for good keeps its result
    outcome = models.CharField(max_length=8, choices=BulkOutcome.choices)
    # Why (refused, failed), as stored messages (cms.core.messages.frozen), worded when read:
    # {"message": stored} or {"errors": [[attribute, stored], …]}; {} for none.
    reason = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            # A page done twice would be a second row here: the database refuses it.
            models.UniqueConstraint(fields=["job", "position"], name="bulk_result_once"),
        ]

    def __str__(self) -> str:
        return f"page {self.page_id}: {self.outcome}"
