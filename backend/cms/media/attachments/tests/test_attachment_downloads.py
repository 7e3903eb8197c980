"""Downloads at an attachment's stable address: the stored type, named after the uploader's file,
resumable (ranges), validated (ETag, 304), never run by the browser, and for signed-in editors
only unless a published page offers the file."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from cms.media.models import Attachment
from cms.media.tests.attachments import DOCX, PDF, SCRIPT_PAGE, SVG, png, replace_file, stored_attachment
from cms.pages.models import Page, Status

CONTENT = PDF + bytes(range(256)) * 4  # 1,078 bytes


def assert_sandboxed(response):
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == "sandbox"


@pytest.fixture
def offered(api, make_page):
    """Return (record, page): a PDF linked from a published page."""
    record = stored_attachment(api, "guide.pdf", CONTENT)
    page = make_page("Harbour", status=Status.PUBLISHED, page_files_attributes=[{"attachment_id": record["id"]}])
    return record, page


def anonymous() -> Client:
    return Client()


def test_a_file_a_published_page_offers_is_sent_to_anyone_with_its_stored_type(offered):
    record, _ = offered

    response = anonymous().get(record["url"])

    assert response.status_code == 200
    assert response.streaming  # read in chunks, never whole into memory
    assert response.getvalue() == CONTENT
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Length"] == str(len(CONTENT))
    assert response["Content-Disposition"] == 'inline; filename="guide.pdf"'
    assert response["Accept-Ranges"] == "bytes"
    assert response["Cache-Control"] == "public, no-cache"
    assert response["ETag"].startswith('"')  # strong: ranges need one
    assert "Last-Modified" in response
    assert "Content-Encoding" not in anonymous().get(record["url"], headers={"Accept-Encoding": "gzip"})
    assert_sandboxed(response)


@pytest.mark.parametrize(
    ("status", "published_in", "public"),
    [
        (Status.PUBLISHED, -1, True),
        (Status.HIDDEN, -1, True),
        (Status.HIDDEN, 60, True),  # hidden: reachable by its address whatever the date
        (Status.PUBLISHED, 60, False),  # published later
        (Status.DRAFT, -1, False),
        (Status.REVIEWED, -1, False),
        (Status.DELETED, -1, False),
    ],
)
def test_a_file_only_unpublished_pages_offer_needs_a_login(offered, status, published_in, public):
    record, page = offered
    when = timezone.now() + timedelta(minutes=published_in)
    Page.objects.filter(pk=page.pk).update(status=status, published_at=when)

    response = anonymous().get(record["url"])

    if public:
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/?next=/files/")
        assert not response.has_header("ETag")


def test_an_editor_may_download_a_file_no_published_page_offers_and_no_cache_keeps_it(api):
    record = stored_attachment(api, "draft.pdf", CONTENT)

    response = api.client.get(record["url"])

    assert response.status_code == 200
    assert response.getvalue() == CONTENT
    assert response["Cache-Control"] == "private, no-cache"
    assert response["Vary"] == "Cookie"
    assert anonymous().get(record["url"]).status_code == 302


def test_a_signed_in_visitor_who_is_not_staff_gets_404_for_an_unpublished_file(api):
    record = stored_attachment(api, "draft.pdf", CONTENT)
    visitor = Client()
    visitor.force_login(get_user_model().objects.create_user("visitor", password="x"))
    assert visitor.get(record["url"]).status_code == 404


@pytest.mark.parametrize(
    ("filename", "content", "content_type"),
    [
        ("page.html", SCRIPT_PAGE, "text/html"),
        ("page.htm", SCRIPT_PAGE, "text/html"),
        ("logo.svg", SVG, "image/svg+xml"),
        ("feed.xml", b"<?xml version='1.0'?><x/>", "application/xml"),
        ("app.js", b"alert(document.cookie)", "text/javascript"),
        ("tool.exe", b"MZ\x90\x00" + SCRIPT_PAGE, "application/octet-stream"),
        ("no-extension", SCRIPT_PAGE, "application/octet-stream"),
        ("notes.txt", SCRIPT_PAGE, "text/plain"),
        ("report.docx", DOCX, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("scan.tif", b"II*\x00" + bytes(40), "image/tiff"),
    ],
)
def test_types_a_browser_could_run_or_does_not_show_are_only_ever_downloads(api, filename, content, content_type):
    record = stored_attachment(api, filename, content)

    response = api.client.get(record["url"])

    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    assert_sandboxed(response)


def test_pictures_may_be_shown_inline(api):
    record = stored_attachment(api, "photo.png", png())
    response = api.client.get(record["url"])
    assert (response["Content-Type"], response["Content-Disposition"]) == ("image/png", 'inline; filename="photo.png"')
    assert_sandboxed(response)


def test_a_non_ascii_filename_is_sent_for_old_and_new_browsers(api):
    record = stored_attachment(api, "Blåbær på fjellet.pdf", PDF)
    assert record["url"] == f"/files/{record['id']}/Bl%C3%A5b%C3%A6r%20p%C3%A5%20fjellet.pdf"

    response = api.client.get(record["url"])

    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        "inline; filename=\"Blabaer pa fjellet.pdf\"; filename*=UTF-8''Bl%C3%A5b%C3%A6r%20p%C3%A5%20fjellet.pdf"
    )
    arabic = stored_attachment(api, "تقرير ٢٠٢٦.pdf", PDF)
    disposition = api.client.get(arabic["url"])["Content-Disposition"]
    assert disposition == (
        'inline; filename="download.pdf"; '
        "filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1%20%D9%A2%D9%A0%D9%A2%D9%A6.pdf"
    )


@pytest.mark.parametrize(
    ("header", "content_range", "body"),
    [
        ("bytes=10-19", "bytes 10-19/1078", CONTENT[10:20]),
        ("bytes=1000-", "bytes 1000-1077/1078", CONTENT[1000:]),
        ("bytes=-3", "bytes 1075-1077/1078", CONTENT[-3:]),
        ("bytes=1070-99999", "bytes 1070-1077/1078", CONTENT[1070:]),
        ("bytes=0-0", "bytes 0-0/1078", CONTENT[:1]),
    ],
)
def test_a_range_answers_206_with_just_those_bytes(offered, header, content_range, body):
    record, _ = offered

    response = anonymous().get(record["url"], headers={"Range": header})

    assert response.status_code == 206
    assert response["Content-Range"] == content_range
    assert response["Content-Length"] == str(len(body))
    assert response.getvalue() == body
    assert response["Content-Type"] == "application/pdf"
    assert_sandboxed(response)


@pytest.mark.parametrize("header", ["bytes=1078-", "bytes=5000-6000", "bytes=-0"])
def test_a_range_past_the_end_answers_416(offered, header):
    record, _ = offered
    response = anonymous().get(record["url"], headers={"Range": header})
    assert response.status_code == 416
    assert response["Content-Range"] == "bytes */1078"


@pytest.mark.parametrize("header", ["bytes=5-2", "items=0-1", "bytes=0-1,5-6", "bytes=" + "9" * 40 + "-"])
def test_a_range_that_cannot_be_read_sends_the_whole_file(offered, header):
    record, _ = offered
    response = anonymous().get(record["url"], headers={"Range": header})
    assert response.status_code == 200
    assert response.getvalue() == CONTENT


def test_a_resumed_download_of_a_changed_file_gets_the_whole_new_file(api, offered):
    record, _ = offered
    old_etag = anonymous().get(record["url"])["ETag"]
    replace_file(api, record["id"], "guide.pdf", PDF)

    response = anonymous().get(record["url"], headers={"Range": "bytes=10-", "If-Range": old_etag})

    assert response.status_code == 200
    assert response.getvalue() == PDF


def test_conditional_requests_answer_304_and_head_answers_the_headers(offered):
    record, _ = offered
    first = anonymous().get(record["url"])

    again = anonymous().get(record["url"], headers={"If-None-Match": first["ETag"]})
    since = anonymous().get(record["url"], headers={"If-Modified-Since": first["Last-Modified"]})
    head = anonymous().head(record["url"])

    assert again.status_code == since.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]
    assert head.status_code == 200
    assert head.content == b""
    assert (head["Content-Length"], head["ETag"]) == (str(len(CONTENT)), first["ETag"])
    assert head["Content-Disposition"] == first["Content-Disposition"]
    assert_sandboxed(head)


def test_the_id_picks_the_file_whatever_name_the_address_carries(offered):
    record, _ = offered
    assert anonymous().get(f"/files/{record['id']}/older-name.pdf").getvalue() == CONTENT


@pytest.mark.parametrize(
    "path",
    ["/files/999999/guide.pdf", "/files/abc/guide.pdf", f"/files/{2**63}/x", "/files/1", "/files/1/a/b", "/files/"],
)
def test_unknown_addresses_answer_404(offered, path):
    assert anonymous().get(path).status_code == 404


def test_a_file_missing_from_storage_answers_404(api, offered, storage):
    record, _ = offered
    for path in storage.attachments():
        path.unlink()
    assert anonymous().get(record["url"]).status_code == 404


def test_only_get_and_head_are_answered(offered):
    record, _ = offered
    assert anonymous().post(record["url"]).status_code == 405
    assert anonymous().delete(record["url"]).status_code == 405
    assert Attachment.objects.count() == 1


def test_the_stored_file_is_not_served_from_media(offered):
    record, _ = offered
    name = Attachment.objects.get(pk=record["id"]).file.name
    assert anonymous().get(f"/media/{name}").status_code == 404
    assert anonymous().get(f"/media/{name.replace('attachments', 'ATTACHMENTS')}").status_code == 404


@pytest.mark.parametrize(("status", "public"), [(Status.PUBLISHED, True), (Status.DRAFT, False)])
def test_a_file_a_published_page_embeds_without_linking_it_is_offered_too(api, make_page, status, public):
    record = stored_attachment(api, "guide.pdf", CONTENT)
    make_page("Harbour", status=status, body=f"Read the [attachment:{record['id']}] first.")

    response = anonymous().get(record["url"])

    assert response.status_code == (200 if public else 302)


@pytest.mark.parametrize(
    ("parent_status", "published_in", "public"),
    [
        (Status.PUBLISHED, -1, True),
        (Status.HIDDEN, -1, True),
        (Status.DRAFT, -1, False),  # the public site answers 404 for the child: its files are not offered
        (Status.PUBLISHED, 60, False),  # the parent is published later
        (Status.DELETED, -1, False),
    ],
)
def test_a_page_under_an_unpublished_one_offers_no_file(offered, make_page, parent_status, published_in, public):
    record, page = offered
    grandparent = make_page("Top", status=Status.PUBLISHED)
    parent = make_page("Section", status=Status.PUBLISHED, parent=grandparent)
    Page.objects.filter(pk=page.pk).update(parent=parent)
    when = timezone.now() + timedelta(minutes=published_in)
    Page.objects.filter(pk=parent.pk).update(status=parent_status, published_at=when)

    response = anonymous().get(record["url"])

    assert response.status_code == (200 if public else 302)


def test_a_file_embedded_by_a_page_under_a_draft_needs_a_login(api, make_page):
    record = stored_attachment(api, "guide.pdf", CONTENT)
    draft = make_page("Draft section", status=Status.DRAFT)
    make_page("Child", status=Status.PUBLISHED, parent=draft, body=f"See [attachment:{record['id']}]")
    assert anonymous().get(record["url"]).status_code == 302
    Page.objects.filter(pk=draft.pk).update(status=Status.PUBLISHED)
    assert anonymous().get(record["url"]).status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        "To embed a file, type `[attachment:{id}]`.",  # a code span shows the code
        "```\n[attachment:{id}]\n```",  # so does a code block
        '[help](https://example.org "[attachment:{id}]")',  # a link's title is no text node
    ],
)
def test_a_code_the_page_shows_as_text_offers_no_file(api, make_page, body):
    record = stored_attachment(api, "secret.pdf", CONTENT)
    make_page("Help", status=Status.PUBLISHED, path_segment="help", body=body.format(id=record["id"]))
    page = anonymous().get("/en/help")
    assert page.status_code == 200
    assert record["url"] not in page.content.decode()  # no download shown
    assert anonymous().get(record["url"]).status_code == 302


def test_a_file_a_reachable_page_embeds_is_public_though_an_unreachable_one_links_it(api, make_page):
    record = stored_attachment(api, "guide.pdf", CONTENT)
    draft = make_page("Draft section", status=Status.DRAFT)
    make_page("Child", status=Status.PUBLISHED, parent=draft, page_files_attributes=[{"attachment_id": record["id"]}])
    make_page("Public", status=Status.PUBLISHED, body=f"See [attachment:{record['id']}]")
    assert anonymous().get(record["url"]).status_code == 200
