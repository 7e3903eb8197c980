"""The index that holds "unique among siblings per locale" (see 0009)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("pages", "0009_sibling_segments_in_database"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="pagelocalization",
            constraint=models.UniqueConstraint(
                condition=~models.Q(path_segment=""),
                fields=("parent_key", "locale", "path_segment"),
                name="localization_sibling_segment_unique",
            ),
        ),
    ]
