"""Translation state judged by the text (issue 28, items 5 and 6): each mark gets a fingerprint of
its locale's text, what a translation was made against and whether it is a copy; the readers get
the blocks to translate (missing or copied) beside the outdated ones.

Every page is filled from its texts as they are now: a translation the old marks held current is
made against the source as it is; one they held outdated stays outdated (the source it was made
against is not known here); an empty block is missing where the source has text, and a text equal
to another locale's is a copy of it.

The marks are worked out here with the rules as they were when this migration was written, not
with cms.pages.translations.marks: a migration must give the same result whatever the live code
becomes."""

import hashlib

from django.conf import settings
from django.db import migrations, models

BATCH = 1000
STORED_FIELDS = (
    "translation_marks",
    "translation_outdated",
    "translation_todo",
    "outdated_locales",
    "untranslated_locales",
    "source_revision",
)


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
            set_marks(page, new_marks(old, texts.get(page.pk, {}), source))
            pages.append(page)
        Page.objects.bulk_update(pages, list(STORED_FIELDS))


def new_marks(old: dict, texts: dict[str, dict], source: str) -> dict:
    """The marks of one page from its old ones ({block: {locale: revision id}}) and its texts."""
    fingerprints = {code: {block: fingerprint(value) for block, value in values.items()}
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


def fingerprint(value) -> str:
    stripped = ("" if value is None else str(value)).strip()
    return hashlib.blake2b(stripped.encode(), digest_size=8).hexdigest() if stripped else ""


def set_marks(page, marks: dict) -> None:
    """The marks and what the readers read instead of them (outdated, missing and copied blocks)."""
    source, *others = settings.CMS_LOCALES
    outdated: dict[str, list[str]] = {}
    missing: dict[str, list[str]] = {}
    copied: dict[str, dict[str, str]] = {}
    for block in sorted(marks):
        stamps = marks[block]
        now = stamps.get(source, {}).get("t", "")
        for code in others:
            mark = stamps.get(code, {})
            if not mark.get("t"):
                if now:
                    missing.setdefault(code, []).append(block)
            elif mark.get("c"):
                copied.setdefault(code, {})[block] = str(mark["c"])
            elif mark.get("b", "") != now:
                outdated.setdefault(code, []).append(block)
    page.translation_marks = marks
    page.translation_outdated = {code: outdated[code] for code in others if code in outdated} or None
    missing = {code: missing[code] for code in others if code in missing}
    copied = {code: copied[code] for code in others if code in copied}
    todo = {key: value for key, value in (("missing", missing), ("copied", copied)) if value}
    page.translation_todo = todo or None
    page.outdated_locales = listed(outdated)
    page.untranslated_locales = listed(missing.keys() | copied.keys())
    page.source_revision = max((stamps.get(source, {}).get("r", 0) for stamps in marks.values()), default=0)


def listed(codes) -> str:
    chosen = set(codes)
    names = [code for code in settings.CMS_LOCALES if code in chosen]
    return f",{','.join(names)}," if names else ""


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
