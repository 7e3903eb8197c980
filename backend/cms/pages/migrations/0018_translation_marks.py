"""Translation state (issue 22): the bookkeeping columns on the page, and every existing page
filled in as current: each locale's localized blocks marked with the page's latest revision (the
content as it is now), so nothing is outdated until the source changes again, and what changes
then is shown against the text as it is now."""

from django.conf import settings
from django.db import migrations, models
from django.db.models import Max

BATCH = 1000


def fill_marks(apps, schema_editor):
    Page = apps.get_model("pages", "Page")
    PageLocalization = apps.get_model("pages", "PageLocalization")
    PageRevision = apps.get_model("pages", "PageRevision")
    source = settings.CMS_LOCALES[0]
    ids = list(Page.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        heads = dict(PageRevision.objects.filter(page_id__in=chunk).values_list("page_id").annotate(head=Max("id")))
        texts: dict[int, dict[str, dict]] = {}
        rows = PageLocalization.objects.filter(page_id__in=chunk).values_list("page_id", "locale", "name", "blocks")
        for page_id, locale, name, blocks in rows:
            texts.setdefault(page_id, {})[locale] = {"name": name, **(blocks or {})}
        pages = []
        for page_id in chunk:
            head = heads.get(page_id, 0)
            locales = texts.get(page_id, {})
            written = sorted({block for values in locales.values() for block, text in values.items() if text})
            marks = {block: {locale: head for locale in locales} for block in written} if head else {}
            pages.append(Page(pk=page_id, translation_marks=marks, source_revision=head if source in locales else 0))
        Page.objects.bulk_update(pages, ["translation_marks", "source_revision"])


class Migration(migrations.Migration):
    dependencies = [
        ("media", "0004_attachment_library"),
        ("pages", "0017_revision_by_user_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="page",
            name="outdated_locales",
            field=models.CharField(blank=True, default="", max_length=255),
        ),
        migrations.AddField(
            model_name="page",
            name="source_revision",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="page",
            name="translation_marks",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="page",
            name="translation_outdated",
            field=models.JSONField(blank=True, default=None, null=True),
        ),
        migrations.AddIndex(
            model_name="page",
            index=models.Index(
                condition=models.Q(("outdated_locales__gt", "")),
                fields=["outdated_locales", "id", "parent_id", "status"],
                name="page_outdated_locales",
            ),
        ),
        migrations.RunPython(fill_marks, migrations.RunPython.noop, elidable=True),
    ]
