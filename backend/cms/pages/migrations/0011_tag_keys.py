"""Tags found by their case-folded name with an index (issue 18, item 2)."""

from django.db import migrations, models


def fill_keys(apps, schema_editor):
    Tag = apps.get_model("pages", "Tag")
    tags = list(Tag.objects.only("pk", "name"))
    for tag in tags:
        tag.key = tag.name.casefold()
    Tag.objects.bulk_update(tags, ["key"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("pages", "0010_sibling_segment_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="tag",
            name="key",
            field=models.CharField(default="", max_length=300),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
