"""Revisions (issue 20, items 1 to 4): one per accepted save, read back as the page shape the save
answered, listed newest first, compared and restored (DESIGN.md §3, Revisions)."""

import re

import pytest

from cms.accounts.languages import set_interface_language
from cms.audit.models import AuditEntry
from cms.media.models import Attachment, Image
from cms.pages.models import Page, PageRevision
from cms.pages.revisions import recording
from cms.pages.tests.api.test_truthful_history import editor_payload


@pytest.fixture
def media(db):
    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
    )
    attachment = Attachment.objects.create(file="attachments/a.pdf", filename="a.pdf", content_type="application/pdf")
    return image, attachment


@pytest.fixture
def page(api, media):
    image, attachment = media
    answer = api.post("/admin/en/pages.json", {"page": {
        "name": "Harbour", "template": "article", "body": "Boats **sail** at dawn", "video_url": "https://v.example/1",
        "serialized_tags": '["Sea", "boats"]', "page_images_attributes": [{"image_id": image.pk, "primary": True}],
        "page_files_attributes": [{"attachment_id": attachment.pk}],
    }})  # fmt: skip
    assert answer.status_code == 201, answer.content
    return Page.objects.get(pk=answer.json()["id"])


def save(api, page_id, locale="en", **edits):
    record = api.get(f"/admin/{locale}/pages/{page_id}.json").json()
    payload = (
        editor_payload(api, page_id, **edits) if locale == "en" else {"lock_version": record["lock_version"], **edits}
    )
    return api.put(f"/admin/{locale}/pages/{page_id}.json", {"page": payload})


def revisions(api, page_id, **query):
    suffix = "".join(f"&{k}={v}" for k, v in query.items())
    answer = api.get(f"/admin/en/pages/{page_id}/revisions.json?page=1{suffix}")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_a_create_and_each_accepted_save_store_one_revision_newest_first(api, page):
    assert [r["kind"] for r in revisions(api, page.pk)] == ["create"]
    assert save(api, page.pk, body="Boats rest").status_code == 200
    assert save(api, page.pk, locale="nb", name="Havn", body="Båter").status_code == 200
    assert save(api, page.pk, status=2).status_code == 200
    listed = revisions(api, page.pk)
    assert [r["kind"] for r in listed] == ["update", "update", "update", "create"]
    assert [r["summary"] for r in listed][:1] == ["Published"]
    assert (
        listed[1]["summary"] == "Changed Body, Name, path segment (Norwegian Bokmål)"
        and listed[2]["summary"] == "Changed Body (English)"
    )
    assert listed[0]["user"]["username"] == "admin" and listed[0]["live"] is True and listed[-1]["live"] is False
    assert [r["id"] for r in listed] == sorted((r["id"] for r in listed), reverse=True)


def test_delete_and_undelete_are_revisions_of_their_own_kind(api, page):
    save(api, page.pk, status=4)
    save(api, page.pk, status=0)
    assert [r["kind"] for r in revisions(api, page.pk)][:2] == ["undelete", "delete"]


def test_refused_saves_and_saves_that_change_nothing_store_none(api, editor_api, page):
    count = PageRevision.objects.filter(page=page).count()
    assert save(api, page.pk, name="").status_code == 422
    stale = editor_payload(api, page.pk, body="late", lock_version=page.lock_version - 1 if page.lock_version else 99)
    assert api.put(f"/admin/en/pages/{page.pk}.json", {"page": stale}).status_code == 409
    assert editor_api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"body": "not mine"}}).status_code == 403
    assert save(api, page.pk).status_code == 200  # every field sent as stored
    assert PageRevision.objects.filter(page=page).count() == count


def test_a_move_keeps_every_revision_and_adds_none(api, page):
    other = api.post("/admin/en/pages.json", {"page": {"name": "Other"}}).json()
    save(api, page.pk, body="v2")
    before = [r["id"] for r in revisions(api, page.pk)]
    moved = api.put(f"/admin/en/pages/{page.pk}/move.json", {"parent_id": other["id"], "position": 1})
    assert moved.status_code == 200
    assert [r["id"] for r in revisions(api, page.pk)] == before


@pytest.mark.parametrize("locale", ["en", "nb", "ar"])
def test_the_latest_revision_reads_as_the_page_answers(api, page, media, locale):
    save(api, page.pk, locale="nb", name="Havn", body="Båter", path_segment="havn")
    save(api, page.pk, body="Boats rest", serialized_tags='["Sea"]', category="news", video_url="")
    save(api, page.pk, page_images_attributes=[], meta_image_id=media[0].pk)
    latest = revisions(api, page.pk)[0]["id"]
    as_page = api.get(f"/admin/{locale}/pages/{page.pk}.json").json()
    as_revision = api.get(f"/admin/{locale}/pages/{page.pk}/revisions/{latest}.json").json()
    assert as_revision == as_page


def test_an_older_revision_reads_as_the_page_was_then(api, page):
    first = revisions(api, page.pk)[0]["id"]
    then = api.get(f"/admin/en/pages/{page.pk}.json").json()
    save(api, page.pk, body="Changed", serialized_tags="[]", page_files_attributes=[])
    old = api.get(f"/admin/en/pages/{page.pk}/revisions/{first}.json").json()
    assert old["blocks"]["body"] == {"en": "Boats **sail** at dawn"}
    assert old["enabled_tags"] == then["enabled_tags"] and old["page_files"] == then["page_files"]
    assert old["lock_version"] == Page.objects.get(pk=page.pk).lock_version  # the page's, to restore with


def test_the_head_a_save_builds_on_equals_what_is_stored(api, page):
    save(api, page.pk, locale="nb", name="Havn", body="Båter")
    save(api, page.pk, body="Boats rest", serialized_tags='["Sea", "Quay"]', video_url="https://v.example/2")
    page.refresh_from_db()
    assert page.revision_head == recording.stored_manifest(page)[0]
    assert PageRevision.objects.filter(page=page).latest("id").manifest == page.revision_head


def test_unknown_and_other_pages_revisions_answer_404(api, page):
    other = api.post("/admin/en/pages.json", {"page": {"name": "Other"}}).json()["id"]
    theirs = revisions(api, other)[0]["id"]
    base = f"/admin/en/pages/{page.pk}/revisions"
    assert api.get(f"{base}/{theirs}.json").status_code == 404
    assert api.get(f"{base}/999999.json").status_code == 404
    assert api.get(f"{base}/{theirs}/compare.json?with=current").status_code == 404
    restore = api.post(f"{base}/{theirs}/restore.json", {"lock_version": page.lock_version})
    assert restore.status_code == 404
    assert api.get("/admin/en/pages/999999/revisions.json").status_code == 404


def test_the_list_is_paged_by_fifty(api, page):
    for number in range(51):
        save(api, page.pk, body=f"text {number}")
    first, second = revisions(api, page.pk), api.get(f"/admin/en/pages/{page.pk}/revisions.json?page=2").json()
    assert len(first) == 50 and len(second) == 2 and second[-1]["kind"] == "create"
    assert api.get(f"/admin/en/pages/{page.pk}/revisions.json?page=3").json() == []
    assert api.get(f"/admin/en/pages/{page.pk}/revisions.json?page=0").status_code == 422


def test_restore_saves_the_old_content_as_a_new_revision_and_keeps_the_status(api, page, media):
    first = revisions(api, page.pk)[0]["id"]
    save(api, page.pk, body="Rewritten", name="Quay", serialized_tags='["Other"]', page_images_attributes=[],
         status=2, template="page", layout="wide")  # fmt: skip
    entries = AuditEntry.objects.count()
    version = Page.objects.get(pk=page.pk).lock_version
    answer = api.post(f"/admin/en/pages/{page.pk}/revisions/{first}/restore.json", {"lock_version": version})
    assert answer.status_code == 200, answer.content
    restored = answer.json()
    assert (
        restored["blocks"]["body"] == {"en": "Boats **sail** at dawn"} and restored["blocks"]["name"]["en"] == "Harbour"
    )
    assert restored["template"] == "article" and restored["status"] == 2
    assert restored["enabled_tags"] == ["boats", "Sea"]  # alphabetically whatever the case
    assert [link["image_id"] for link in restored["page_images"]] == [media[0].pk]
    assert restored["missing_image_ids"] == [] and restored["missing_attachment_ids"] == []
    assert AuditEntry.objects.count() == entries + 1
    listed = revisions(api, page.pk)
    assert listed[0]["kind"] == "restore" and listed[0]["summary"].startswith("Restored the version of ")
    assert len(listed) == 3  # none deleted


def test_restore_with_a_stale_version_changes_nothing(api, page):
    first = revisions(api, page.pk)[0]["id"]
    save(api, page.pk, body="Rewritten")
    count = PageRevision.objects.count()
    answer = api.post(f"/admin/en/pages/{page.pk}/revisions/{first}/restore.json", {"lock_version": 0})
    assert answer.status_code == 409 and answer.json()["lock_version"] == Page.objects.get(pk=page.pk).lock_version
    assert PageRevision.objects.count() == count
    assert api.get(f"/admin/en/pages/{page.pk}.json").json()["blocks"]["body"] == {"en": "Rewritten"}


def test_restore_needs_edit(editor_api, page):
    first = PageRevision.objects.filter(page=page).latest("id").pk
    answer = editor_api.post(
        f"/admin/en/pages/{page.pk}/revisions/{first}/restore.json", {"lock_version": page.lock_version}
    )
    assert answer.status_code == 403


def test_restore_reports_media_gone_from_the_library(api, page, media):
    first = revisions(api, page.pk)[0]["id"]
    save(api, page.pk, page_images_attributes=[], page_files_attributes=[])
    image_id, attachment_id = media[0].pk, media[1].pk
    media[0].delete()
    media[1].delete()
    version = Page.objects.get(pk=page.pk).lock_version
    restored = api.post(f"/admin/en/pages/{page.pk}/revisions/{first}/restore.json", {"lock_version": version}).json()
    assert restored["missing_image_ids"] == [image_id] and restored["missing_attachment_ids"] == [attachment_id]
    assert restored["page_images"] == [] and restored["page_files"] == []


def test_restore_is_refused_when_its_segment_is_now_a_siblings(api, page):
    first = revisions(api, page.pk)[0]["id"]
    save(api, page.pk, path_segment="moved-on")
    api.post("/admin/en/pages.json", {"page": {"name": "Harbour", "path_segment": "harbour"}})
    version = Page.objects.get(pk=page.pk).lock_version
    answer = api.post(f"/admin/en/pages/{page.pk}/revisions/{first}/restore.json", {"lock_version": version})
    assert answer.status_code == 422
    assert ["path_segment", "is already used by another page at the same level"] in answer.json()["errors"]


def test_compare_names_the_changed_blocks_per_locale_and_the_changed_fields(api, page):
    first = revisions(api, page.pk)[0]["id"]
    save(api, page.pk, body="Boats **rest** at dawn", serialized_tags='["Sea"]')
    save(api, page.pk, locale="nb", name="Havn")
    second = revisions(api, page.pk)[0]["id"]
    answer = api.get(f"/admin/en/pages/{page.pk}/revisions/{first}/compare.json?with={second}")
    assert answer.status_code == 200, answer.content
    compared = answer.json()
    assert compared["from"]["id"] == first and compared["to"]["id"] == second
    changed = {(b["name"], b["locale"]): (b["from"], b["to"]) for b in compared["blocks"]}
    assert changed == {
        ("name", "nb"): ("", "Havn"),
        ("body", "en"): ("Boats **sail** at dawn", "Boats **rest** at dawn"),
    }
    assert {(f["name"], f["locale"]) for f in compared["fields"]} == {("tags", None), ("path_segment", "nb")}
    everything = api.get(f"/admin/en/pages/{page.pk}/revisions/{first}/compare.json?with={second}&all=true").json()
    unchanged = [b for b in everything["blocks"] if not b["changed"]]
    assert {(b["name"], b["locale"]) for b in unchanged} >= {("name", "en"), ("video_url", None)}


def test_compare_with_current(api, page):
    first = revisions(api, page.pk)[0]["id"]
    save(api, page.pk, video_url="https://v.example/2")
    compared = api.get(f"/admin/en/pages/{page.pk}/revisions/{first}/compare.json?with=current").json()
    assert compared["to"] is None
    assert [(b["name"], b["locale"], b["to"]) for b in compared["blocks"]] == [
        ("video_url", None, "https://v.example/2")
    ]


@pytest.mark.parametrize("other", ["soon", "-1", "1.5", "", "current%00"])
def test_compare_refuses_a_malformed_other(api, page, other):
    first = revisions(api, page.pk)[0]["id"]
    assert api.get(f"/admin/en/pages/{page.pk}/revisions/{first}/compare.json?with={other}").status_code == 422


@pytest.mark.parametrize("body", [{}, {"lock_version": "x"}, {"lock_version": 2**70}, {"lock_version": None}, []])
def test_restore_refuses_a_malformed_body(api, page, body):
    first = revisions(api, page.pk)[0]["id"]
    count = PageRevision.objects.count()
    answer = api.post(f"/admin/en/pages/{page.pk}/revisions/{first}/restore.json", body)
    assert 400 <= answer.status_code < 500 and PageRevision.objects.count() == count


def test_a_revision_by_a_user_deleted_since_still_names_someone(api, page, editor):
    PageRevision.objects.filter(page=page).update(user=editor)
    editor.delete()
    assert revisions(api, page.pk)[0]["user"] == {"id": None, "username": "", "name": ""}


def test_a_summary_lists_fields_in_the_interface_language(api, page, admin_user):
    save(api, page.pk, body="Boats rest", video_url="https://v.example/3")
    set_interface_language(admin_user, "ar")
    summary = revisions(api, page.pk)[0]["summary"]
    assert "، " in summary and ", " not in summary, summary


def test_a_summary_names_the_pages_own_fields_in_the_interface_language(api, make_page, admin_user):
    # Issue 28, item 8: no English field name ("starts at", "template") in the Arabic interface.
    page = make_page("Concert", template="event")
    changed = {"starts_at": "2026-12-01T18:00:00Z", "ends_at": "2026-12-01T20:00:00Z", "all_day": True,
               "pinned": True, "news_page": True, "feed_enabled": True, "skip_index": True}  # fmt: skip
    assert save(api, page.pk, **changed).status_code == 200
    assert save(api, page.pk, template="article").status_code == 200
    set_interface_language(admin_user, "ar")
    summaries = " ".join(revision["summary"] for revision in revisions(api, page.pk)[:2])
    assert re.search("[A-Za-z]", summaries) is None, summaries


def test_restore_links_again_what_the_revision_linked(api, page, media):
    first = revisions(api, page.pk)[0]["id"]
    record = api.get(f"/admin/en/pages/{page.pk}.json").json()
    unlink = [{"id": link["id"], "_destroy": True} for link in record["page_images"]]
    assert save(api, page.pk, page_images_attributes=unlink, serialized_tags="[]").status_code == 200
    assert api.get(f"/admin/en/pages/{page.pk}.json").json()["page_images"] == []
    version = Page.objects.get(pk=page.pk).lock_version
    restored = api.post(f"/admin/en/pages/{page.pk}/revisions/{first}/restore.json", {"lock_version": version}).json()
    assert [(link["image_id"], link["primary"]) for link in restored["page_images"]] == [(media[0].pk, True)]
    assert restored["enabled_tags"] == ["boats", "Sea"]
