"""External content a page's texts embed or link (issue 31, item 7): one row per page, locale,
block and reference, written by the page save (cms.pages.reports.index), so the "External
content" report reads one indexed table however much text the site holds."""

from django.db import models


class ExternalReference(models.Model):
    """A text block of a page names content on another host: an iframe, a script, an embedded
    medium, or a link (cms.pages.reports.parsing says which)."""

    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="external_references")
    locale = models.CharField(max_length=16, blank=True)  # "": a block shared by every locale
    block = models.CharField(max_length=64)
    kind = models.CharField(max_length=8)  # iframe, script, media, link
    host = models.CharField(max_length=253)  # lower case, without a port
    # The host's family, what the report's host filter matches: "youtube" for youtube.com,
    # youtu.be and www.youtube-nocookie.com alike (cms.pages.reports.parsing.family).
    family = models.CharField(max_length=253)
    url = models.CharField(max_length=2048)

    class Meta:
        indexes = [
            # The report in page order, and its count, without reading the text.
            models.Index(fields=["page", "locale", "block", "id"], name="external_ref_page"),
            # The report of one host family (every YouTube embed): one index range.
            models.Index(fields=["family", "page", "locale", "block", "id"], name="external_ref_family"),
        ]

    def __str__(self) -> str:
        return f"{self.page_id}/{self.locale or '*'}/{self.block}: {self.kind} {self.host}"
