"""The index of tags' keys, after 0011 filled them (PostgreSQL indexes no table a migration's
transaction has just updated)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("pages", "0011_tag_keys"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tag",
            name="key",
            field=models.CharField(db_index=True, default="", max_length=300),
        ),
    ]
