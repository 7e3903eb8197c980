"""A page's text in one locale: its name, its path segment and its localized blocks."""

from django.db import models


class PageLocalization(models.Model):
    page = models.ForeignKey("pages.Page", on_delete=models.CASCADE, related_name="localizations")
    locale = models.CharField(max_length=16)
    # The localized "name" block, kept in a column of its own because the tree, breadcrumbs and
    # ancestors list it for every page and must not read every block to do so.
    name = models.CharField(max_length=255, blank=True, default="")
    # One part of the public address; letters and digits of any script and dashes, unique among
    # siblings in this locale (checked by the page service).
    path_segment = models.CharField(max_length=255, blank=True, default="")
    # The page's parent id (0 at the top level, where NULL would let every row pass a unique
    # index), kept in step by the page services and tree moves: the database itself then holds
    # "unique among siblings per locale", whatever two saves do at once.
    parent_key = models.PositiveBigIntegerField(default=0)
    blocks = models.JSONField(default=dict, blank=True)  # localized block name -> text

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["page", "locale"], name="page_localization_unique"),
            models.UniqueConstraint(
                fields=["parent_key", "locale", "path_segment"],
                condition=~models.Q(path_segment=""),
                name="localization_sibling_segment_unique",
            ),
        ]
        indexes = [
            models.Index(fields=["locale", "path_segment"], name="localization_path"),
            # Covers the tree list's read of every name and segment, so it never touches the
            # (large) block text of the rows.
            models.Index(fields=["page", "locale", "name", "path_segment"], name="localization_tree"),
        ]

    def __str__(self) -> str:
        return f"{self.page_id}/{self.locale}"

    def save(self, *args: object, **kwargs: object) -> None:
        self.parent_key = self.page.parent_id or 0
        super().save(*args, **kwargs)  # type: ignore[arg-type]
