"""Deleting images and files from their libraries (issue 18, item 10): one no page shows goes
with its stored files (204); one a page shows stays (409, in the JSON error shape, in the user's
language); without the right to change it 403, unknown 404; one audit entry, which still names it."""

import pytest
from django.contrib.auth import get_user_model

from cms.audit.models import AuditEntry
from cms.media.models import Attachment, Image
from cms.media.tests.attachments import stored_attachment
from cms.media.tests.images import png, upload
from cms.pages.models import PageGrant, Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update

IMAGE_IN_USE = "This image can't be deleted: a page shows it. Remove it from every page that shows it first."
FILE_IN_USE = "This file can't be deleted: a page shows it. Remove it from every page that shows it first."


def delete(api, path, *, csrf=True):
    headers = {"X-CSRFToken": api.token} if csrf else {}
    return api.client.delete(path, headers=headers)


@pytest.fixture
def image(api, storage):
    record = upload(api, "harbour.png", png(400, 300)).json()
    # A rendition made on request, beside the thumbnail made at upload.
    assert api.get(record["uncropped_url"]).status_code == 200
    return record


@pytest.fixture
def attachment(api, storage):
    return stored_attachment(api, "guide.pdf", **{"attachment[name][en]": "Guide", "attachment[name][nb]": "Veileder"})


def test_an_image_no_page_shows_is_deleted_with_its_original_and_renditions(
    api, storage, image, django_capture_on_commit_callbacks
):
    assert len(storage.files()) >= 3  # the original, the thumbnail, the uncropped rendition
    with django_capture_on_commit_callbacks(execute=True):
        response = delete(api, f"/admin/images/{image['id']}.json")
    assert response.status_code == 204
    assert response.content == b""
    assert not Image.objects.exists()
    assert storage.files() == []
    entry = AuditEntry.objects.get(action="delete")
    assert (entry.subject, entry.subject_id, entry.details) == ("image", image["id"], {"filename": "harbour.png"})
    logged = api.get("/admin/audit.json?action=delete").json()["entries"][0]
    assert logged["subject_name"] == "harbour.png"  # named after it is gone
    assert api.get(f"/admin/images/{image['id']}.json").status_code == 404
    assert api.get(image["thumbnail_url"]).status_code == 404


def test_a_file_no_page_shows_is_deleted_with_its_stored_file(
    api, storage, attachment, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = delete(api, f"/admin/attachments/{attachment['id']}.json")
    assert response.status_code == 204
    assert not Attachment.objects.exists()
    assert storage.files() == []
    assert api.get(attachment["url"]).status_code == 404
    logged = api.get("/admin/audit.json?action=delete&locale=nb").json()["entries"][0]
    assert (logged["subject"], logged["subject_name"]) == ("attachment", "Veileder")
    assert logged["details"] == {"filename": "guide.pdf", "name": {"en": "Guide", "nb": "Veileder"}}


@pytest.mark.parametrize(
    "shown",
    ["link", "meta image", "embedded in a text of another locale"],
)
def test_an_image_a_page_shows_is_not_deleted(api, admin_user, make_page, storage, image, shown):
    page = make_page("Harbour", template="article")
    image_id = image["id"]
    changes = {
        "link": {"page_images_attributes": [{"image_id": image_id}]},
        "meta image": {"meta_image_id": image_id},
        "embedded in a text of another locale": {"body": f"Se: [image:{image_id}]"},
    }[shown]
    page_update(actor=admin_user, page_id=page.pk, locale="nb", changes=PageChanges.from_payload(changes))
    files = storage.files()
    audited = AuditEntry.objects.count()
    response = delete(api, f"/admin/images/{image_id}.json")
    assert response.status_code == 409
    assert response.json() == {"detail": IMAGE_IN_USE}
    assert Image.objects.filter(pk=image_id).exists()
    assert storage.files() == files
    assert AuditEntry.objects.count() == audited
    library = api.get("/admin/images.json").json()["images"]
    assert [image["pages"] for image in library] == [[{"id": page.pk, "name": {"en": "Harbour"}}]]


def test_a_file_a_page_shows_is_not_deleted(api, admin_user, make_page, storage, attachment):
    linked = make_page("Linked")
    page_update(
        actor=admin_user, page_id=linked.pk, locale="en",
        changes=PageChanges.from_payload({"page_files_attributes": [{"attachment_id": attachment["id"]}]}),
    )  # fmt: skip
    response = delete(api, f"/admin/attachments/{attachment['id']}.json")
    assert response.status_code == 409
    assert response.json() == {"detail": FILE_IN_USE}
    assert Attachment.objects.filter(pk=attachment["id"]).exists()
    assert len(storage.attachments()) == 1


def test_a_file_only_a_text_embeds_is_not_deleted_either(api, admin_user, make_page, attachment):
    page = make_page("Downloads", template="article")
    embedding = PageChanges.from_payload({"body": f"[attachment:{attachment['id']}]"})
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=embedding)
    assert delete(api, f"/admin/attachments/{attachment['id']}.json").status_code == 409


def test_what_only_a_deleted_page_showed_may_go(api, admin_user, make_page, image, django_capture_on_commit_callbacks):
    page = make_page("Old", page_images_attributes=[{"image_id": image["id"]}])
    deletion = PageChanges.from_payload({"status": Status.DELETED})
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=deletion)
    with django_capture_on_commit_callbacks(execute=True):
        assert delete(api, f"/admin/images/{image['id']}.json").status_code == 204
    assert api.get(f"/admin/en/pages/{page.pk}.json").json()["page_images"] == []


def test_the_libraries_tell_what_no_page_shows(api, admin_user, make_page, image, attachment):
    shown = stored_attachment(api, "shown.pdf")
    make_page("Page", page_files_attributes=[{"attachment_id": shown["id"]}])
    files = {record["id"]: record["pages"] for record in api.get("/admin/attachments.json").json()["attachments"]}
    assert files[attachment["id"]] == []
    assert [page["name"] for page in files[shown["id"]]] == [{"en": "Page"}]
    assert api.get("/admin/images.json").json()["images"][0]["pages"] == []


def test_an_editor_deletes_what_no_page_shows_but_not_what_pages_they_cant_edit_show(
    api, editor_api, admin_user, make_page, image, attachment, django_capture_on_commit_callbacks
):
    theirs = make_page("Theirs", page_images_attributes=[{"image_id": image["id"]}])
    mine = make_page("Mine")
    PageGrant.objects.create(user=get_user_model().objects.get(username="editor"), page=mine, edit=True)
    response = delete(editor_api, f"/admin/images/{image['id']}.json")
    assert response.status_code == 403
    assert response.json()["detail"] == (
        "You don't have permission to change this image: it shows on pages you may not edit."
    )
    assert Image.objects.filter(pk=image["id"]).exists()
    assert theirs.pk
    with django_capture_on_commit_callbacks(execute=True):
        assert delete(editor_api, f"/admin/attachments/{attachment['id']}.json").status_code == 204
    assert not Attachment.objects.exists()


@pytest.mark.parametrize("kind", ["images", "attachments"])
def test_unknown_ids_anonymous_callers_and_forged_requests_are_refused(api, anonymous_api, image, attachment, kind):
    record = image if kind == "images" else attachment
    for bad in ("987654", "abc", "9" * 19):
        response = delete(api, f"/admin/{kind}/{bad}.json")
        assert response.status_code == 404
        assert response.json()["detail"]
    assert delete(anonymous_api, f"/admin/{kind}/{record['id']}.json").status_code == 401
    assert delete(api, f"/admin/{kind}/{record['id']}.json", csrf=False).status_code == 403
    assert Image.objects.count() == Attachment.objects.count() == 1
    assert not AuditEntry.objects.filter(action="delete").exists()


@pytest.mark.parametrize(
    ("language", "image_text", "file_text"),
    [("nb", "Dette bildet", "Denne filen"), ("ar", "هذه الصورة", "هذا الملف")],
)
def test_the_refusal_is_in_the_users_language(
    api, admin_user, make_page, image, attachment, language, image_text, file_text
):
    make_page(
        "Page",
        page_images_attributes=[{"image_id": image["id"]}],
        page_files_attributes=[{"attachment_id": attachment["id"]}],
    )
    api.client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    assert image_text in delete(api, f"/admin/images/{image['id']}.json").json()["detail"]
    assert file_text in delete(api, f"/admin/attachments/{attachment['id']}.json").json()["detail"]


def test_the_calls_are_in_the_openapi_document(api):
    paths = api.get("/admin/api/openapi.json").json()["paths"]
    for path, operation_id in (
        ("/admin/images/{image_id}.json", "deleteImage"),
        ("/admin/attachments/{attachment_id}.json", "deleteAttachment"),
    ):
        operation = paths[path]["delete"]
        assert operation["operationId"] == operation_id
        assert set(operation["responses"]) == {"204", "401", "403", "404", "409"}
        assert operation["responses"]["409"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorOut"
        }
