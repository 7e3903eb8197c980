"""Changes that wait for a reviewer while the live page stays (issue 32, DESIGN.md §3 Review
before publishing)."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class ReviewState(models.TextChoices):
    WAITING = "waiting"
    APPROVED = "approved"
    CHANGES_REQUESTED = "changes_requested"
    WITHDRAWN = "withdrawn"


class ReviewDecision(models.TextChoices):
    """How an approval goes live (issue 32, item 3)."""

    SAVE = "save"  # as submitted, now
    PUBLISH = "publish"  # now, with status 2
    SCHEDULE = "schedule"  # at a time: a scheduled change (cms.pages.scheduling)
    REVIEWED = "reviewed"  # now, with status 1: reviewed, to publish later


class PageReview(models.Model):
    """A partial save payload (the fields it changes against the page as it was when submitted)
    that goes live as a save by its author when a reviewer approves it (cms.pages.reviews)."""

    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="+")
    # The author, as whom it goes live; a deleted author leaves nothing to approve it as.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # The locale of the payload's blocks (the address's); `locales`: every locale it covers.
    locale = models.CharField(max_length=16)
    locales = models.JSONField(default=list)
    state = models.CharField(max_length=20, choices=ReviewState.choices, default=ReviewState.WAITING)
    message = models.TextField(blank=True, default="")
    payload = models.JSONField()
    # The page's lock_version and each field it sets as stored when it was submitted
    # ({payload name: fingerprint}, cms.pages.scheduling.fingerprints): a field that holds
    # something else at approval was changed meanwhile, and approving answers 409.
    lock_version = models.BigIntegerField()
    base = models.JSONField(default=dict)
    # The other locales it covers (issue 32, item 5): {locale: {"payload": {…}, "base": {…}}},
    # each as `payload` and `base` are for `locale` (only fields a locale has of its own: its
    # name, path segment and localized blocks); it goes live with them in the one save.
    other_locales = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision = models.CharField(max_length=10, choices=ReviewDecision.choices, blank=True, default="")
    # [{"user_id", "at", "text", "locale", "block", "kind"}], oldest first: the decision's
    # comment and comments on blocks.
    comments = models.JSONField(default=list, blank=True)
    revision = models.ForeignKey(
        "pages.PageRevision", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    scheduled = models.ForeignKey(
        "pages.ScheduledChange", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [
            models.Index(fields=["page", "-id"], name="review_page_newest"),
            # The queue's one read: the waiting ones, newest first, with their page (covering).
            models.Index(fields=["-id", "page"], condition=Q(state="waiting"), name="review_waiting_newest"),
        ]
        constraints = [
            # One waiting change per author and page: a new submission replaces the waiting one.
            models.UniqueConstraint(
                fields=["page", "user"], condition=Q(state="waiting"), name="review_one_waiting_per_author"
            ),
        ]

    def __str__(self) -> str:
        return f"review {self.pk} of {self.page_id} ({self.state})"


class ReviewNoticeKind(models.TextChoices):
    WAITING = "review_waiting"
    APPROVED = "review_approved"
    CHANGES_REQUESTED = "review_changes_requested"
    WITHDRAWN = "review_withdrawn"


class ReviewNotice(models.Model):
    """One line of a user's in-app notifications list: a review's transition that concerns them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    review = models.ForeignKey(PageReview, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32, choices=ReviewNoticeKind.choices)
    # Who made the transition (the author, or the reviewer who decided).
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["user", "-id"], name="notice_user_newest"),
            # The header's unread count: the user's unread lines alone.
            models.Index(fields=["user"], condition=Q(read_at__isnull=True), name="notice_user_unread"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} of review {self.review_id} to {self.user_id}"


class NoticeMailOff(models.Model):
    """A user turned mail of one kind off (a row: off; none: on, the default)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32, choices=ReviewNoticeKind.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="notice_mail_off_once")]

    def __str__(self) -> str:
        return f"{self.kind} mail off for {self.user_id}"
