"""The translation calls (issue 22; /tmp contract of the three helpers, kept in the README):
translation_checked.json, source_changes.json, translations.json and pages.json?translation=."""

import pytest

from cms.audit.models import AuditEntry
from cms.pages.models import Page, PageGrant, PageRevision
from cms.pages.translations.tests.helpers import check, create, read, save, state


@pytest.fixture
def page_id(api):
    page_id = create(api, name="Harbour", intro="Boats sail", body="At dawn")
    save(api, page_id, "nb", name="Havn", intro="Båter seiler", body="Ved daggry")
    save(api, page_id, "ar", name="ميناء", intro="قوارب", body="فجرا")
    return page_id


# --- translation_checked.json ----------------------------------------------------------------


def test_marking_checked_counts_as_a_change_without_a_revision(api, page_id):
    save(api, page_id, body="At dusk")
    version, revisions = read(api, page_id)["lock_version"], PageRevision.objects.filter(page_id=page_id).count()
    answer = check(api, page_id, "nb", blocks=["body"])
    assert answer.status_code == 200, answer.content
    assert answer.json()["lock_version"] == version + 1 and answer.json()["locale"] == "nb"
    assert PageRevision.objects.filter(page_id=page_id).count() == revisions
    entry = AuditEntry.objects.filter(subject_id=page_id).latest("id")
    assert (entry.action, entry.details) == ("translation_checked", {"locale": "nb", "blocks": ["body"]})


def test_marking_checked_with_nothing_outdated_changes_nothing(api, page_id):
    version = read(api, page_id)["lock_version"]
    entries = AuditEntry.objects.count()
    answer = check(api, page_id, "nb")
    assert answer.status_code == 200 and answer.json()["lock_version"] == version
    assert AuditEntry.objects.count() == entries


def test_a_stale_version_answers_409_and_marks_nothing(api, page_id):
    save(api, page_id, body="At dusk")
    stale = read(api, page_id)["lock_version"] - 1
    answer = api.post(f"/admin/nb/pages/{page_id}/translation_checked.json", {"lock_version": stale})
    assert answer.status_code == 409 and answer.json()["lock_version"] == stale + 1
    assert state(api, page_id)[1]["nb"] == ["body"]


def test_without_edit_on_the_page_the_answer_is_403(api, editor_api, editor, page_id):
    save(api, page_id, body="At dusk")
    version = read(api, page_id)["lock_version"]
    body = {"lock_version": version}
    assert editor_api.post(f"/admin/nb/pages/{page_id}/translation_checked.json", body).status_code == 403
    assert state(api, page_id)[1]["nb"] == ["body"]
    PageGrant.objects.create(user=editor, page=Page.objects.get(pk=page_id), edit=True)
    assert editor_api.post(f"/admin/nb/pages/{page_id}/translation_checked.json", body).status_code == 200


def test_without_a_login_or_the_csrf_token_nothing_is_marked(api, anonymous_api, page_id):
    from django.test import Client

    from conftest import JsonClient

    save(api, page_id, body="At dusk")
    body = {"lock_version": read(api, page_id)["lock_version"]}
    assert anonymous_api.post(f"/admin/nb/pages/{page_id}/translation_checked.json", body).status_code in (401, 403)
    no_token = JsonClient(api.client, csrf=False)
    assert no_token.post(f"/admin/nb/pages/{page_id}/translation_checked.json", body).status_code == 403
    assert isinstance(api.client, Client)
    assert state(api, page_id)[1]["nb"] == ["body"]


BIG = 2**63
HOSTILE = {
    "the default locale": ("en", {}, 422),
    "an unknown locale": ("xx", {}, 404),
    "no lock_version": ("nb", {"lock_version": None}, 422),
    "lock_version as text": ("nb", {"lock_version": "1"}, 422),
    "lock_version of 2^63": ("nb", {"lock_version": BIG}, 422),
    "blocks empty": ("nb", {"blocks": []}, 422),
    "blocks not a list": ("nb", {"blocks": "body"}, 422),
    "a block that is a number": ("nb", {"blocks": [1]}, 422),
    "a block twice": ("nb", {"blocks": ["body", "body"]}, 422),
    "an unknown block": ("nb", {"blocks": ["nope"]}, 422),
    "a block that is not localized": ("nb", {"blocks": ["video_url"]}, 422),
    "a block with NUL": ("nb", {"blocks": ["bo\x00dy"]}, 422),
    "a block with a lone surrogate": ("nb", {"blocks": ["\ud800"]}, 422),
    "a huge block name": ("nb", {"blocks": ["b" * 100_000]}, 422),
    "201 blocks": ("nb", {"blocks": [f"b{n}" for n in range(201)]}, 422),
    "nested blocks": ("nb", {"blocks": [["body"]]}, 422),
    "blocks as an object": ("nb", {"blocks": {"body": True}}, 422),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_input_answers_4xx_and_marks_nothing(api, page_id, case):
    locale, body, status = HOSTILE[case]
    save(api, page_id, body="At dusk")
    before = Page.objects.filter(pk=page_id).values().get()
    entries = AuditEntry.objects.count()
    payload = {"lock_version": before["lock_version"], **body}
    payload = {key: value for key, value in payload.items() if value is not None}
    answer = api.post(f"/admin/{locale}/pages/{page_id}/translation_checked.json", payload)
    assert answer.status_code == status, answer.content
    assert Page.objects.filter(pk=page_id).values().get() == before
    assert AuditEntry.objects.count() == entries


def test_broken_json_and_huge_or_unknown_page_ids_answer_4xx(api, page_id):
    path = f"/admin/nb/pages/{page_id}/translation_checked.json"
    assert api.post(path, '{"lock_version": ').status_code == 400
    assert api.post(path, "[" * 10_000 + "]" * 10_000).status_code in (400, 422)
    assert api.post(f"/admin/nb/pages/{BIG}/translation_checked.json", {"lock_version": 0}).status_code == 404
    assert api.post("/admin/nb/pages/999999/translation_checked.json", {"lock_version": 0}).status_code == 404
    assert api.get(f"/admin/nb/pages/{BIG}/source_changes.json").status_code == 404


def test_a_locale_the_page_has_no_name_in_has_nothing_to_check(api):
    page_id = create(api, name="Harbour", body="At dawn")
    assert check(api, page_id, "ar").status_code == 422


# --- source_changes.json ---------------------------------------------------------------------


def test_source_changes_show_the_source_then_and_now_per_outdated_block(api, page_id):
    synced = PageRevision.objects.filter(page_id=page_id).latest("id").pk  # ar's save: en as nb had it
    save(api, page_id, body="At dusk", intro="Ships sail")
    save(api, page_id, body="At dusk, quietly")
    save(api, page_id, "nb", intro="Skip seiler")
    answer = api.get(f"/admin/nb/pages/{page_id}/source_changes.json")
    assert answer.status_code == 200, answer.content
    changes = answer.json()
    assert changes["source_locale"] == "en"
    assert [block["name"] for block in changes["blocks"]] == ["body"]
    body = changes["blocks"][0]
    assert (body["before"], body["after"]) == ("At dawn", "At dusk, quietly")
    nb_saved = Page.objects.get(pk=page_id).translation_marks["body"]["nb"]["r"]
    assert body["since_revision"] == nb_saved and nb_saved < synced


def test_source_changes_after_a_check_start_from_the_text_checked(api, page_id):
    save(api, page_id, body="At dusk")
    check(api, page_id, "nb")
    save(api, page_id, body="At dusk!")
    body = api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["blocks"][0]
    assert (body["before"], body["after"]) == ("At dusk", "At dusk!")


def test_source_changes_of_the_default_or_a_current_locale_are_empty(api, page_id):
    assert api.get(f"/admin/en/pages/{page_id}/source_changes.json").json() == {
        "source_locale": "en",
        "blocks": [],
        "copied_blocks": {},
    }
    assert api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["blocks"] == []


def test_a_block_never_translated_has_no_source_changes_it_is_missing(api):
    page_id = create(api, name="Harbour", body="At dawn")
    save(api, page_id, "nb", name="Havn")
    assert api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["blocks"] == []


# --- translations.json (the report) ---------------------------------------------------------


def test_the_report_lists_pages_to_do_newest_source_change_first(api, page_id):
    other = create(api, name="Quay", body="Stone")
    save(api, other, "nb", name="Kai", body="Stein")
    save(api, page_id, body="At dusk")
    save(api, other, body="Granite")
    missing = create(api, name="Lighthouse")
    report = api.get("/admin/nb/translations.json?state=outdated").json()
    assert report["total"] == 2
    assert [(item["page_id"], item["name"], item["outdated_blocks"]) for item in report["items"]] == [
        (other, "Kai", ["body"]), (page_id, "Havn", ["body"]),
    ]  # fmt: skip
    assert all(item["state"] == "outdated" and item["source_changed_at"] for item in report["items"])
    assert all(item["name_locale"] == "nb" for item in report["items"])
    report = api.get("/admin/nb/translations.json?state=missing").json()
    assert [item["page_id"] for item in report["items"]] == [missing] and report["total"] == 1
    # No name in nb: the default locale's, said so.
    assert (report["items"][0]["name"], report["items"][0]["name_locale"]) == ("Lighthouse", "en")
    assert api.get("/admin/nb/translations.json?state=missing&page=2").json() == {"items": [], "total": 1}
    assert api.get("/admin/en/translations.json").json() == {"items": [], "total": 0}


def test_deleted_pages_are_not_in_the_report(api, page_id):
    save(api, page_id, body="At dusk")
    save(api, page_id, status=4)
    assert api.get("/admin/nb/translations.json").json()["total"] == 0


@pytest.mark.parametrize(
    "query", ["state=current", "state=", "state=outdated%00", "page=0", "page=-1", f"page={BIG}", "page=x"]
)
def test_bad_report_parameters_answer_422(api, query):
    assert api.get(f"/admin/nb/translations.json?{query}").status_code == 422


# --- pages.json?translation= -----------------------------------------------------------------


def test_the_tree_filter_answers_the_pages_in_the_state_with_their_ancestors(api):
    parent = create(api, name="Parent", body="Top")
    save(api, parent, "nb", name="Forelder", body="Topp")
    child = create(api, name="Child", parent_page_id=parent, body="Low")
    save(api, child, "nb", name="Barn", body="Lav")
    current = create(api, name="Sibling", parent_page_id=parent)
    save(api, current, "nb", name="Søsken")
    save(api, child, body="Lower")
    answer = api.get("/admin/nb/pages.json?translation=outdated")
    assert answer.status_code == 200, answer.content
    assert [(record["id"], record["translations"]["nb"]) for record in answer.json()] == [
        (parent, "current"), (child, "outdated"),
    ]  # fmt: skip
    missing = api.get("/admin/ar/pages.json?translation=missing").json()
    assert {record["id"] for record in missing} == {parent, child, current}
    assert api.get("/admin/en/pages.json?translation=outdated").json() == []


def test_a_match_under_a_deleted_page_is_not_in_the_filtered_tree(api):
    parent = create(api, name="Parent")
    child = create(api, name="Child", parent_page_id=parent, body="Low")
    save(api, child, "nb", name="Barn", body="Lav")
    save(api, child, body="Lower")
    save(api, parent, status=4)
    assert api.get("/admin/nb/pages.json?translation=outdated").json() == []


@pytest.mark.parametrize("query", ["translation=current", "translation=", "translation=outdated&q=x",
                                   "translation=missing&parent_id=root", "translation=outdated%00"])  # fmt: skip
def test_bad_translation_filters_answer_422(api, query):
    answer = api.get(f"/admin/nb/pages.json?{query}")
    assert answer.status_code == 422, answer.content
