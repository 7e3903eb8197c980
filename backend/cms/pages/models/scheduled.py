"""A change an editor scheduled to go live by itself at a chosen time (issue 20, item 6)."""

from django.conf import settings
from django.db import models


class ScheduledState(models.TextChoices):
    WAITING = "waiting"
    APPLIED = "applied"
    FAILED = "failed"  # a save's rules refused it when it was due, or newer work; kept, with why


class FailedBecause(models.TextChoices):
    """Why a change did not go live (its `errors` say it field by field)."""

    NEWER_WORK = "newer_work"  # a field it sets was changed after it was scheduled
    REFUSED = "refused"  # a save's rule, a lost right, its author gone, an error of ours


class ScheduledChange(models.Model):
    """A partial save payload (the fields it changes against the page as it was when
    scheduled) that goes live as a save by its author at `at` (cms.pages.scheduling)."""

    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="+")
    # The author, as whom it goes live; a deleted author leaves it to fail (nobody to save as).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # The reviewer who approved it, when it is a submitted change approved to go live at `at`
    # (cms.pages.reviews): its author's `submit` then suffices on a page visitors see.
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    locale = models.CharField(max_length=16)
    payload = models.JSONField()
    at = models.DateTimeField()
    state = models.CharField(max_length=8, choices=ScheduledState.choices, default=ScheduledState.WAITING)
    # Why it failed: [[attribute, message as stored (cms.pages.scheduling.stored_errors)], …]
    errors = models.JSONField(default=list, blank=True)
    failed_because = models.CharField(max_length=16, choices=FailedBecause.choices, blank=True, default="")
    # Each field it sets as stored when it was scheduled ({payload name: fingerprint},
    # cms.pages.scheduling.fingerprints): a field that holds something else when it is due was
    # changed meanwhile, and the change does not go live over that newer work.
    base = models.JSONField(default=dict, blank=True)
    # Each field it set as stored once it went live: a later change scheduled before it went
    # live accepts what it set (a chain of scheduled changes is no newer work).
    outcome = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()
    applied_at = models.DateTimeField(null=True, blank=True)
    revision = models.ForeignKey(
        "pages.PageRevision", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [
            # The applier's question, "which waiting changes are due?", and the next due time.
            models.Index(fields=["state", "at"], name="scheduled_due"),
            models.Index(fields=["page", "-id"], name="scheduled_page_newest"),
            # The caps: how many a user has waiting (cms.pages.scheduling.services).
            models.Index(fields=["user", "state"], name="scheduled_by_user"),
        ]

    def __str__(self) -> str:
        return f"{self.page_id} at {self.at:%Y-%m-%d %H:%M} ({self.state})"
