"""Deleted pages wait after the shown ones among their siblings (positions count shown pages)."""

from django.db import migrations

DELETED = 4


def renumber_siblings(apps, schema_editor):
    Page = apps.get_model("pages", "Page")
    siblings: dict[int | None, list] = {}
    for page in Page.objects.order_by("parent_id", "position", "id").only("id", "parent_id", "position", "status"):
        siblings.setdefault(page.parent_id, []).append(page)
    for pages in siblings.values():
        ordered = sorted(pages, key=lambda page: page.status == DELETED)  # stable: keeps the order
        changed = [page for position, page in enumerate(ordered, start=1) if page.position != position]
        for position, page in enumerate(ordered, start=1):
            page.position = position
        Page.objects.bulk_update(changed, ["position"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("pages", "0002_localization_tree_index")]

    operations = [migrations.RunPython(renumber_siblings, migrations.RunPython.noop)]
