"""Per-page rights of editors (spec §6): 'edit', 'create' and 'submit' on a page, held for its
subtree."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class PageGrant(models.Model):
    """What one user may do on one page and every page below it, now or later.

    `page` empty is the root: it holds for every page, and `create` there allows top-level pages.
    Superusers need no grants: they hold everything.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="page_grants")
    page = models.ForeignKey("pages.Page", null=True, blank=True, on_delete=models.CASCADE, related_name="grants")
    edit = models.BooleanField(default=False)
    create = models.BooleanField(default=False)
    # Write what visitors cannot see, submit the rest for review (cms.pages.rights.require_write).
    submit = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "page"], condition=Q(page__isnull=False), name="grant_per_page"),
            models.UniqueConstraint(fields=["user"], condition=Q(page__isnull=True), name="grant_on_root"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.page_id or 'root'}"
