"""Tags editors attach to pages; one spelling per tag, compared without regard to case."""

from typing import Any

from django.db import models
from django.db.models.functions import Lower


def tag_key(name: str) -> str:
    """What two spellings of one tag share: the name case-folded ("Ærlig" and "ærlig" alike)."""
    return name.casefold()


class Tag(models.Model):
    name = models.CharField(max_length=100)
    # The name case-folded, kept by save(): tags are found by it with an index, as the
    # databases' own lower() folds ASCII only on SQLite. Folding may lengthen a name (ß → ss).
    key = models.CharField(max_length=300, db_index=True, default="")

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), name="tag_name_unique_ci")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.key = tag_key(self.name)
        super().save(*args, **kwargs)
