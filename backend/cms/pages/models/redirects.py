"""Old public addresses of pages that moved or were renamed (issue 12: addresses that last)."""

from django.db import models


class PageRedirect(models.Model):
    """One old address of a page in one locale: `{locale}/{old_path}` now answers 301 to the page.

    One row per move or rename of a page, never one per descendant: an address below the old
    one (a descendant's) is found by looking up its prefixes (cms.pages.saving.redirects). The path is
    found by its hash, so the index stays small however deep the path.
    """

    locale = models.CharField(max_length=16)
    old_path = models.TextField()  # segments joined by "/", without the locale
    path_hash = models.CharField(max_length=64)
    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["locale", "path_hash"], name="page_redirect_path")]

    def __str__(self) -> str:
        return f"/{self.locale}/{self.old_path} → page {self.page_id}"
