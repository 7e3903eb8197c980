"""POST /admin/attachments.json: a file with its names per locale, stored under a server-made name
with its cleaned filename kept; careless and hostile uploads answer 4xx and store nothing."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cms.media.models import Attachment
from cms.media.tests.attachments import (
    DOCX,
    PDF,
    SCRIPT_PAGE,
    SVG,
    png,
    raw_upload,
    stored_attachment,
    upload_attachment,
)


def server_made(extension: str) -> str:
    return r"attachments/\d{4}/\d{2}/[0-9a-f]{32}\." + extension


def test_an_upload_is_stored_with_its_names_and_answers_the_attachment_record(api, storage):
    response = upload_attachment(
        api, "Harbour_guide.pdf", PDF, **{"attachment[name][en]": "Harbour guide", "attachment[name][nb]": "Havneguide"}
    )

    assert response.status_code == 201
    record = response.json()
    attachment = Attachment.objects.get()
    assert record == {
        "id": attachment.pk,
        "filename": "Harbour_guide.pdf",
        "content_type": "application/pdf",
        "byte_size": len(PDF),
        "name": {"en": "Harbour guide", "nb": "Havneguide"},
        "description": {},
        "url": f"/files/{attachment.pk}/Harbour_guide.pdf",
    }
    assert re.fullmatch(server_made("pdf"), attachment.file.name)
    assert storage.attachments()[0].read_bytes() == PDF
    assert attachment.uploaded_by.username == "admin"
    assert api.get(f"/admin/attachments/{attachment.pk}.json").json() == record
    assert list(storage.temp.iterdir()) == []


def test_names_for_unknown_locales_are_left_out_and_blank_ones_dropped(api):
    record = stored_attachment(
        api,
        **{"attachment[name][en]": "  Guide  ", "attachment[name][nb]": "   ", "attachment[name][xx]": "\x00"},
        **{"attachment[description][ar]": "دليل الميناء"},
    )
    assert record["name"] == {"en": "Guide"}
    assert record["description"] == {"ar": "دليل الميناء"}


@pytest.mark.parametrize(
    ("filename", "content", "content_type", "extension"),
    [
        ("report.docx", DOCX, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
        ("photo.png", png(), "image/png", "png"),
        ("notes.txt", b"plain text", "text/plain", "txt"),
        ("page.html", SCRIPT_PAGE, "text/html", "bin"),
        ("logo.svg", SVG, "image/svg+xml", "bin"),
        ("tool.exe", b"MZ\x90\x00", "application/octet-stream", "bin"),
    ],
)
def test_the_stored_name_has_the_extension_of_the_type_and_never_one_a_browser_runs(
    api, filename, content, content_type, extension
):
    # The part's own Content-Type claims a PDF: a browser's claim is never taken.
    record = stored_attachment(api, filename, content)
    assert record["content_type"] == content_type
    assert re.fullmatch(server_made(extension), Attachment.objects.get().file.name)


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("../../etc/passwd.pdf", "passwd.pdf"),
        ("..\\..\\windows\\guide.pdf", "guide.pdf"),
        ("C:\\Users\\me\\guide.pdf", "guide.pdf"),
        ("gui\x01de\x7f.pdf", "guide.pdf"),
        ("evil\u202efdp.exe.pdf", "evilfdp.exe.pdf"),
        ("x" * 300 + ".pdf", "x" * 251 + ".pdf"),
    ],
)
def test_the_filename_is_kept_without_folders_or_control_characters_and_at_most_255_long(api, storage, sent, kept):
    content = PDF if kept.endswith(".pdf") else b"some bytes"
    record = stored_attachment(api, sent, content)
    assert record["filename"] == kept
    assert all(path.is_relative_to(storage.media / "attachments") for path in storage.files())


@pytest.mark.parametrize(
    ("filename", "content", "message"),
    [
        ("guide.pdf", SCRIPT_PAGE, "The file is not a PDF document, though its name ends in .pdf."),
        ("photo.png", SVG, "The file is not a PNG image, though its name ends in .png."),
        ("report.docx", b"%PDF-1.4 not a zip", "The file is not a Word document, though its name ends in .docx."),
        ("empty.pdf", b"", "The file is empty."),
    ],
)
def test_a_file_lying_about_its_type_or_empty_is_refused_and_nothing_stored(api, storage, filename, content, message):
    response = upload_attachment(api, filename, content)
    assert response.status_code == 422
    assert response.json() == {"status": "error", "error": message}
    storage.assert_nothing_stored()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"attachment[name][en]": "a\x00b"}, "The name (en) can't contain NUL characters."),
        ({"attachment[name][nb]": "x" * 256}, "The name (nb) is too long (at most 255 characters)."),
        ({"attachment[description][en]": "x" * 2001}, "The description (en) is too long (at most 2000 characters)."),
    ],
)
def test_names_no_database_can_store_are_refused(api, storage, fields, message):
    response = upload_attachment(api, "guide.pdf", PDF, **fields)
    assert response.status_code == 422
    assert response.json() == {"status": "error", "error": message}
    storage.assert_nothing_stored()


def test_an_upload_without_a_file_or_with_two_is_refused(api, storage):
    api.client.cookies["csrftoken"] = api.token
    headers = {"X-CSRFToken": api.token}
    no_file = api.client.post("/admin/attachments.json", {"attachment[name][en]": "x"}, headers=headers)
    two = [SimpleUploadedFile("a.pdf", PDF), SimpleUploadedFile("b.pdf", PDF)]
    two_files = api.client.post("/admin/attachments.json", {"attachment[file]": two}, headers=headers)
    wrong_field = api.client.post(
        "/admin/attachments.json", {"file": SimpleUploadedFile("a.pdf", PDF)}, headers=headers
    )

    assert no_file.json() == {"status": "error", "error": "The file was not sent (the form field is attachment[file])."}
    assert two_files.json() == {
        "status": "error",
        "error": "The file was sent more than once: send one file at a time.",
    }
    assert no_file.status_code == two_files.status_code == wrong_field.status_code == 422
    storage.assert_nothing_stored()


def test_a_json_body_is_not_an_upload(api, storage):
    response = api.post("/admin/attachments.json", {"attachment": {"file": "guide.pdf", "name": {"en": "x"}}})
    assert response.status_code == 422
    assert response.json()["status"] == "error"
    storage.assert_nothing_stored()


@pytest.mark.parametrize(
    "disposition",
    [
        b'form-data; name="attachment[file]"; filename=".."',
        b'form-data; name="attachment[file]"; filename="../.."',
        b'form-data; name="attachment[file]"; filename="&#46;&#46;"',
        b'form-data; name="attachment[file]"; filename=""',
        b'form-data; name="attachment[file]"',
    ],
)
def test_a_file_part_without_a_usable_name_is_no_file(api, storage, disposition):
    response = raw_upload(api, disposition, PDF)
    assert response.status_code == 422
    assert response.json()["error"] == "The file was not sent (the form field is attachment[file])."
    storage.assert_nothing_stored()


@pytest.mark.parametrize(
    ("disposition", "filename"),
    [
        (b"form-data; name=\"attachment[file]\"; filename*=UTF-8''caf%C3%A9.pdf", "caf\u00e9.pdf"),
        (b'form-data; name="attachment[file]"; filename="a%00b.pdf"', "a%00b.pdf"),
        (b'form-data; name="attachment[file]"; filename="\xd8\xaa\xd9\x82\xd8\xb1\xd9\x8a\xd8\xb1.pdf"', "تقرير.pdf"),
    ],
)
def test_filenames_in_any_script_are_kept(api, disposition, filename):
    response = raw_upload(api, disposition, PDF)
    assert response.status_code == 201, response.content
    assert response.json()["filename"] == filename


@pytest.mark.parametrize(
    "disposition",
    [
        b'form-data; name="attachment[file]"; filename="a\xed\xa0\x80b.pdf"',  # a surrogate, in UTF-8 bytes
        b'form-data; name="attachment[file]"; filename="caf\xe9.pdf"',  # Latin-1, not UTF-8
    ],
)
def test_a_filename_in_bytes_no_encoding_has_is_refused_and_nothing_stored(api, storage, disposition):
    response = raw_upload(api, disposition, PDF)
    assert 400 <= response.status_code < 500
    storage.assert_nothing_stored()


def test_a_name_in_bytes_no_encoding_has_is_stored_readable(api):
    name = b'--{boundary}\r\nContent-Disposition: form-data; name="attachment[name][en]"\r\n\r\nbad \xed\xa0\x80\r\n'
    response = raw_upload(api, b'form-data; name="attachment[file]"; filename="a.pdf"', PDF, fields=name)
    assert response.status_code == 201, response.content
    assert response.json()["name"]["en"].encode("utf-8")


@pytest.mark.parametrize(
    "body",
    [b"--x\r\nContent-Disposition: form-data; name=", b"no multipart at all", b"--x--\r\n" * 3, b""],
)
def test_malformed_multipart_answers_4xx_json(api, storage, body):
    api.client.cookies["csrftoken"] = api.token
    response = api.client.post(
        "/admin/attachments.json",
        body,
        content_type="multipart/form-data; boundary=x",
        headers={"X-CSRFToken": api.token},
    )
    assert response.status_code in (400, 422)
    assert response["Content-Type"].startswith("application/json")
    storage.assert_nothing_stored()


def test_an_upload_needs_login_and_csrf(api, anonymous_api, storage):
    assert upload_attachment(anonymous_api, "guide.pdf", PDF).status_code == 401
    api.client.cookies["csrftoken"] = api.token
    response = api.client.post("/admin/attachments.json", {"attachment[file]": SimpleUploadedFile("a.pdf", PDF)})
    assert response.status_code == 403
    storage.assert_nothing_stored()


def test_the_openapi_document_lists_every_answer_of_the_attachment_calls(api):
    paths = api.get("/admin/api/openapi.json").json()["paths"]
    upload = paths["/admin/attachments.json"]["post"]
    assert set(upload["responses"]) == {"201", "400", "401", "403", "413", "422", "503", "507"}
    assert "multipart/form-data" in upload["requestBody"]["content"]
    assert set(paths["/admin/attachments.json"]["get"]["responses"]) == {"200", "401", "403", "414", "422"}
    assert set(paths["/admin/attachments/{attachment_id}.json"]["get"]["responses"]) == {"200", "401", "403", "404"}
    for path in ("/admin/attachments/{attachment_id}.json", "/admin/attachments/{attachment_id}"):
        assert set(paths[path]["put"]["responses"]) == {"200", "400", "401", "403", "404", "413", "415", "422"}, path
    replace = paths["/admin/attachments/{attachment_id}/file.json"]["post"]
    assert set(replace["responses"]) == {"200", "400", "401", "403", "404", "413", "422", "503", "507"}
