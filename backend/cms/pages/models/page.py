"""The page: one node of the site's tree, with its template, status and dates."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Status(models.IntegerChoices):
    DRAFT = 0, "Draft"
    REVIEWED = 1, "Reviewed"
    PUBLISHED = 2, "Published"
    HIDDEN = 3, "Hidden"
    DELETED = 4, "Deleted"


class Page(models.Model):
    """A page of the website. Its fields as the page shape and the save payload name them are in
    one table (cms.pages.models.page_fields), to which a test holds these columns.

    The tree is an adjacency list: `parent` plus a 1-based `position` among siblings, kept
    gapless by the move service. Localized text (name, path segment, localized blocks) lives in
    PageLocalization, one row per locale; non-localized block values live in `blocks`.
    """

    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="children")
    position = models.PositiveIntegerField(default=1)
    status = models.PositiveSmallIntegerField(choices=Status.choices, default=Status.DRAFT)
    template = models.CharField(max_length=64)
    published_at = models.DateTimeField(default=timezone.now)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    all_day = models.BooleanField(default=False)
    pinned = models.BooleanField(default=False)
    feed_enabled = models.BooleanField(default=False)
    news_page = models.BooleanField(default=False)
    skip_index = models.BooleanField(default=False)
    unique_name = models.CharField(max_length=100, blank=True, default="")
    redirect_to = models.CharField(max_length=2048, blank=True, default="")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="authored_pages",
    )
    meta_image = models.ForeignKey("media.Image", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    blocks = models.JSONField(default=dict, blank=True)  # non-localized block name -> text
    tags = models.ManyToManyField("pages.Tag", blank=True, related_name="pages")
    # Optimistic locking: every accepted change increments it; a save that names an older
    # version is refused, so two editors never silently overwrite each other.
    lock_version = models.PositiveIntegerField(default=0)
    # Incremented when something the page's record shows changes elsewhere (an image, an
    # attachment or a tag it links to, its author): the cached tree rebuilds its record then
    # (cms.pages.tree.cache). Not a lock: such changes must not refuse an editor's save.
    links_version = models.PositiveIntegerField(default=0)
    # The manifest of the page's latest revision (cms.pages.revisions.storage): the next save
    # builds its own from it and what it changed, without reading the page's history.
    revision_head = models.JSONField(null=True, blank=True, default=None)
    # Translation bookkeeping (issues 22 and 28, cms.pages.translations.marks), written in the
    # save's own UPDATE of this row: {block: {locale: mark}}, per localized block and locale the
    # revision in which its text last changed (or was marked checked), a fingerprint of the text,
    # for a translation the source's text it was made against and the locale it is a copy of.
    translation_marks = models.JSONField(default=dict, blank=True)
    # Derived from the marks for the readers (None: none; the page's template is applied when
    # read): {locale: [blocks]} whose source changed since; {"missing": {locale: [blocks]},
    # "copied": {locale: {block: from}}}; the locales with outdated blocks, and those with blocks
    # to translate, as ",nb,ar," (the tree's and the report's filters), and the latest revision in
    # which a localized block of the default locale changed (the report's order).
    translation_outdated = models.JSONField(null=True, blank=True, default=None)
    translation_todo = models.JSONField(null=True, blank=True, default=None)
    outdated_locales = models.CharField(max_length=255, blank=True, default="")
    untranslated_locales = models.CharField(max_length=255, blank=True, default="")
    source_revision = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["parent_id", "position"]
        indexes = [
            # Children in order; and, covering every column of the cached tree's key read
            # (cms.pages.tree.cache), that read of 10,000 pages scans this index alone, in order,
            # instead of the rows with their block text and a sort.
            models.Index(
                fields=["parent", "position", "id", "status", "lock_version", "links_version"],
                name="page_tree_order",
            ),
            # The public site's validators ask when the last page became due and when the next
            # one will (cms.pages.read_model.chains): two index seeks, not a scan.
            models.Index(fields=["status", "published_at"], name="page_status_published"),
            # The admin's news archive (cms.pages.dated): a news page's children by publishing
            # date, a range of it in order, covering what the archive's list reads.
            models.Index(fields=["parent", "published_at", "id", "status", "pinned"], name="page_parent_published"),
            # The news pages (few), whose children the archive reads.
            models.Index(fields=["id"], name="page_news_pages", condition=Q(news_page=True)),
            # The calendar (cms.pages.dated): the dated pages, by their start.
            models.Index(
                fields=["starts_at", "ends_at", "id"], name="page_dated", condition=Q(starts_at__isnull=False)
            ),
            # "Outdated in nb" reads the few pages with an outdated locale, not every page: a
            # range from '' (cms.pages.translations.selection), covering what it reads.
            models.Index(
                fields=["outdated_locales", "id", "parent_id", "status"],
                name="page_outdated_locales",
                condition=Q(outdated_locales__gt=""),
            ),
            # "Missing in nb" among the pages that have a name there (cms.pages.translations.selection).
            models.Index(
                fields=["untranslated_locales", "id", "parent_id", "status"],
                name="page_untranslated_locales",
                condition=Q(untranslated_locales__gt=""),
            ),
            # The templates report: the pages of each template, counted and listed (cms.pages.reports).
            models.Index(fields=["template", "status", "id"], name="page_template"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["unique_name"], condition=~Q(unique_name=""), name="page_unique_name"),
            models.CheckConstraint(condition=Q(status__gte=0, status__lte=4), name="page_status_range"),
            models.CheckConstraint(condition=Q(position__gte=1), name="page_position_positive"),
        ]

    def __str__(self) -> str:
        return f"Page {self.pk}"
