"""Migration 0018 fills the pages saved before translation states were kept: every translation
current (no guess of what fell behind), and a later source change measured from the texts then."""

import importlib

from django.apps import apps

from cms.pages.models import Page
from cms.pages.tests.translations.helpers import create, save, state

fill_marks = importlib.import_module("cms.pages.migrations.0018_translation_marks").fill_marks


def forget_marks():
    Page.objects.update(translation_marks={}, translation_outdated=None, outdated_locales="", source_revision=0)


def test_pages_saved_before_are_filled_as_current_and_measured_from_then(api):
    page_id = create(api, name="Harbour", body="At dawn")
    save(api, page_id, "nb", name="Havn")  # nb never had a body: outdated now, current once filled
    save(api, page_id, body="At dusk")
    unsaved_in_nb = create(api, name="Quay")
    forget_marks()
    fill_marks(apps, None)
    assert state(api, page_id) == ({"nb": "current", "ar": "missing"}, {"nb": [], "ar": []})
    assert state(api, unsaved_in_nb)[0] == {"nb": "missing", "ar": "missing"}
    save(api, page_id, body="At night")
    assert state(api, page_id)[1]["nb"] == ["body"]
    (body,) = api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["blocks"]
    assert (body["before"], body["after"]) == ("At dusk", "At night")


def test_a_page_without_revisions_is_filled_as_current(api):
    from cms.pages.models import PageRevision

    page_id = create(api, name="Harbour", body="At dawn")
    save(api, page_id, "nb", name="Havn", body="Ved daggry")
    PageRevision.objects.all().delete()
    forget_marks()
    fill_marks(apps, None)
    assert Page.objects.get(pk=page_id).translation_marks == {}
    assert state(api, page_id)[0]["nb"] == "current"
