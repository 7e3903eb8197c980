"""Sibling path segments unique in the database itself (issue 18, item 3): each localization
keeps its page's parent, and one unique index over (parent, locale, segment) holds the rule.

Saves that raced before this could have left duplicates: the later holders get a numbered
suffix (their old address then answers 404, as it already did while the duplicate existed)."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery
from django.db.models.functions import Coalesce


def keep_parents_and_part_duplicates(apps, schema_editor):
    Page = apps.get_model("pages", "Page")
    PageLocalization = apps.get_model("pages", "PageLocalization")
    parent = Page.objects.filter(pk=OuterRef("page_id")).values("parent_id")[:1]
    PageLocalization.objects.update(parent_key=Coalesce(Subquery(parent), 0))
    taken: set[tuple[int, str, str]] = set()
    rows = PageLocalization.objects.exclude(path_segment="").order_by("parent_key", "locale", "path_segment", "page_id")
    duplicates = []
    for row in rows.values("pk", "parent_key", "locale", "path_segment"):
        key = (row["parent_key"], row["locale"], row["path_segment"])
        if key in taken:
            duplicates.append(row)
        taken.add(key)
    for row in duplicates:
        number = 2
        while (row["parent_key"], row["locale"], f"{row['path_segment'][:240]}-{number}") in taken:
            number += 1
        segment = f"{row['path_segment'][:240]}-{number}"
        taken.add((row["parent_key"], row["locale"], segment))
        PageLocalization.objects.filter(pk=row["pk"]).update(path_segment=segment)


class Migration(migrations.Migration):
    # The index comes in the next migration: PostgreSQL builds none on a table this transaction
    # has just updated (its deferred foreign key checks are still pending).
    dependencies = [
        ("pages", "0008_tree_order_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="pagelocalization",
            name="parent_key",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.RunPython(keep_parents_and_part_duplicates, migrations.RunPython.noop),
    ]
