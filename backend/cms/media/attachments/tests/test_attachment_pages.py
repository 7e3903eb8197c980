"""Attachments on pages: linked once per page, renamed in the page's answer at once, and the
file library's "which pages use it"."""

import pytest

from cms.media.models import Attachment
from cms.media.tests.attachments import stored_attachment
from cms.pages.models import PageFile


def link(api, page, *records):
    return api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_files_attributes": list(records)}})


def test_a_renamed_attachment_shows_in_the_pages_answer(api, make_page):
    attachment = stored_attachment(api, **{"attachment[name][en]": "Guide"})
    page = make_page("Harbour", path_segment="harbour")
    assert link(api, page, {"attachment_id": attachment["id"]}).status_code == 200
    before = api.get(f"/admin/en/pages/{page.pk}.json").json()  # now cached
    assert before["page_files"][0]["attachment"]["name"] == {"en": "Guide"}

    renamed = api.put(f"/admin/attachments/{attachment['id']}", {"attachment": {"name": {"en": "Harbour guide"}}})

    assert renamed.status_code == 200
    after = api.get(f"/admin/en/pages/{page.pk}.json").json()
    assert after["page_files"][0]["attachment"]["name"] == {"en": "Harbour guide"}
    listed = api.get("/admin/en/pages.json").json()
    shown = next(record for record in listed if record["id"] == page.pk)
    assert shown["page_files"][0]["attachment"]["name"] == {"en": "Harbour guide"}


@pytest.mark.parametrize("existing", [False, True])
def test_the_same_attachment_twice_on_one_page_is_refused_with_a_clear_message(api, make_page, existing):
    attachment = stored_attachment(api)
    page = make_page("Harbour")
    records = [{"attachment_id": attachment["id"]}, {"attachment_id": attachment["id"]}]
    if existing:
        assert link(api, page, records[0]).status_code == 200
        first = PageFile.objects.get(page=page)
        records = [{"id": first.pk, "attachment_id": attachment["id"], "position": 1}, records[1]]

    response = link(api, page, *records)

    assert response.status_code == 422
    assert ["page_files_attributes", "links the same attachment to this page more than once"] in response.json()[
        "errors"
    ]
    assert PageFile.objects.filter(page=page).count() == (1 if existing else 0)


def test_page_file_links_keep_their_order_and_are_removed_with_destroy(api, make_page):
    first, second = stored_attachment(api, "a.pdf"), stored_attachment(api, "b.pdf")
    page = make_page("Harbour")
    link(api, page, {"attachment_id": first["id"], "position": 1}, {"attachment_id": second["id"], "position": 2})
    links = {link.attachment_id: link.pk for link in PageFile.objects.filter(page=page)}

    response = link(
        api,
        page,
        {"id": links[second["id"]], "attachment_id": second["id"], "position": 1},
        {"id": links[first["id"]], "_destroy": True},
    )

    assert response.status_code == 200
    files = response.json()["page_files"]
    assert [(f["attachment_id"], f["position"]) for f in files] == [(second["id"], 1)]
    assert Attachment.objects.count() == 2  # a removed link leaves the file in the library


def test_the_library_lists_the_pages_using_each_file_without_deleted_pages(api, make_page):
    attachment = stored_attachment(api)
    shown, deleted = make_page("Shown"), make_page("Gone")
    link(api, shown, {"attachment_id": attachment["id"]})
    link(api, deleted, {"attachment_id": attachment["id"]})
    api.put(f"/admin/en/pages/{deleted.pk}.json", {"page": {"status": 4}})

    answer = api.get("/admin/attachments.json").json()

    assert answer["attachments"][0]["pages"] == [{"id": shown.pk, "name": {"en": "Shown"}}]
