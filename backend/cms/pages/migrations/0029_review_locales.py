from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("pages", "0028_link_checks")]

    operations = [
        migrations.AddField(
            model_name="pagereview",
            name="other_locales",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
