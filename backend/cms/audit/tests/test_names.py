"""The log and a page's history name what they mention (issue 18, item 6): pages, images and
files by their names in the reader's content locale, falling back as the page tree does (the
default locale's name, else any), never "page 25"; and who did it as {id, username, name}."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured

from cms.admin_ui.tests.test_screens import initial_data
from cms.audit import log
from cms.audit.models import AuditEntry
from cms.media.tests.attachments import stored_attachment
from cms.media.tests.images import png, upload
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_move, page_update

User = get_user_model()


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path


@pytest.fixture
def about(admin_user, make_page):
    page = make_page("About us")
    page_update(actor=admin_user, page_id=page.pk, locale="nb", changes=PageChanges.from_payload({"name": "Om oss"}))
    return page


def entries(api, query=""):
    answer = api.get(f"/admin/audit.json{query}")
    assert answer.status_code == 200, answer.content
    return answer.json()["entries"]


def test_the_log_names_pages_in_the_readers_locale_falling_back_as_the_tree_does(api, admin_user, about):
    created = entries(api, "?locale=nb&action=create")[0]
    assert (created["subject"], created["subject_id"], created["subject_name"]) == ("page", about.pk, "Om oss")
    assert created["names"] == {"page": {str(about.pk): "Om oss"}}
    assert entries(api, "?locale=en&action=create")[0]["subject_name"] == "About us"
    assert entries(api, "?locale=ar&action=create")[0]["subject_name"] == "About us"  # no Arabic name: English
    assert entries(api, "?action=create")[0]["subject_name"] == "About us"  # no locale: the default one


def test_a_move_names_the_parents_and_a_rename_shows_the_current_name(api, admin_user, about, make_page):
    news = make_page("News")
    page_move(actor=admin_user, page_id=about.pk, parent_id=news.pk, position=1)
    page_update(
        actor=admin_user, page_id=about.pk, locale="en", changes=PageChanges.from_payload({"name": "Who we are"})
    )
    moved = entries(api, "?action=move")[0]
    assert moved["subject_name"] == "Who we are"
    assert moved["names"]["page"] == {str(about.pk): "Who we are", str(news.pk): "News"}


def test_a_pages_history_names_in_the_addresss_locale(api, about):
    history = api.get(f"/admin/nb/pages/{about.pk}/history.json").json()
    assert {entry["subject_name"] for entry in history} == {"Om oss"}
    assert history[0]["user"] == {"id": history[0]["user"]["id"], "username": "admin", "name": "admin"}


def test_grants_name_their_user_and_pages(api, about):
    nora = User.objects.create_user("nora", password="x-long-Passphrase-9", is_staff=True, first_name="Nora Nilsen")
    body = {"user_id": nora.pk, "page_ids": f"{about.pk},root", "permissions": ["edit"], "action": "grant"}
    assert api.post("/admin/grants.json", body).status_code == 200
    granted = entries(api, "?action=grants&locale=nb")[0]
    assert granted["subject_name"] == "Nora Nilsen"
    assert granted["names"] == {"user": {str(nora.pk): "Nora Nilsen"}, "page": {str(about.pk): "Om oss"}}


def test_images_are_named_by_filename_and_files_by_their_name(api, media_root):
    image = upload(api, "harbour.png", png()).json()
    guide = stored_attachment(api, "guide.pdf", **{"attachment[name][en]": "Guide", "attachment[name][nb]": "Veileder"})
    unnamed = stored_attachment(api, "plan.pdf")
    by_id = {(entry["subject"], entry["subject_id"]): entry["subject_name"] for entry in entries(api, "?locale=nb")}
    assert by_id[("image", image["id"])] == "harbour.png"
    assert by_id[("attachment", guide["id"])] == "Veileder"
    assert by_id[("attachment", unnamed["id"])] == "plan.pdf"


def test_the_log_screen_names_in_its_locale(api, about):
    data = initial_data(api.get("/admin/log?locale=nb"))
    assert data["log"]["entries"][0]["subject_name"] == "Om oss"
    assert data["log"]["entries"][0]["user"]["username"] == "admin"


def test_an_unknown_locale_is_refused(api):
    answer = api.get("/admin/audit.json?locale=xx")
    assert answer.status_code == 422
    assert answer.json()["errors"][0][0] == "locale"


def test_the_names_are_read_in_a_fixed_number_of_queries(api, admin_user, make_page, django_assert_max_num_queries):
    for number in range(30):
        make_page(f"Page {number}")
    with django_assert_max_num_queries(12):
        assert len(entries(api)) == 30


def test_an_entry_of_someone_deleted_since_keeps_their_name(admin_user, about):
    editor = User.objects.create_user("gone", password="x-long-Passphrase-9", is_staff=True, first_name="Gone Soon")
    log.record(editor, "update", "page", about.pk, {"fields": ["name"]})
    editor.delete()
    entry = log.entry_record(AuditEntry.objects.latest("id"))
    assert entry["user"] == {"id": None, "username": "", "name": "Gone Soon"}


def test_mentions_are_found_wherever_the_details_hold_them():
    entry = AuditEntry(
        subject="page",
        subject_id=5,
        details={
            "from": {"parent_page_id": 1, "position": 2},
            "to": {"parent_page_id": None, "position": 1},
            "meta_image_id": {"from": 7, "to": 8},
            "page_ids": [None, 3],
            "fields": ["name"],
            "position": 9,
        },
    )
    assert log.mentions(entry) == {"page": {5, 1, 3}, "image": {7, 8}}


def test_a_key_told_to_the_log_twice_names_one_kind_of_thing(monkeypatch):
    monkeypatch.setattr(log, "MENTION_KEYS", {"page_id": "page"})
    log.add_mention_keys({"page_id": "page", "image_id": "image"})
    assert log.MENTION_KEYS == {"page_id": "page", "image_id": "image"}
    with pytest.raises(ImproperlyConfigured):
        log.add_mention_keys({"page_id": "image"})
