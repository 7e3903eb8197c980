"""Links from page to page (issue 33, item 1): one row per page, locale, block and internal link
address its text writes, with the page the address named when it was indexed; written by the
page save (cms.pages.text_links.index), so "what links here", "what does this page link to" and
the broken-link report each read one index range."""

from django.db import models
from django.db.models import Q


class PageLink(models.Model):
    """A text block of `source` links to `target` by `url`: its address, an old address that
    redirects to it, or its permalink (cms.pages.text_links.parsing). `target` is null for an
    address that names no page (a "missing" link), or a page removed for good since."""

    source = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="+")
    locale = models.CharField(max_length=16, blank=True)  # "": a block shared by every locale
    block = models.CharField(max_length=64)
    url = models.CharField(max_length=2048)  # as written
    target = models.ForeignKey("pages.Page", null=True, on_delete=models.SET_NULL, related_name="+", db_index=False)
    # `/{locale}/pages/{id}`: follows its page wherever it goes, never rewritten.
    permalink = models.BooleanField(default=False)
    # The hash of the address's locale and path (cms.pages.saving.redirects.path_hash) for a
    # missing link: a page that comes to live there claims it (cms.pages.text_links.index).
    address_hash = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        indexes = [
            # What links here, the linking pages in order: one range, covering.
            models.Index(fields=["target", "source", "permalink"], name="page_link_target"),
            # What a page links to, per locale and block (the save's diff, the report of one page).
            models.Index(fields=["source", "locale", "block", "id"], name="page_link_source"),
            # The missing links an address names, looked up when a page comes to live there.
            models.Index(fields=["address_hash"], name="page_link_missing", condition=Q(target__isnull=True)),
        ]

    def __str__(self) -> str:
        return f"{self.source_id}/{self.locale or '*'}/{self.block} → {self.target_id}: {self.url}"
