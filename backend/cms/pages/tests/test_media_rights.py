"""Shared media can't be taken over (issue 18, item 1): changing an image or a file needs `edit`
on every page that shows it — through a link, as sharing image, or embedded in a text of any
locale — and linking it gives no right. The download rule and the libraries' "used on" lists
read the same record of who shows what."""

import pytest
from django.test import Client

from cms.media.models import Attachment, Image
from cms.media.tests.attachments import PDF, replace_file, stored_attachment
from cms.pages.models import MediaUse, PageGrant, Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update

NEW_ALT = {"image": {"alternative": {"en": "Taken over"}, "crop_start_x": 0, "crop_start_y": 0, "crop_width": 2,
                     "crop_height": 2}}  # fmt: skip
NEW_NAME = {"attachment": {"name": {"en": "Taken over"}}}


@pytest.fixture
def pages(make_page, editor):
    """`mine` (the editor may edit it) and `theirs` (published, outside the editor's grant)."""
    mine = make_page("Mine", path_segment="mine")
    theirs = make_page("Theirs", path_segment="theirs", status=Status.PUBLISHED)
    PageGrant.objects.create(user=editor, page=mine, edit=True)
    return {"mine": mine, "theirs": theirs}


@pytest.fixture
def image(db):
    return Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=40, real_height=30,
        alternative={"en": "Original"},
    )  # fmt: skip


def link_image(actor, page, image):
    page_update(
        actor=actor,
        page_id=page.pk,
        locale="en",
        changes=PageChanges.from_payload({"page_images_attributes": [{"image_id": image.pk}]}),
    )


def test_media_no_page_shows_is_open_to_any_editor(editor_api, image):
    assert editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT).status_code == 200


@pytest.mark.parametrize(
    "shown",
    [
        {"page_images_attributes": [{"image_id": "{id}"}]},
        {"meta_image_id": "{id}"},
        {"body": "Look: [image:{id}]"},
        {"intro": "In the intro [image:{id}] too"},
    ],
    ids=["link", "meta image", "embedded in the body", "embedded in the intro"],
)
def test_an_image_another_page_shows_stays_theirs_even_when_the_editor_links_it(
    pages, editor, editor_api, admin_user, image, shown
):
    changes = {key: (image.pk if value == "{id}" else value) for key, value in shown.items()}
    if "page_images_attributes" in changes:
        changes = {"page_images_attributes": [{"image_id": image.pk}]}
    elif "body" in changes or "intro" in changes:
        changes = {key: value.format(id=image.pk) for key, value in changes.items()}
    page_update(
        actor=admin_user,
        page_id=pages["theirs"].pk,
        locale="en",
        changes=PageChanges.from_payload({**changes, "template": "article"}),
    )
    link_image(editor, pages["mine"], image)  # linking is allowed, but gives no right

    refused = editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT)

    assert refused.status_code == 403
    stored = Image.objects.get(pk=image.pk)
    assert stored.alternative == {"en": "Original"} and stored.crop_width is None


def test_an_embed_in_another_locale_counts(pages, editor_api, admin_user, image):
    page_update(
        actor=admin_user,
        page_id=pages["theirs"].pk,
        locale="nb",
        changes=PageChanges.from_payload({"name": "Deres", "body": f"[image:{image.pk}]"}),
    )
    assert editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT).status_code == 403


def test_a_code_in_code_or_a_removed_embed_shows_nothing(pages, editor_api, admin_user, image):
    theirs = pages["theirs"].pk
    page_update(
        actor=admin_user,
        page_id=theirs,
        locale="en",
        changes=PageChanges.from_payload({"body": f"Type `[image:{image.pk}]`"}),
    )
    assert editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT).status_code == 200
    page_update(
        actor=admin_user, page_id=theirs, locale="en", changes=PageChanges.from_payload({"body": f"[image:{image.pk}]"})
    )
    assert editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT).status_code == 403
    page_update(
        actor=admin_user, page_id=theirs, locale="en", changes=PageChanges.from_payload({"body": "No picture any more"})
    )
    assert editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT).status_code == 200


def test_edit_on_every_page_showing_it_allows_the_change(pages, editor, editor_api, admin_user, image):
    link_image(admin_user, pages["theirs"], image)
    link_image(editor, pages["mine"], image)
    PageGrant.objects.create(user=editor, page=pages["theirs"], edit=True)
    assert editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT).status_code == 200


def test_a_deleted_page_shows_nothing(pages, editor_api, admin_user, image):
    link_image(admin_user, pages["theirs"], image)
    page_update(
        actor=admin_user,
        page_id=pages["theirs"].pk,
        locale="en",
        changes=PageChanges.from_payload({"status": Status.DELETED}),
    )
    assert editor_api.put(f"/admin/images/{image.pk}.json", NEW_ALT).status_code == 200


def test_a_file_another_page_shows_can_be_neither_renamed_nor_replaced(pages, editor, editor_api, api, admin_user):
    record = stored_attachment(api, "guide.pdf", PDF)
    page_update(
        actor=admin_user,
        page_id=pages["theirs"].pk,
        locale="en",
        changes=PageChanges.from_payload({"body": f"[attachment:{record['id']}]"}),
    )
    page_update(
        actor=editor, page_id=pages["mine"].pk, locale="en",
        changes=PageChanges.from_payload({"page_files_attributes": [{"attachment_id": record["id"]}]}),
    )  # fmt: skip

    assert editor_api.put(f"/admin/attachments/{record['id']}.json", NEW_NAME).status_code == 403
    assert replace_file(editor_api, record["id"], "other.pdf", PDF + b"%changed").status_code == 403
    stored = Attachment.objects.get(pk=record["id"])
    assert (stored.name, stored.filename, stored.byte_size) == (record["name"], "guide.pdf", len(PDF))


def test_the_used_on_lists_name_pages_that_embed(pages, api, admin_user, image):
    record = stored_attachment(api, "guide.pdf", PDF)
    theirs = pages["theirs"].pk
    page_update(
        actor=admin_user,
        page_id=theirs,
        locale="en",
        changes=PageChanges.from_payload({"body": f"[image:{image.pk}] [attachment:{record['id']}]"}),
    )
    images = api.get("/admin/images.json").json()["images"]
    files = api.get("/admin/attachments.json").json()["attachments"]
    assert [page["id"] for page in images[0]["pages"]] == [theirs]
    assert [page["id"] for page in files[0]["pages"]] == [theirs]


def test_a_file_only_an_embed_shows_is_downloadable_while_it_is_shown(pages, api, admin_user):
    record = stored_attachment(api, "guide.pdf", PDF)
    theirs = pages["theirs"].pk
    visitor = Client()
    assert visitor.get(record["url"]).status_code == 302  # a login first: no page shows it
    page_update(
        actor=admin_user,
        page_id=theirs,
        locale="en",
        changes=PageChanges.from_payload({"body": f"[attachment:{record['id']}]"}),
    )
    assert visitor.get(record["url"]).status_code == 200
    page_update(actor=admin_user, page_id=theirs, locale="en", changes=PageChanges.from_payload({"body": "Gone"}))
    assert visitor.get(record["url"]).status_code == 302


def test_the_rows_follow_links_meta_image_and_texts(pages, admin_user, image):
    theirs = pages["theirs"]
    link_image(admin_user, theirs, image)
    page_update(
        actor=admin_user,
        page_id=theirs.pk,
        locale="en",
        changes=PageChanges.from_payload({"meta_image_id": image.pk, "body": f"[image:{image.pk}]"}),
    )
    assert list(MediaUse.objects.values_list("page_id", "image_id")) == [(theirs.pk, image.pk)]
    link_id = theirs.page_images.get().pk
    unlinking = {"meta_image_id": None, "body": "", "page_images_attributes": [{"id": link_id, "_destroy": True}]}
    page_update(actor=admin_user, page_id=theirs.pk, locale="en", changes=PageChanges.from_payload(unlinking))
    assert not MediaUse.objects.exists()


def test_a_save_that_cannot_change_what_the_page_shows_leaves_the_table_alone(pages, admin_user, image):
    """Most saves (text without embed codes, a rename, a status) must not pay for the table."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    theirs = pages["theirs"].pk
    link_image(admin_user, pages["theirs"], image)
    for changes in ({"body": "Plain words"}, {"name": "Renamed"}, {"status": Status.HIDDEN}):
        with CaptureQueriesContext(connection) as queries:
            page_update(actor=admin_user, page_id=theirs, locale="en", changes=PageChanges.from_payload(changes))
        assert not [q for q in queries.captured_queries if "mediause" in q["sql"].lower()], changes
    assert list(MediaUse.objects.values_list("page_id", "image_id")) == [(theirs, image.pk)]
