"""Tags editors attach to pages; one spelling per tag, compared without regard to case."""

from django.db import models
from django.db.models.functions import Lower


class Tag(models.Model):
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), name="tag_name_unique_ci")]

    def __str__(self) -> str:
        return self.name
