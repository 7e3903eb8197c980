"""Migrations 0018 and 0019 fill the pages saved before translation states were kept: every
translation current but what is not there (no guess of what fell behind), and a later source change
measured from the texts then."""

import importlib

from django.apps import apps

from cms.pages.models import Page
from cms.pages.translations.tests.helpers import create, save, state

fill_marks = importlib.import_module("cms.pages.migrations.0018_translation_marks").fill_marks
fingerprint_marks = importlib.import_module("cms.pages.migrations.0019_translation_text_marks").fingerprint_marks


def forget_marks():
    Page.objects.update(
        translation_marks={}, translation_outdated=None, translation_todo=None, outdated_locales="",
        untranslated_locales="", source_revision=0,
    )  # fmt: skip


def migrate():
    fill_marks(apps, None)
    fingerprint_marks(apps, None)


def test_pages_saved_before_are_filled_as_current_and_measured_from_then(api):
    page_id = create(api, name="Harbour", body="At dawn", intro="Boats")
    save(api, page_id, "nb", name="Havn", intro="Båter")  # nb never had a body: to translate
    save(api, page_id, body="At dusk")
    unsaved_in_nb = create(api, name="Quay")
    forget_marks()
    migrate()
    record = api.get(f"/admin/en/pages/{page_id}.json").json()
    assert record["translations"] == {"nb": "missing", "ar": "missing"}
    assert record["missing_blocks"]["nb"] == ["body"]
    assert record["outdated_blocks"]["nb"] == []
    assert state(api, unsaved_in_nb)[0] == {"nb": "missing", "ar": "missing"}
    save(api, page_id, intro="Ships")
    assert state(api, page_id) == ({"nb": "outdated", "ar": "missing"}, {"nb": ["intro"], "ar": []})
    (intro,) = api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["blocks"]
    assert (intro["before"], intro["after"]) == ("Boats", "Ships")


def test_a_page_without_revisions_is_filled_as_current(api):
    from cms.pages.models import PageRevision

    page_id = create(api, name="Harbour", body="At dawn")
    save(api, page_id, "nb", name="Havn", body="Ved daggry")
    PageRevision.objects.all().delete()
    forget_marks()
    migrate()
    assert state(api, page_id)[0]["nb"] == "current"


def test_old_marks_become_text_marks_outdated_kept_copies_found(api):
    page_id = create(api, name="Harbour", body="At dawn", intro="Boats")
    save(api, page_id, "nb", name="Havn", body="At dawn", intro="Båter")
    save(api, page_id, "ar", name="ميناء", body="فجرا", intro="قوارب")
    save(api, page_id, intro="Ships")
    marks = {block: {code: mark["r"] for code, mark in stamps.items()} for block, stamps in
             Page.objects.get(pk=page_id).translation_marks.items()}  # fmt: skip
    Page.objects.filter(pk=page_id).update(translation_marks=marks)  # as 0018 left them
    fingerprint_marks(apps, None)
    record = api.get(f"/admin/en/pages/{page_id}.json").json()
    assert record["outdated_blocks"] == {"nb": ["intro"], "ar": ["intro"]}
    assert api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["copied_blocks"] == {"body": "en"}
    assert record["translations"] == {"nb": "outdated", "ar": "outdated"}
    fingerprint_marks(apps, None)  # again: nothing changes
    assert api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["copied_blocks"] == {"body": "en"}
