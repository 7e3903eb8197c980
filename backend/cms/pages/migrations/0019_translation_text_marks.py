"""Translation state judged by the text (issue 28, items 5 and 6): each mark gets a fingerprint of
its locale's text, what a translation was made against and whether it is a copy; the readers get
the blocks to translate (missing or copied) beside the outdated ones.

Every page is filled from its texts as they are now: a translation the old marks held current is
made against the source as it is; one they held outdated stays outdated (the source it was made
against is not known here); an empty block is missing where the source has text, and a text equal
to another locale's is a copy of it."""

from django.conf import settings
from django.db import migrations, models

from cms.pages.translations import marks as translation_marks

BATCH = 1000


def fingerprint_marks(apps, schema_editor):
    Page = apps.get_model("pages", "Page")
    PageLocalization = apps.get_model("pages", "PageLocalization")
    source = settings.CMS_LOCALES[0]
    ids = list(Page.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        texts: dict[int, dict[str, dict]] = {}
        rows = PageLocalization.objects.filter(page_id__in=chunk).values_list("page_id", "locale", "name", "blocks")
        for page_id, locale, name, blocks in rows:
            texts.setdefault(page_id, {})[locale] = {"name": name, **(blocks or {})}
        pages = []
        for page in Page.objects.filter(pk__in=chunk).only("pk", "translation_marks"):
            old = page.translation_marks or {}
            if any(isinstance(mark, dict) for stamps in old.values() for mark in stamps.values()):
                continue  # already in the new form
            translation_marks.set_marks(page, new_marks(old, texts.get(page.pk, {}), source))
            pages.append(page)
        Page.objects.bulk_update(pages, list(translation_marks.STORED_FIELDS))


def new_marks(old: dict, texts: dict[str, dict], source: str) -> dict:
    """The marks of one page from its old ones ({block: {locale: revision id}}) and its texts."""
    fingerprints = {code: {block: translation_marks.fingerprint(value) for block, value in values.items()}
                    for code, values in texts.items()}  # fmt: skip
    blocks = set(old) | {block for values in fingerprints.values() for block, value in values.items() if value}
    marks: dict = {}
    for block in sorted(blocks):
        revisions = old.get(block, {})
        source_revision = revisions.get(source, 0)
        now = fingerprints.get(source, {}).get(block, "")
        stamps = marks[block] = {source: {"r": source_revision, "t": now}}
        for code in settings.CMS_LOCALES[1:]:
            own = fingerprints.get(code, {}).get(block, "")
            if not own and code not in revisions:
                continue
            # "?" matches no text: the source it was made against is not known, only that it changed.
            basis = now if revisions.get(code, 0) >= source_revision else "?"
            mark = {"r": revisions.get(code, 0), "t": own, "b": basis}
            copied = next((other for other in stamps if own and stamps[other]["t"] == own), "")
            if copied:
                mark["c"] = stamps[copied].get("c") or copied
            stamps[code] = mark
    return marks


class Migration(migrations.Migration):
    dependencies = [("pages", "0018_translation_marks")]

    operations = [
        migrations.AddField(
            model_name="page",
            name="translation_todo",
            field=models.JSONField(blank=True, default=None, null=True),
        ),
        migrations.AddField(
            model_name="page",
            name="untranslated_locales",
            field=models.CharField(blank=True, default="", max_length=255),
        ),
        migrations.AddIndex(
            model_name="page",
            index=models.Index(
                condition=models.Q(("untranslated_locales__gt", "")),
                fields=["untranslated_locales", "id", "parent_id", "status"],
                name="page_untranslated_locales",
            ),
        ),
        migrations.RunPython(fingerprint_marks, migrations.RunPython.noop, elidable=True),
    ]
